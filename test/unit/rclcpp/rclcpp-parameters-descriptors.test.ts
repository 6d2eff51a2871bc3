/**
 * Parameter descriptors as a node's user meets them: the options read into the wire form
 * describeParameter answers, the options refused, and the checks a new value must pass
 * (type unless dynamically typed, read-only, integer and floating point ranges) with rclcpp's reasons.
 */
import { describe, expect, it } from 'vitest';
import { type NodeOptions, ParameterType } from '../../../src/index.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const PT = ParameterType;

function node(options?: NodeOptions) {
  return unwrap(makeFixture().executor.createNode('p', { startParameterServices: false, ...options }));
}

/** The reason a set was refused ('' when it was accepted). */
function refusal(n: ReturnType<typeof node>, name: string, value: unknown): string {
  const [r] = n.setParameters([{ name, value: value as never }]);
  return r?.successful === true ? '' : (r?.reason ?? 'no result');
}

describe('descriptor options', () => {
  it('are answered by describeParameter in the wire form, defaults filled in', () => {
    const n = node();
    unwrap(n.declareParameter('plain', 1n));
    expect(unwrap(n.describeParameter('plain'))).toEqual({
      name: 'plain',
      type: PT.INTEGER,
      description: '',
      additional_constraints: '',
      read_only: false,
      dynamic_typing: false,
      floating_point_range: [],
      integer_range: [],
    });
    unwrap(
      n.declareParameter('full', 5n, {
        description: 'messages per second',
        additionalConstraints: 'a multiple of 5',
        readOnly: true,
        integerRange: { from: 0n, to: 100n, step: 5n },
      }),
    );
    expect(unwrap(n.describeParameter('full'))).toEqual({
      name: 'full',
      type: PT.INTEGER,
      description: 'messages per second',
      additional_constraints: 'a multiple of 5',
      read_only: true,
      dynamic_typing: false,
      floating_point_range: [],
      integer_range: [{ from_value: 0n, to_value: 100n, step: 5n }],
    });
    unwrap(n.declareParameter('gain', 0.5, { floatingPointRange: { from: 0, to: 1 }, dynamicTyping: true }));
    const gain = unwrap(n.describeParameter('gain'));
    expect(gain.floating_point_range).toEqual([{ from_value: 0, to_value: 1, step: 0 }]);
    expect(gain.dynamic_typing).toBe(true);
    unwrap(n.declareParameter('open', 1n, { integerRange: { from: -5n, to: 5n } }));
    expect(unwrap(n.describeParameter('open')).integer_range).toEqual([{ from_value: -5n, to_value: 5n, step: 0n }]);
    expect(expectErr(n.describeParameter('missing'))).toBe('NotFound');
  });

  it('describe answers a copy: changing it changes nothing in the node', () => {
    const n = node();
    unwrap(n.declareParameter('r', 5n, { integerRange: { from: 0n, to: 10n } }));
    const d = unwrap(n.describeParameter('r'));
    d.read_only = true;
    (d.integer_range[0] as { to_value: bigint }).to_value = 1000n;
    unwrap(n.setParameter('r', 7n));
    expect(refusal(n, 'r', 11n)).toContain('integer range');
  });

  it('a dynamically typed parameter is described with the type of its current value', () => {
    const n = node();
    unwrap(n.declareParameter('mode', 'auto', { dynamicTyping: true }));
    expect(unwrap(n.describeParameter('mode')).type).toBe(PT.STRING);
    unwrap(n.setParameter('mode', 3n));
    expect(unwrap(n.describeParameter('mode')).type).toBe(PT.INTEGER);
    unwrap(n.declareParameter('fixed', 'a'));
    expect(unwrap(n.describeParameter('fixed')).type).toBe(PT.STRING);
  });

  it('refuses a descriptor that is not an object or has a field of the wrong kind, declaring nothing', () => {
    const n = node();
    const bad: Array<[string, unknown]> = [
      ['must be an object', 5],
      ['.type must be a ParameterType (0..9), got 10', { type: 10 }],
      ['.type must be a ParameterType (0..9), got -1', { type: -1 }],
      ['.type must be a ParameterType (0..9), got 1.5', { type: 1.5 }],
      ['.type must be a ParameterType (0..9), got 2', { type: '2' }],
      ['.description must be a string, got 3', { description: 3 }],
      ['.additionalConstraints must be a string, got true', { additionalConstraints: true }],
      ['.readOnly must be a boolean, got yes', { readOnly: 'yes' }],
      ['.dynamicTyping must be a boolean, got 1', { dynamicTyping: 1 }],
      ['.integerRange must be an object', { integerRange: 3 }],
      ['.integerRange must be { from, to, step? } of bigints', { integerRange: { from: 0, to: 10n } }],
      ['.integerRange must be { from, to, step? } of bigints', { integerRange: { from: 0n, to: 10 } }],
      ['.integerRange must be { from, to, step? } of bigints', { integerRange: { from: 0n, to: 10n, step: 1 } }],
      ['with from <= to and step >= 0', { integerRange: { from: 11n, to: 10n } }],
      ['with from <= to and step >= 0', { integerRange: { from: 0n, to: 10n, step: -1n } }],
      ['.floatingPointRange must be an object', { floatingPointRange: 'x' }],
      [
        '.floatingPointRange must be { from, to, step? } of finite numbers',
        { floatingPointRange: { from: 0n, to: 1 } },
      ],
      ['of finite numbers', { floatingPointRange: { from: 0, to: Number.POSITIVE_INFINITY } }],
      ['of finite numbers', { floatingPointRange: { from: Number.NaN, to: 1 } }],
      ['of finite numbers', { floatingPointRange: { from: 0, to: 1, step: Number.NaN } }],
      ['with from <= to and step >= 0', { floatingPointRange: { from: 2, to: 1 } }],
      ['with from <= to and step >= 0', { floatingPointRange: { from: 0, to: 1, step: -0.5 } }],
    ];
    for (const [message, descriptor] of bad) {
      const r = n.declareParameter('p', 1n, descriptor as never);
      expect(
        expectErr(r),
        JSON.stringify(descriptor, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBe('InvalidArgument');
      if (!r.ok) {
        expect(r.error.message).toContain("descriptor of parameter 'p'");
        expect(r.error.message).toContain(message);
      }
    }
    expect(n.hasParameter('p')).toBe(false);
  });

  it('accepts the edges of what is valid: type 0 and 9, from = to, step 0', () => {
    const n = node();
    unwrap(n.declareParameter('names', [], { type: PT.STRING_ARRAY }));
    unwrap(n.declareParameter('unset', undefined, { type: PT.NOT_SET, dynamicTyping: true }));
    unwrap(n.declareParameter('one', 3n, { integerRange: { from: 3n, to: 3n, step: 0n } }));
    unwrap(n.declareParameter('half', 0.5, { floatingPointRange: { from: 0.5, to: 0.5, step: 0 } }));
    expect(refusal(n, 'one', 4n)).toContain('integer range');
    expect(refusal(n, 'half', 0.75)).toContain('floating point range');
  });
});

describe('the type check', () => {
  it('refuses another type with the reason rclcpp gives, unless dynamically typed', () => {
    const n = node();
    unwrap(n.declareParameter('rate', 10n));
    unwrap(n.declareParameter('any', 10n, { dynamicTyping: true }));
    expect(refusal(n, 'rate', 'fast')).toBe(
      'Wrong parameter type, parameter {rate} is of type {integer}, setting it to {string} is not allowed.',
    );
    expect(refusal(n, 'rate', 2.5)).toBe(
      'Wrong parameter type, parameter {rate} is of type {integer}, setting it to {double} is not allowed.',
    );
    expect(refusal(n, 'any', 3)).toBe('');
    expect(unwrap(n.getParameter('any'))).toEqual({ name: 'any', type: PT.DOUBLE, value: 3 });
    expect(refusal(n, 'any', 'fast')).toBe('');
    expect(unwrap(n.getParameter('any'))).toEqual({ name: 'any', type: PT.STRING, value: 'fast' });
    expect(unwrap(n.getParameter('rate')).value).toBe(10n);
  });

  it('a parameter declared with a type and no value takes a value of that type, and only that', () => {
    const n = node();
    expect(unwrap(n.declareParameter('limit', undefined, { type: PT.INTEGER }))).toEqual({
      name: 'limit',
      type: PT.NOT_SET,
      value: undefined,
    });
    expect(refusal(n, 'limit', 'x')).toBe(
      'Wrong parameter type, parameter {limit} is of type {integer}, setting it to {string} is not allowed.',
    );
    expect(refusal(n, 'limit', undefined)).toBe("parameter 'limit' cannot be unset: it is statically typed (integer)");
    unwrap(n.setParameter('limit', 5)); // a whole number fits the declared integer type
    expect(unwrap(n.getParameter('limit'))).toEqual({ name: 'limit', type: PT.INTEGER, value: 5n });
    unwrap(n.declareParameter('names', undefined, { type: PT.STRING_ARRAY }));
    unwrap(n.setParameter('names', []));
    expect(unwrap(n.getParameter('names'))).toEqual({ name: 'names', type: PT.STRING_ARRAY, value: [] });
  });

  it('an empty array keeps the type of an array parameter, and a dynamic one its current array type', () => {
    const n = node();
    unwrap(n.declareParameter('ids', [1n, 2n]));
    unwrap(n.setParameter('ids', []));
    expect(unwrap(n.getParameter('ids'))).toEqual({ name: 'ids', type: PT.INTEGER_ARRAY, value: [] });
    unwrap(n.declareParameter('dyn', 'x', { dynamicTyping: true }));
    unwrap(n.setParameter('dyn', ['a']));
    unwrap(n.setParameter('dyn', []));
    expect(unwrap(n.getParameter('dyn')).type).toBe(PT.STRING_ARRAY);
    unwrap(n.declareParameter('flag', true));
    expect(refusal(n, 'flag', [])).toContain("value of parameter 'flag': an empty array has no type");
  });
});

describe('integer ranges', () => {
  it('accept from, to and from + k * step; refuse the rest naming the range', () => {
    const n = node();
    unwrap(n.declareParameter('speed', 0n, { integerRange: { from: 0n, to: 10n, step: 3n } }));
    for (const ok of [0n, 3n, 6n, 9n, 10n]) expect(refusal(n, 'speed', ok), String(ok)).toBe('');
    expect(refusal(n, 'speed', 11n)).toBe("Parameter {speed} doesn't comply with integer range: 11 is not in [0, 10]");
    expect(refusal(n, 'speed', -1n)).toBe("Parameter {speed} doesn't comply with integer range: -1 is not in [0, 10]");
    expect(refusal(n, 'speed', 4n)).toBe("Parameter {speed} doesn't comply with integer range: 4 is not 0 + k * 3");
    expect(unwrap(n.getParameter('speed')).value).toBe(10n);
  });

  it('count steps from `from`, and take any value in range when step is 0', () => {
    const n = node();
    unwrap(n.declareParameter('odd', 1n, { integerRange: { from: 1n, to: 9n, step: 2n } }));
    expect(refusal(n, 'odd', 5n)).toBe('');
    expect(refusal(n, 'odd', 4n)).toContain('4 is not 1 + k * 2');
    unwrap(n.declareParameter('thirds', 1n, { integerRange: { from: 1n, to: 20n, step: 3n } }));
    for (const ok of [1n, 4n, 7n, 19n, 20n]) expect(refusal(n, 'thirds', ok), String(ok)).toBe('');
    for (const no of [2n, 3n, 5n, 18n]) expect(refusal(n, 'thirds', no), String(no)).toContain('is not 1 + k * 3');
    unwrap(n.declareParameter('any', 1n, { integerRange: { from: -3n, to: 3n } }));
    expect(refusal(n, 'any', -3n)).toBe('');
    expect(refusal(n, 'any', 2n)).toBe('');
    expect(refusal(n, 'any', -4n)).toContain('-4 is not in [-3, 3]');
  });

  it('apply to each element of an integer array', () => {
    const n = node();
    unwrap(n.declareParameter('ids', [1n], { integerRange: { from: 0n, to: 9n, step: 1n } }));
    expect(refusal(n, 'ids', [0n, 9n, 5n])).toBe('');
    expect(refusal(n, 'ids', [0n, 10n])).toContain('10 is not in [0, 9]');
    expect(refusal(n, 'ids', [-1n, 1n])).toContain('-1 is not in [0, 9]');
    expect(unwrap(n.getParameter('ids')).value).toEqual([0n, 9n, 5n]);
  });

  it('refuse a default or override outside the range at declaration', () => {
    const n = node({ parameterOverrides: { over: 50n } });
    const d = n.declareParameter('low', -1n, { integerRange: { from: 0n, to: 10n } });
    expect(expectErr(d)).toBe('InvalidArgument');
    if (!d.ok) expect(d.error.message).toContain("declaring parameter 'low': Parameter {low} doesn't comply");
    expect(expectErr(n.declareParameter('over', 5n, { integerRange: { from: 0n, to: 10n } }))).toBe('InvalidArgument');
    expect(n.hasParameter('low') || n.hasParameter('over')).toBe(false);
  });
});

describe('floating point ranges', () => {
  it('accept the bounds and values in between; refuse values outside and NaN', () => {
    const n = node();
    unwrap(n.declareParameter('ratio', 0.5, { floatingPointRange: { from: 0, to: 1 } }));
    for (const ok of [0, 0.25, 1]) expect(refusal(n, 'ratio', ok), String(ok)).toBe('');
    expect(refusal(n, 'ratio', 1.5)).toBe(
      "Parameter {ratio} doesn't comply with floating point range: 1.5 is not in [0, 1]",
    );
    expect(refusal(n, 'ratio', -0.5)).toContain('-0.5 is not in [0, 1]');
    expect(refusal(n, 'ratio', Number.NaN)).toContain('NaN is not in [0, 1]');
    expect(unwrap(n.getParameter('ratio')).value).toBe(1);
  });

  it('count a value within a millionth of a bound (relative to its size) as the bound', () => {
    const n = node();
    unwrap(n.declareParameter('unit', 0.5, { floatingPointRange: { from: 0, to: 1 } }));
    expect(refusal(n, 'unit', 1 + 1e-9)).toBe('');
    expect(refusal(n, 'unit', -1e-9)).toBe('');
    expect(refusal(n, 'unit', 1 + 1e-4)).toContain('is not in [0, 1]');
    unwrap(n.declareParameter('big', 1, { floatingPointRange: { from: 0, to: 1e9 } }));
    expect(refusal(n, 'big', 1e9 + 10)).toBe('');
    expect(refusal(n, 'big', 1e9 + 1e5)).toContain('is not in [0, 1000000000]');
  });

  it('with a step, accept from + k * step up to rounding and refuse values between steps', () => {
    const n = node();
    unwrap(n.declareParameter('gain', 0.5, { floatingPointRange: { from: 0, to: 1, step: 0.25 } }));
    for (const ok of [0, 0.25, 0.75, 1]) expect(refusal(n, 'gain', ok), String(ok)).toBe('');
    expect(refusal(n, 'gain', 0.3)).toBe(
      "Parameter {gain} doesn't comply with floating point range: 0.3 is not 0 + k * 0.25",
    );
    unwrap(n.declareParameter('tenths', 0.1, { floatingPointRange: { from: 0.1, to: 2, step: 0.1 } }));
    expect(refusal(n, 'tenths', 0.1 + 0.2)).toBe('');
    expect(refusal(n, 'tenths', 0.35)).toContain('0.35 is not 0.1 + k * 0.1');
    unwrap(n.declareParameter('quarters', 0.1, { floatingPointRange: { from: 0.1, to: 1, step: 0.25 } }));
    for (const ok of [0.35, 0.6, 0.85]) expect(refusal(n, 'quarters', ok), String(ok)).toBe('');
    for (const no of [0.2, 0.5]) expect(refusal(n, 'quarters', no), String(no)).toContain('is not 0.1 + k * 0.25');
    unwrap(n.declareParameter('end', 0, { floatingPointRange: { from: 0, to: 1, step: 0.3 } }));
    expect(refusal(n, 'end', 1)).toBe('');
  });

  it('apply to each element of a double array', () => {
    const n = node();
    unwrap(n.declareParameter('gains', [0.5], { floatingPointRange: { from: 0, to: 1 } }));
    expect(refusal(n, 'gains', [0, 1, 0.5])).toBe('');
    expect(refusal(n, 'gains', [0.5, 2])).toContain('2 is not in [0, 1]');
    expect(refusal(n, 'gains', [1n, 0n])).toBe(''); // bigints fit a double array
    expect(unwrap(n.getParameter('gains')).value).toEqual([1, 0]);
  });
});

describe('read-only parameters', () => {
  it('take their value from the declaration or an override and refuse every set and undeclare', () => {
    const n = node({ parameterOverrides: { robot: 'r7' } });
    unwrap(n.declareParameter('robot', 'r1', { readOnly: true }));
    expect(unwrap(n.getParameter('robot')).value).toBe('r7');
    expect(refusal(n, 'robot', 'r2')).toBe("parameter 'robot' cannot be set because it is read-only");
    const atomic = n.setParametersAtomically([{ name: 'robot', value: 'r2' }]);
    expect(atomic).toEqual({ successful: false, reason: "parameter 'robot' cannot be set because it is read-only" });
    const u = n.undeclareParameter('robot');
    expect(expectErr(u)).toBe('NotAllowed');
    if (!u.ok) expect(u.error.message).toContain("parameter 'robot' is read-only");
    expect(unwrap(n.getParameter('robot')).value).toBe('r7');
  });
});

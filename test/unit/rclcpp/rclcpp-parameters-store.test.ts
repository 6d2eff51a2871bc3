/**
 * A node's parameter store as its user meets it: declare and undeclare, get and list by prefix
 * and depth, sets one by one or all-or-none, on-set callbacks refusing with reasons, and the
 * one /parameter_events record each accepted change publishes (nothing for a refused one).
 */
import { describe, expect, it } from 'vitest';
import { type Node, type NodeOptions, type Parameter, ParameterType } from '../../../src/index.js';
import { ParameterEvent } from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/msg.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const PT = ParameterType;

function node(options?: NodeOptions) {
  return unwrap(makeFixture().executor.createNode('p', { startParameterServices: false, ...options }));
}

/** A node whose /parameter_events records are collected, and a way to let them arrive. */
function watched(): { n: Node; events: ParameterEvent[]; drain: () => Promise<void> } {
  const { executor, node: watcher } = makeFixture();
  const n = unwrap(executor.createNode('p', { namespace: '/w', startParameterServices: true }));
  const events: ParameterEvent[] = [];
  unwrap(watcher.createSubscription(ParameterEvent, '/parameter_events', (m) => void events.push(m)));
  const drain = async () => {
    for (let i = 0; i < 5; i++) await executor.spinOnce(5);
  };
  return { n, events, drain };
}

const names = (ps: readonly { name: string }[]) => ps.map((p) => p.name);

describe('declaring', () => {
  it('refuses a name that is not a non-empty string without spaces', () => {
    const n = node();
    for (const bad of ['', 'a b', 'a\tb', ' a', 5, undefined]) {
      const r = n.declareParameter(bad as string, 1n);
      expect(expectErr(r), String(bad)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain('parameter name must be a non-empty string without spaces');
    }
    // Only what every ros node declares (rclcpp's TimeSource).
    expect(n.listParameters().names).toEqual(['use_sim_time']);
  });

  it('refuses a default that is not a parameter value, and a second declaration of a name', () => {
    const n = node();
    const r = n.declareParameter('x', { a: 1 } as never);
    expect(expectErr(r)).toBe('InvalidArgument');
    if (!r.ok) expect(r.error.message).toContain("default of parameter 'x' must be a boolean");
    unwrap(n.declareParameter('x', 1n));
    const again = n.declareParameter('x', 2n);
    expect(expectErr(again)).toBe('AlreadyExists');
    if (!again.ok) expect(again.error.message).toBe("parameter 'x' has already been declared");
    expect(unwrap(n.getParameter('x')).value).toBe(1n);
  });

  it('takes the default type unless descriptor.type says another; type NOT_SET says nothing', () => {
    const n = node();
    expect(unwrap(n.declareParameter('a', 5n, { type: PT.NOT_SET }))).toEqual({
      name: 'a',
      type: PT.INTEGER,
      value: 5n,
    });
    expect(unwrap(n.declareParameter('b', 5, { type: PT.INTEGER }))).toEqual({
      name: 'b',
      type: PT.INTEGER,
      value: 5n,
    });
    expect(unwrap(n.declareParameter('c', 5n, { type: PT.DOUBLE }))).toEqual({ name: 'c', type: PT.DOUBLE, value: 5 });
    expect(unwrap(n.describeParameter('c')).type).toBe(PT.DOUBLE);
    const wrong = n.declareParameter('d', 'text', { type: PT.INTEGER });
    expect(expectErr(wrong)).toBe('InvalidArgument');
    if (!wrong.ok) expect(wrong.error.message).toContain("declaring parameter 'd': Wrong parameter type");
    expect(unwrap(n.declareParameter('e'))).toEqual({ name: 'e', type: PT.NOT_SET, value: undefined });
  });

  it('takes an override in place of the default, fitted to the declared type', () => {
    const n = node({ parameterOverrides: { rate: 7, gain: 2n, ids: [], word: 'w', bad: [], label: 3n } });
    expect(unwrap(n.declareParameter('rate', 1n))).toEqual({ name: 'rate', type: PT.INTEGER, value: 7n });
    expect(unwrap(n.declareParameter('gain', 0.5))).toEqual({ name: 'gain', type: PT.DOUBLE, value: 2 });
    expect(unwrap(n.declareParameter('ids', [1n]))).toEqual({ name: 'ids', type: PT.INTEGER_ARRAY, value: [] });
    expect(unwrap(n.declareParameter('word', undefined, { type: PT.STRING }))).toEqual({
      name: 'word',
      type: PT.STRING,
      value: 'w',
    });
    const empty = n.declareParameter('bad', 1n);
    expect(expectErr(empty)).toBe('InvalidArgument');
    if (!empty.ok) expect(empty.error.message).toContain("override of parameter 'bad': an empty array has no type");
    const typed = n.declareParameter('label', 'x');
    expect(expectErr(typed)).toBe('InvalidArgument');
    if (!typed.ok) expect(typed.error.message).toContain('is of type {string}, setting it to {integer}');
    expect(n.hasParameter('bad') || n.hasParameter('label')).toBe(false);
  });

  it('runs the on-set callbacks on a declaration with a value: a refusal declares nothing', () => {
    const n = node();
    const seen: Parameter[][] = [];
    unwrap(
      n.addOnSetParametersCallback((ps) => {
        seen.push([...ps]);
        return ps.some((p) => p.value === 'no')
          ? { successful: false, reason: 'not that' }
          : { successful: true, reason: '' };
      }),
    );
    const r = n.declareParameter('mode', 'no');
    expect(expectErr(r)).toBe('Rejected');
    if (!r.ok) expect(r.error.message).toBe("declaring parameter 'mode': not that");
    expect(n.hasParameter('mode')).toBe(false);
    unwrap(n.declareParameter('mode', 'yes'));
    unwrap(n.declareParameter('later', undefined, { type: PT.STRING }));
    expect(seen).toEqual([
      [{ name: 'mode', type: PT.STRING, value: 'no' }],
      [{ name: 'mode', type: PT.STRING, value: 'yes' }],
    ]);
  });
});

describe('undeclaring, getting and listing', () => {
  it('undeclare removes a parameter (NotFound after), and it can be declared again', () => {
    const n = node();
    unwrap(n.declareParameter('x', 1n));
    unwrap(n.undeclareParameter('x'));
    expect(n.hasParameter('x')).toBe(false);
    expect(expectErr(n.getParameter('x'))).toBe('NotFound');
    const again = n.undeclareParameter('x');
    expect(expectErr(again)).toBe('NotFound');
    if (!again.ok) expect(again.error.message).toBe("parameter 'x' is not declared");
    expect(unwrap(n.declareParameter('x', 'now a string')).type).toBe(PT.STRING);
  });

  it('getParameters answers in the order asked, or NotFound naming the first undeclared name', () => {
    const n = node();
    unwrap(n.declareParameter('a', 1n));
    unwrap(n.declareParameter('b', 'two'));
    expect(unwrap(n.getParameters(['b', 'a']))).toEqual([
      { name: 'b', type: PT.STRING, value: 'two' },
      { name: 'a', type: PT.INTEGER, value: 1n },
    ]);
    expect(unwrap(n.getParameters([]))).toEqual([]);
    const r = n.getParameters(['a', 'zz', 'yy']);
    expect(expectErr(r)).toBe('NotFound');
    if (!r.ok) expect(r.error.message).toBe("parameter 'zz' is not declared");
  });

  it('answers frozen copies: changing what was given or got changes nothing stored', () => {
    const n = node();
    const given = [1n, 2n];
    unwrap(n.declareParameter('ids', given));
    given.push(3n);
    const got = unwrap(n.getParameter('ids'));
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got.value)).toBe(true);
    expect(got.value).toEqual([1n, 2n]);
    const set = [5n];
    unwrap(n.setParameter('ids', set));
    set.push(6n);
    expect(unwrap(n.getParameter('ids')).value).toEqual([5n]);
  });

  it('lists names sorted, under each prefix (the prefix itself included, not names merely starting alike)', () => {
    const n = node();
    for (const name of ['z', 'g.y', 'gx', 'g', 'g.x', 'g.h.z', 'a.b.c.d', 'k.m'])
      unwrap(n.declareParameter(name, true));
    expect(n.listParameters()).toEqual({
      names: ['a.b.c.d', 'g', 'g.h.z', 'g.x', 'g.y', 'gx', 'k.m', 'use_sim_time', 'z'],
      prefixes: ['a.b.c', 'g', 'g.h', 'k'],
    });
    expect(n.listParameters(['g'])).toEqual({ names: ['g', 'g.h.z', 'g.x', 'g.y'], prefixes: ['g', 'g.h'] });
    expect(n.listParameters(['g', 'k']).names).toEqual(['g', 'g.h.z', 'g.x', 'g.y', 'k.m']);
    expect(n.listParameters(['g.h']).names).toEqual(['g.h.z']);
    expect(n.listParameters(['nothing']).names).toEqual([]);
  });

  it('limits the listing by depth: dot levels of the whole name, or below the prefix (0: any depth)', () => {
    const n = node();
    for (const name of ['a', 'g.x', 'g.h.z', 'a.b.c.d']) unwrap(n.declareParameter(name, true));
    // use_sim_time: every ros node declares it (rclcpp's TimeSource).
    expect(n.listParameters([], 1).names).toEqual(['a', 'use_sim_time']);
    expect(n.listParameters([], 2).names).toEqual(['a', 'g.x', 'use_sim_time']);
    expect(n.listParameters([], 3).names).toEqual(['a', 'g.h.z', 'g.x', 'use_sim_time']);
    expect(n.listParameters([], 0).names).toEqual(['a', 'a.b.c.d', 'g.h.z', 'g.x', 'use_sim_time']);
    expect(n.listParameters(['g'], 1)).toEqual({ names: ['g.x'], prefixes: ['g'] });
    expect(n.listParameters(['g'], 2).names).toEqual(['g.h.z', 'g.x']);
    expect(n.listParameters(['a'], 2).names).toEqual(['a']);
    expect(n.listParameters(['a'], 3).names).toEqual(['a', 'a.b.c.d']);
  });
});

describe('setting', () => {
  it('refuses an undeclared name with a reason, and setParameter answers Rejected with it', () => {
    const n = node();
    expect(n.setParameters([{ name: 'ghost', value: 1n }])).toEqual([
      { successful: false, reason: "parameter 'ghost' cannot be set because it was not declared" },
    ]);
    const r = n.setParameter('ghost', 1n);
    expect(expectErr(r)).toBe('Rejected');
    if (!r.ok) {
      expect(r.error.message).toBe(
        "setting parameter 'ghost' was refused: parameter 'ghost' cannot be set because it was not declared",
      );
    }
    expect(n.hasParameter('ghost')).toBe(false);
  });

  it('set each answers one result per update, each on its own', () => {
    const n = node();
    unwrap(n.declareParameter('a', 1n));
    unwrap(n.declareParameter('b', 'x'));
    const r = n.setParameters([
      { name: 'a', value: 2n },
      { name: 'b', value: 3n },
      { name: 'c', value: 1n },
      { name: 'b', value: 'y' },
    ]);
    expect(r.map((x) => x.successful)).toEqual([true, false, false, true]);
    expect(r[0]).toEqual({ successful: true, reason: '' });
    expect(unwrap(n.getParameters(['a', 'b'])).map((p) => p.value)).toEqual([2n, 'y']);
    expect(n.setParameters([])).toEqual([]);
  });

  it('set atomically applies all or none: a refused update anywhere leaves every value as it was', () => {
    const n = node();
    unwrap(n.declareParameter('a', 1n));
    unwrap(n.declareParameter('b', 1n, { integerRange: { from: 0n, to: 5n } }));
    const r = n.setParametersAtomically([
      { name: 'a', value: 2n },
      { name: 'b', value: 9n },
    ]);
    expect(r.successful).toBe(false);
    expect(r.reason).toContain("Parameter {b} doesn't comply with integer range");
    expect(unwrap(n.getParameters(['a', 'b'])).map((p) => p.value)).toEqual([1n, 1n]);
    expect(
      n.setParametersAtomically([
        { name: 'a', value: 2n },
        { name: 'b', value: 3n },
      ]),
    ).toEqual({ successful: true, reason: '' });
    expect(unwrap(n.getParameters(['a', 'b'])).map((p) => p.value)).toEqual([2n, 3n]);
    expect(n.setParametersAtomically([])).toEqual({ successful: true, reason: '' });
  });

  it('setting undefined deletes a dynamically typed parameter and is refused for a static one', () => {
    const n = node();
    unwrap(n.declareParameter('dyn', 1n, { dynamicTyping: true }));
    unwrap(n.declareParameter('fixed', 1.5));
    expect(n.setParameters([{ name: 'fixed', value: undefined }])).toEqual([
      { successful: false, reason: "parameter 'fixed' cannot be unset: it is statically typed (double)" },
    ]);
    unwrap(n.setParameter('dyn', undefined));
    expect(n.hasParameter('dyn')).toBe(false);
    expect(expectErr(n.getParameter('dyn'))).toBe('NotFound');
    expect(unwrap(n.getParameter('fixed')).value).toBe(1.5);
  });
});

describe('the order of checks', () => {
  it('declared, then read-only, then type, then range, then the callbacks (which see only values that passed)', () => {
    const n = node();
    unwrap(n.declareParameter('ro', 1n, { readOnly: true, integerRange: { from: 0n, to: 5n } }));
    unwrap(n.declareParameter('r', 1n, { integerRange: { from: 0n, to: 5n } }));
    let called = 0;
    unwrap(
      n.addOnSetParametersCallback(() => {
        called++;
        return { successful: false, reason: 'callback says no' };
      }),
    );
    const reason = (name: string, value: unknown) => n.setParameters([{ name, value: value as never }])[0]?.reason;
    expect(reason('ro', 'x')).toBe("parameter 'ro' cannot be set because it is read-only");
    expect(reason('r', 'x')).toContain('Wrong parameter type');
    expect(reason('r', 9n)).toContain('integer range');
    expect(called).toBe(0);
    expect(reason('r', 2n)).toBe('callback says no');
    expect(called).toBe(1);
    const atomic = n.setParametersAtomically([
      { name: 'r', value: 2n },
      { name: 'ghost', value: 1n },
    ]);
    expect(atomic.reason).toBe("parameter 'ghost' cannot be set because it was not declared");
    expect(called).toBe(1);
  });
});

describe('on-set callbacks', () => {
  it('see the whole batch with values fitted to their types, before anything changes', () => {
    const n = node();
    unwrap(n.declareParameter('rate', 1n));
    unwrap(n.declareParameter('gain', 0.5));
    const seen: Array<{ batch: Parameter[]; rate: unknown }> = [];
    unwrap(
      n.addOnSetParametersCallback((ps) => {
        seen.push({ batch: [...ps], rate: unwrap(n.getParameter('rate')).value });
        return { successful: true, reason: '' };
      }),
    );
    n.setParametersAtomically([
      { name: 'rate', value: 20 },
      { name: 'gain', value: 1n },
    ]);
    expect(seen).toEqual([
      {
        batch: [
          { name: 'rate', type: PT.INTEGER, value: 20n },
          { name: 'gain', type: PT.DOUBLE, value: 1 },
        ],
        rate: 1n,
      },
    ]);
    n.setParameters([
      { name: 'rate', value: 2n },
      { name: 'gain', value: 2 },
    ]);
    expect(seen.slice(1).map((s) => names(s.batch))).toEqual([['rate'], ['gain']]);
  });

  it('refuse with their reason, a default reason when none is given, and a throw as a refusal', () => {
    const n = node();
    unwrap(n.declareParameter('x', 1n));
    const verdicts: unknown[] = [
      { successful: false, reason: 'too big' },
      { successful: false, reason: '' },
      { successful: false },
      { successful: 'true', reason: 'not a boolean' },
      undefined,
      { successful: false, reason: 5 },
    ];
    const reasons = ['too big', 'rejected by an on-set callback', 'rejected by an on-set callback', 'not a boolean'];
    reasons.push('rejected by an on-set callback', 'rejected by an on-set callback');
    let current: unknown;
    const remove = unwrap(n.addOnSetParametersCallback(() => current as never));
    for (const [i, verdict] of verdicts.entries()) {
      current = verdict;
      expect(n.setParameters([{ name: 'x', value: 2n }])[0], JSON.stringify(verdict)).toEqual({
        successful: false,
        reason: reasons[i],
      });
    }
    remove();
    unwrap(
      n.addOnSetParametersCallback(() => {
        throw new Error('boom');
      }),
    );
    const r = n.setParametersAtomically([{ name: 'x', value: 3n }]);
    expect(r.successful).toBe(false);
    expect(r.reason).toBe('on-set parameters callback threw: boom');
    expect(unwrap(n.getParameter('x')).value).toBe(1n);
  });

  it('all must accept; removing one leaves the others, and removing twice removes nothing more', () => {
    const n = node();
    unwrap(n.declareParameter('x', 1n));
    const calls: string[] = [];
    const removeA = unwrap(
      n.addOnSetParametersCallback((ps) => {
        calls.push('a');
        return { successful: ps[0]?.value !== 13n, reason: 'a refuses 13' };
      }),
    );
    unwrap(
      n.addOnSetParametersCallback((ps) => {
        calls.push('b');
        return { successful: ps[0]?.value !== 7n, reason: 'b refuses 7' };
      }),
    );
    expect(n.setParameters([{ name: 'x', value: 13n }])[0]?.reason).toBe('a refuses 13');
    expect(calls).toEqual(['a']);
    expect(n.setParameters([{ name: 'x', value: 7n }])[0]?.reason).toBe('b refuses 7');
    expect(calls).toEqual(['a', 'a', 'b']);
    removeA();
    removeA();
    unwrap(n.setParameter('x', 13n));
    expect(n.setParameters([{ name: 'x', value: 7n }])[0]?.reason).toBe('b refuses 7');
  });

  it('a callback that removes itself while running does not make the next one skipped', () => {
    const n = node();
    unwrap(n.declareParameter('x', 1n));
    const once: { remove?: () => void } = {};
    once.remove = unwrap(
      n.addOnSetParametersCallback(() => {
        once.remove?.();
        return { successful: true, reason: '' };
      }),
    );
    unwrap(n.addOnSetParametersCallback(() => ({ successful: false, reason: 'second says no' })));
    expect(n.setParameters([{ name: 'x', value: 2n }])[0]?.reason).toBe('second says no');
  });

  it('must be functions', () => {
    const n = node();
    for (const bad of [undefined, 5, 'f', {}]) {
      expect(expectErr(n.addOnSetParametersCallback(bad as never)), String(bad)).toBe('InvalidArgument');
    }
  });
});

describe('/parameter_events', () => {
  it('carries one record per declaration, accepted set, undeclare and unset, naming the node', async () => {
    const { n, events, drain } = watched();
    unwrap(n.declareParameter('a', 1n));
    unwrap(n.declareParameter('d', 'x', { dynamicTyping: true }));
    unwrap(n.setParameter('a', 2n));
    n.setParametersAtomically([
      { name: 'a', value: 3n },
      { name: 'd', value: undefined },
    ]);
    unwrap(n.undeclareParameter('a'));
    await drain();
    expect(events.every((e) => e.node === '/w/p')).toBe(true);
    const summary = events.map((e) => ({
      added: e.new_parameters.map((p) => [p.name, p.value.type]),
      changed: e.changed_parameters.map((p) => [p.name, p.value.integer_value]),
      deleted: e.deleted_parameters.map((p) => [p.name, p.value.type]),
    }));
    expect(summary).toEqual([
      { added: [['a', PT.INTEGER]], changed: [], deleted: [] },
      { added: [['d', PT.STRING]], changed: [], deleted: [] },
      { added: [], changed: [['a', 2n]], deleted: [] },
      { added: [], changed: [['a', 3n]], deleted: [['d', PT.STRING]] },
      { added: [], changed: [], deleted: [['a', PT.INTEGER]] },
    ]);
    expect(events[4]?.deleted_parameters[0]?.value.integer_value).toBe(3n);
  });

  it('carries nothing for a refused set, a refused declaration or an empty batch', async () => {
    const { n, events, drain } = watched();
    unwrap(n.declareParameter('a', 1n, { integerRange: { from: 0n, to: 5n } }));
    await drain();
    events.length = 0;
    unwrap(n.addOnSetParametersCallback((ps) => ({ successful: ps[0]?.value !== 4n, reason: 'no 4' })));
    expect(n.setParameter('a', 9n).ok).toBe(false);
    expect(n.setParameter('a', 4n).ok).toBe(false);
    expect(n.setParameter('a', 'x').ok).toBe(false);
    expect(n.declareParameter('b', 4n).ok).toBe(false);
    expect(n.setParametersAtomically([]).successful).toBe(true);
    expect(n.undeclareParameter('none').ok).toBe(false);
    await drain();
    expect(events).toEqual([]);
  });
});

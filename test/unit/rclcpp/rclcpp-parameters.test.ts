/** Parameters of a node without transport concerns: declare, types, ranges, read-only, callbacks, overrides. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type NodeOptions, ParameterType } from '../../../src/index.js';
import { paramsFileOverrides, parseParamAssignment } from '../../../src/rclcpp/parameters/overrides.js';
import { parseParamsYaml } from '../../../src/rclcpp/parameters/params-yaml.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

function node(options?: NodeOptions) {
  return unwrap(makeFixture().executor.createNode('p', { startParameterServices: false, ...options }));
}

describe('parameters', () => {
  it('declares with the default type (bigint integer, number double) and refuses another type unless dynamically typed', () => {
    const n = node();
    expect(unwrap(n.declareParameter('rate', 10n)).type).toBe(ParameterType.INTEGER);
    expect(unwrap(n.declareParameter('gain', 0.5)).type).toBe(ParameterType.DOUBLE);
    expect(unwrap(n.declareParameter('dyn', 'a', { dynamicTyping: true })).type).toBe(ParameterType.STRING);
    expect(expectErr(n.declareParameter('rate', 1n))).toBe('AlreadyExists');
    expect(n.setParameter('rate', 'fast').ok).toBe(false);
    expect(unwrap(n.getParameter('rate')).value).toBe(10n);
    unwrap(n.setParameter('rate', 20)); // a whole number fits an integer parameter
    expect(unwrap(n.getParameter('rate')).value).toBe(20n);
    unwrap(n.setParameter('dyn', 3n));
    expect(unwrap(n.getParameter('dyn')).type).toBe(ParameterType.INTEGER);
    expect(expectErr(n.getParameter('nope'))).toBe('NotFound');
    expect(n.hasParameter('gain')).toBe(true);
  });

  it('ranges and read-only refuse a set with a reason and keep the old value', () => {
    const n = node();
    unwrap(n.declareParameter('speed', 5n, { integerRange: { from: 0n, to: 10n, step: 5n } }));
    unwrap(n.declareParameter('ratio', 0.5, { floatingPointRange: { from: 0, to: 1 } }));
    unwrap(n.declareParameter('id', 'robot', { readOnly: true }));
    const r = n.setParameter('speed', 7n);
    expect(expectErr(r)).toBe('Rejected');
    if (!r.ok) expect(r.error.message).toContain('integer range');
    unwrap(n.setParameter('speed', 10n));
    expect(n.setParameter('ratio', 1.5).ok).toBe(false);
    const ro = n.setParameters([{ name: 'id', value: 'other' }]);
    expect(ro[0]?.successful).toBe(false);
    expect(ro[0]?.reason).toContain('read-only');
    expect(unwrap(n.getParameter('id')).value).toBe('robot');
    expect(expectErr(n.declareParameter('bad', 20n, { integerRange: { from: 0n, to: 10n } }))).toBe('InvalidArgument');
  });

  it('an on-set callback can reject with a reason: the old value stays; atomically all or none', () => {
    const n = node();
    unwrap(n.declareParameter('a', 1n));
    unwrap(n.declareParameter('b', 1n));
    const remove = unwrap(
      n.addOnSetParametersCallback((ps) =>
        ps.some((p) => p.value === 13n) ? { successful: false, reason: 'unlucky' } : { successful: true, reason: '' },
      ),
    );
    const r = n.setParametersAtomically([
      { name: 'a', value: 2n },
      { name: 'b', value: 13n },
    ]);
    expect(r).toEqual({ successful: false, reason: 'unlucky' });
    expect(unwrap(n.getParameter('a')).value).toBe(1n);
    const each = n.setParameters([
      { name: 'a', value: 2n },
      { name: 'b', value: 13n },
    ]);
    expect(each.map((x) => x.successful)).toEqual([true, false]);
    expect(unwrap(n.getParameter('a')).value).toBe(2n);
    expect(unwrap(n.getParameter('b')).value).toBe(1n);
    remove();
    unwrap(n.setParameter('b', 13n));
  });

  it('undeclares a parameter (read-only ones refused) and reads several at once, NotFound for any missing', () => {
    const n = node();
    unwrap(n.declareParameter('a', 1n));
    unwrap(n.declareParameter('b', 'two'));
    unwrap(n.declareParameter('fixed', true, { readOnly: true }));
    expect(unwrap(n.getParameters(['b', 'a'])).map((p) => p.value)).toEqual(['two', 1n]);
    unwrap(n.undeclareParameter('a'));
    expect(n.hasParameter('a')).toBe(false);
    expect(expectErr(n.undeclareParameter('a'))).toBe('NotFound');
    expect(expectErr(n.undeclareParameter('fixed'))).toBe('NotAllowed');
    expect(expectErr(n.getParameters(['b', 'a']))).toBe('NotFound');
  });

  it('a destroyed node (lazy, eager or without services) refuses every change with NotInitialized; nothing changes', () => {
    const f = makeFixture();
    for (const startParameterServices of [undefined, true, false]) {
      const n = unwrap(f.executor.createNode(`gone_${String(startParameterServices)}`, { startParameterServices }));
      unwrap(n.declareParameter('rate', 10n));
      const calls: string[] = [];
      unwrap(
        n.addOnSetParametersCallback(() => {
          calls.push('set');
          return { successful: true, reason: '' };
        }),
      );
      unwrap(n.destroy());
      expect(expectErr(n.setParameter('rate', 20n))).toBe('NotInitialized');
      const each = n.setParameters([{ name: 'rate', value: 30n }]);
      expect(each).toEqual([{ successful: false, reason: expect.stringContaining('destroyed') }]);
      expect(n.setParametersAtomically([{ name: 'rate', value: 40n }]).successful).toBe(false);
      expect(expectErr(n.declareParameter('other', 1n))).toBe('NotInitialized');
      expect(expectErr(n.undeclareParameter('rate'))).toBe('NotInitialized');
      expect(expectErr(n.addOnSetParametersCallback(() => ({ successful: true, reason: '' })))).toBe('NotInitialized');
      expect(calls).toEqual([]);
      expect(unwrap(n.getParameter('rate')).value).toBe(10n);
      expect(n.hasParameter('other')).toBe(false);
    }
  });

  it('lists by prefix and depth', () => {
    const n = node();
    for (const name of ['a', 'g.x', 'g.y', 'g.h.z']) unwrap(n.declareParameter(name, true));
    expect(n.listParameters().names).toEqual(['a', 'g.h.z', 'g.x', 'g.y', 'use_sim_time']);
    expect(n.listParameters(['g'], 1).names).toEqual(['g.x', 'g.y']);
    expect(n.listParameters([], 1).names).toEqual(['a', 'use_sim_time']);
    expect(n.listParameters(['g']).prefixes).toEqual(['g', 'g.h']);
  });

  it('overrides: params file, then -p, then node options, last wins; wildcards match', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rclts-params-'));
    const file = join(dir, 'p.yaml');
    writeFileSync(
      file,
      [
        '/**:',
        '  ros__parameters:',
        '    shared: 1',
        '/ns/p:',
        '  ros__parameters:',
        '    rate: 5  # per second',
        '    group:',
        '      name: "left arm"',
        '      gains: [1.0, 2]',
        '    flags:',
        '      - true',
        '      - false',
        '/other:',
        '  ros__parameters:',
        '    rate: 99',
      ].join('\n'),
    );
    const n = node({
      namespace: '/ns',
      arguments: ['--ros-args', '--params-file', file, '-p', 'shared:=2', '-p', 'opt:=from_args'],
      parameterOverrides: { opt: 'from_options' },
    });
    expect(unwrap(n.declareParameter('rate', 1n)).value).toBe(5n);
    expect(unwrap(n.declareParameter('shared', 0n)).value).toBe(2n);
    expect(unwrap(n.declareParameter('opt', '')).value).toBe('from_options');
    expect(unwrap(n.declareParameter('group.name', '')).value).toBe('left arm');
    expect(unwrap(n.declareParameter('group.gains', [0])).value).toEqual([1, 2]);
    expect(unwrap(n.declareParameter('flags', [true])).value).toEqual([true, false]);
    expect(
      expectErr(
        makeFixture().executor.createNode('q', {
          arguments: ['--ros-args', '--params-file', join(dir, 'missing.yaml')],
        }),
      ),
    ).toBe('NotFound');
  });

  it('reads -p values as YAML scalars and params files as the ROS 2 format', () => {
    expect(unwrap(parseParamAssignment('a:=3'))).toEqual(['a', 3n]);
    expect(unwrap(parseParamAssignment('a:=3.5'))).toEqual(['a', 3.5]);
    expect(unwrap(parseParamAssignment('a:=true'))).toEqual(['a', true]);
    expect(unwrap(parseParamAssignment('a:=[a, "b c"]'))).toEqual(['a', ['a', 'b c']]);
    expect(unwrap(parseParamAssignment('a:=hello'))).toEqual(['a', 'hello']);
    expect(expectErr(parseParamAssignment('nothing'))).toBe('InvalidArgument');
    expect(expectErr(parseParamsYaml('a: 1\n  b: 2'))).toBe('InvalidArgument');
    expect(unwrap(paramsFileOverrides('/*/p:\n  ros__parameters:\n    x: 1\n', '/ns/p')).get('x')).toBe(1n);
    expect(unwrap(paramsFileOverrides('/*/p:\n  ros__parameters:\n    x: 1\n', '/p')).size).toBe(0);
  });
});

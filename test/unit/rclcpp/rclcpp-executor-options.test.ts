/** Executor options as checkExecutorOptions reads them, and createNode's own refusals. */
import { describe, expect, it } from 'vitest';
import { MAX_SLOTS } from '../../../src/executor/handle-id.js';
import type { ExecutorOptions, ResultOf } from '../../../src/index.js';
import {
  checkExecutorOptions,
  createExecutorOnSession,
  DEFAULT_CAPACITY,
  DEFAULT_CONNECT_BUDGET_MS,
  DEFAULT_KEEP_ALL_LIMIT,
} from '../../../src/rclcpp/executor.js';
import { err } from '../../../src/result.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwSession } from '../../../src/rmw/rmw.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const check = (o: Record<string, unknown> | undefined) => checkExecutorOptions(o as ExecutorOptions | undefined);

describe('checkExecutorOptions', () => {
  it('defaults every option: local backend, domain 0, the default capacity, budget and keep-all limit', () => {
    const want = {
      backend: 'local',
      router: undefined,
      tls: undefined,
      domainId: 0,
      capacity: DEFAULT_CAPACITY,
      connectBudgetMs: DEFAULT_CONNECT_BUDGET_MS,
      keepAllLimit: DEFAULT_KEEP_ALL_LIMIT,
    };
    expect(unwrap(check(undefined))).toEqual(want);
    expect(unwrap(check({}))).toEqual(want);
    expect([DEFAULT_CAPACITY, DEFAULT_CONNECT_BUDGET_MS, DEFAULT_KEEP_ALL_LIMIT]).toEqual([1024, 5000, 10_000]);
  });

  it('picks zenoh when a router is given, keeps an explicit backend, and refuses zenoh without a router', () => {
    const withRouter = unwrap(check({ router: 'ws/127.0.0.1:10000' }));
    expect(withRouter.backend).toBe('zenoh');
    expect(withRouter.router).toBe('ws/127.0.0.1:10000');
    expect(unwrap(check({ router: 'ws/127.0.0.1:10000', backend: 'local' })).backend).toBe('local');
    expect(unwrap(check({ backend: 'local' })).backend).toBe('local');
    expect(expectErr(check({ backend: 'zenoh' }))).toBe('InvalidArgument');
    expect(expectErr(check({ backend: 'dds' }))).toBe('InvalidArgument');
    expect(expectErr(check({ router: 'tcp/127.0.0.1:7447' }))).toBe('InvalidArgument');
    expect(unwrap(check({ router: 'ws/127.0.0.1:10000', tls: { caFile: 'ca.pem' } })).tls).toEqual({
      caFile: 'ca.pem',
    });
    expect(expectErr(check({ tls: { ca: 'x' } }))).toBe('InvalidArgument');
  });

  it('takes every count at both ends of its range and refuses one past them', () => {
    const accepted: Array<Record<string, unknown>> = [
      { domainId: 0 },
      { domainId: 2 ** 31 - 1 },
      { capacity: 1 },
      { capacity: MAX_SLOTS },
      { keepAllLimit: 1 },
      { keepAllLimit: Number.MAX_SAFE_INTEGER },
      { connectBudgetMs: 0 },
    ];
    for (const o of accepted) {
      const got = unwrap(check(o)) as unknown as Record<string, unknown>;
      const [key, value] = Object.entries(o)[0] as [string, unknown];
      expect(got[key], key).toBe(value);
    }
    const refused: Array<Record<string, unknown>> = [
      { domainId: -1 },
      { domainId: 2 ** 31 },
      { domainId: 1.5 },
      { domainId: '0' },
      { capacity: 0 },
      { capacity: MAX_SLOTS + 1 },
      { capacity: 2.5 },
      { keepAllLimit: 0 },
      { keepAllLimit: Number.MAX_SAFE_INTEGER + 2 },
      { keepAllLimit: Number.POSITIVE_INFINITY },
      { connectBudgetMs: -1 },
      { connectBudgetMs: Number.NaN },
    ];
    for (const o of refused) expect(expectErr(check(o)), JSON.stringify(o)).toBe('InvalidArgument');
  });
});

describe('createNode', () => {
  it('refuses bad names, namespaces, naming and options, and anything after shutdown', async () => {
    const { executor } = makeFixture();
    expect(expectErr(executor.createNode('9lives'))).toBe('InvalidArgument');
    expect(expectErr(executor.createNode('n', 5 as never))).toBe('InvalidArgument');
    expect(expectErr(executor.createNode('n', { namespace: 'a//b' }))).toBe('InvalidArgument');
    expect(expectErr(executor.createNode('n', { naming: 'dds' as never }))).toBe('InvalidArgument');
    const raw = unwrap(executor.createNode('r', { naming: 'raw' }));
    expect(unwrap(raw.resolveName('a/b'))).toBe('a/b');
    const ros = unwrap(executor.createNode('n', { namespace: 'ns' }));
    expect(ros.getFullyQualifiedName()).toBe('/ns/n');
    expect(unwrap(ros.resolveName('a'))).toBe('/ns/a');
    await executor.shutdown();
    const late = executor.createNode('late');
    expect(expectErr(late)).toBe('NotInitialized');
    if (!late.ok) expect(late.error.message).toContain('executor is shut down; cannot create node');
  });

  it('answers the error of a transport that cannot create the node, or throws, naming the node', () => {
    const inner = unwrap(openLocalSession({ bus: new LocalBus() }));
    let answer: () => ResultOf<never> = () => err('TransportError', 'no room upstream');
    const session: RmwSession = Object.assign(Object.create(inner), { createNode: () => answer() });
    const executor = unwrap(createExecutorOnSession(session));
    const refused = executor.createNode('refused');
    expect(expectErr(refused)).toBe('TransportError');
    if (!refused.ok) expect(refused.error.message).toBe('no room upstream');
    answer = () => {
      throw new Error('boom');
    };
    const thrown = executor.createNode('thrown');
    expect(expectErr(thrown)).toBe('TransportError');
    if (!thrown.ok) expect(thrown.error.message).toBe("creating node 'thrown' failed: boom");
  });

  it('leaves nothing behind when the parameter services it was asked to start cannot start', () => {
    const { executor } = makeFixture({ capacity: 3 });
    const before = executor.usage().used;
    const r = executor.createNode('crowded', { startParameterServices: true });
    expect(expectErr(r)).toBe('Full');
    expect(executor.usage().used).toBe(before);
    expect(unwrap(executor.createNode('spare', { startParameterServices: false })).getName()).toBe('spare');
  });
});

describe('createExecutorOnSession', () => {
  it('refuses bad options before taking the session', () => {
    const session = unwrap(openLocalSession({ bus: new LocalBus() }));
    for (const bad of [{ capacity: 0 }, { keepAllLimit: 1.5 }, 7]) {
      expect(expectErr(createExecutorOnSession(session, bad as never))).toBe('InvalidArgument');
    }
  });
});

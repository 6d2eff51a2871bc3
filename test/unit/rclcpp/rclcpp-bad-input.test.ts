/**
 * Every public verb refuses bad input with InvalidArgument naming the argument, and nothing
 * reaches the middleware: a spy session counts every declaration and every send.
 */
import { describe, expect, it } from 'vitest';
import { Executor, example_interfaces, QoS, type Result, type ResultOf, std_msgs } from '../../../src/index.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import { unwrap } from '../../support/executor-fixture.js';
import { spySession } from '../../support/spy-session.js';

function isInvalid(r: Result | ResultOf<unknown>): string {
  return r.ok ? 'ok' : r.error.name;
}

describe('bad input', () => {
  it('Executor.create refuses bad options by name', async () => {
    const cases: [object, string][] = [
      [{ capacity: 0 }, 'capacity'],
      [{ keepAllLimit: -1 }, 'keepAllLimit'],
      [{ domainId: -1 }, 'domainId'],
      [{ connectBudgetMs: Number.NaN }, 'connectBudgetMs'],
      [{ backend: 'dds' }, 'backend'],
      [{ backend: 'zenoh' }, 'router'],
      [{ router: '' }, 'router'],
    ];
    for (const [opts, name] of cases) {
      const r = await Executor.create(opts);
      expect(isInvalid(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain(name);
    }
  });

  it('every verb answers InvalidArgument and nothing is declared or sent', async () => {
    const { session, calls } = spySession(unwrap(openLocalSession({ bus: new LocalBus() })));
    const executor = unwrap(createExecutorOnSession(session));
    const node = unwrap(executor.createNode('bad_input'));
    // Good entities first; the spy forgets their declarations.
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'good'));
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'good_srv', () => {}));
    const poll = unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'good_srv'));
    const pollSub = unwrap(node.createPollSubscription(std_msgs.msg.String, 'good'));
    calls.length = 0;
    const used = executor.usage().used;

    const noType = { typeName: 'x/msg/Y' } as never;
    const fn = () => {};
    const results: [string, Result | ResultOf<unknown>][] = [
      ['createNode name', executor.createNode('1abc')],
      ['createNode options', executor.createNode('n', 5 as never)],
      ['spinOnce', await executor.spinOnce(-1)],
      ['spinFor', await executor.spinFor(Number.POSITIVE_INFINITY)],
      ['ping', await executor.ping(Number.NaN)],
      ['createPublisher type', node.createPublisher(noType, 'a')],
      ['createPublisher topic', node.createPublisher(std_msgs.msg.String, 'a//b')],
      ['createPublisher qos', node.createPublisher(std_msgs.msg.String, 'a', QoS.default().keepLast(0))],
      ['publish', pub.publish({ data: 42 } as never)],
      ['publishRaw', pub.publishRaw('bytes' as never)],
      ['createSubscription type', node.createSubscription(noType, 'a', fn)],
      ['createSubscription topic', node.createSubscription(std_msgs.msg.String, '', fn)],
      ['createSubscription handler', node.createSubscription(std_msgs.msg.String, 'a', undefined as never)],
      ['createSubscription qos', node.createSubscription(std_msgs.msg.String, 'a', fn, QoS.default().deadline(-1))],
      ['createPollSubscription topic', node.createPollSubscription(std_msgs.msg.String, '~x')],
      ['takeWithin', await pollSub.takeWithin(-5)],
      ['createService type', node.createService(std_msgs.msg.String as never, 's', fn as never)],
      ['createService name', node.createService(example_interfaces.srv.AddTwoInts, 's/', () => ({ sum: 0n }))],
      ['createService handler', node.createService(example_interfaces.srv.AddTwoInts, 's', null as never)],
      ['createClient name', node.createClient(example_interfaces.srv.AddTwoInts, '{x}', fn)],
      ['createClient handler', node.createClient(example_interfaces.srv.AddTwoInts, 'c', 3 as never)],
      [
        'createClient requestBudgetMs',
        node.createClient(example_interfaces.srv.AddTwoInts, 'c', fn, { requestBudgetMs: -1 }),
      ],
      [
        'createClient qos',
        node.createClient(example_interfaces.srv.AddTwoInts, 'c', fn, { qos: QoS.default().keepLast(-1) }),
      ],
      ['asyncSendRequest', client.asyncSendRequest({ a: 'x', b: 1n } as never)],
      ['waitForService', await client.waitForService(-1)],
      ['createPollClient name', node.createPollClient(example_interfaces.srv.AddTwoInts, 'a b')],
      ['PollClient.sendRequest request', poll.sendRequest({ a: 1n } as never)],
      ['PollClient.sendRequest budget', poll.sendRequest({ a: 1n, b: 1n }, Number.NaN)],
      ['PollClient.call', await poll.call({ a: 1n, b: 1n }, -1)],
      ['PollClient.waitForService', await poll.waitForService(Number.NaN)],
      ['createWallTimer', node.createWallTimer(0, fn)],
      ['createOneShotTimer', node.createOneShotTimer(Number.NaN, fn)],
      ['createGuardCondition', node.createGuardCondition('cb' as never)],
      [
        'getEntityName',
        node.getEntityName({ executor: {} as never, handleId: 1, reset: () => ({ ok: true, value: undefined }) }),
      ],
      ['countPublishers', node.countPublishers('9x')],
      ['countSubscribers', node.countSubscribers('')],
      ['resolveName', node.resolveName('a~')],
    ];
    for (const [verb, r] of results) expect([verb, isInvalid(r)]).toEqual([verb, 'InvalidArgument']);
    expect(calls).toEqual([]);
    expect(executor.usage().used).toBe(used);
    // A good future's wait refuses a bad budget too.
    const future = unwrap(poll.sendRequest({ a: 1n, b: 2n }));
    expect(isInvalid(await future.wait(-1))).toBe('InvalidArgument');
    await executor.shutdown();
  });
});

/**
 * A handler error nobody listens for is not left to a counter: the first one of each entity is
 * logged once, as an error, through its node's logger (and so on its /rosout); with an onEvent
 * listener the listener hears it and nothing is logged.
 */
import { describe, expect, it } from 'vitest';
import { Executor, std_msgs } from '../../../src/index.js';
import { settle, unwrap } from '../../support/executor-fixture.js';
import { captureConsole } from '../../support/rclcpp-logging-fixture.js';

async function failing() {
  const executor = unwrap(await Executor.create());
  const node = unwrap(executor.createNode('fragile', { namespace: '/ns', enableRosout: false }));
  const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'in'));
  unwrap(
    node.createSubscription(std_msgs.msg.String, 'in', (m) => {
      throw new Error(`cannot take ${m.data}`);
    }),
  );
  unwrap(
    node.createSubscription(std_msgs.msg.String, 'in', async () => {
      throw new Error('async failure');
    }),
  );
  const send = async (n: number) => {
    for (let i = 0; i < n; i++) unwrap(pub.publish({ data: `m${i}` }));
    for (let i = 0; i < 4; i++) {
      executor.spinSome();
      await settle();
    }
  };
  return { executor, send };
}

describe('unheard handler errors', () => {
  const captured = captureConsole();

  it('logs the first failure of each entity once through its node logger', async () => {
    const { executor, send } = await failing();
    await send(3);
    expect(executor.stats().handlerErrors).toBe(6);
    expect(captured.records.map((r) => [r.severity, r.name, r.message])).toEqual([
      [
        40,
        'ns.fragile',
        "subscription '/ns/in': its handler failed: cannot take m0 (logged once per entity; executor.onEvent hears every handler_error)",
      ],
      [
        40,
        'ns.fragile',
        "subscription '/ns/in': its handler failed: async failure (logged once per entity; executor.onEvent hears every handler_error)",
      ],
    ]);
    await executor.shutdown();
  });

  it('logs nothing when an onEvent listener hears the errors', async () => {
    const { executor, send } = await failing();
    const heard: string[] = [];
    executor.onEvent((e) => {
      if (e.type === 'handler_error') heard.push(e.entity);
    });
    await send(2);
    expect(heard).toHaveLength(4);
    expect(captured.records).toEqual([]);
    await executor.shutdown();
  });
});

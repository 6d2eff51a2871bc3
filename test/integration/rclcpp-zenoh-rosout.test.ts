/**
 * A node's logger over the real router: what it writes at or above its level arrives on
 * another executor's /rosout subscription as rcl_interfaces/msg/Log with the level, the
 * logger's name (`ns.node`, a child `ns.node.sub`) and the message; below the level, nothing.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, LogLevel, QoS, setLogOutput, Result } from '../../src/index.js';
import { rcl_interfaces } from '../../src/rclcpp/interfaces/generated/index.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const unwrap = Result.unwrap;

const executors: Executor[] = [];
afterEach(async () => {
  setLogOutput(undefined);
  for (const e of executors.splice(0)) await e.shutdown();
});

describe('/rosout on zenoh', () => {
  it("carries a node logger's records to another executor, with level, name and message", async () => {
    setLogOutput(() => {});
    const router = inject('zenohLocator');
    const talkerExec = unwrap(await Executor.create({ router }));
    executors.push(talkerExec);
    const listenerExec = unwrap(await Executor.create({ router }));
    executors.push(listenerExec);
    const ns = uniquePrefix('rosout');
    const talker = unwrap(talkerExec.createNode('talker', { namespace: `/${ns}`, startParameterServices: false }));
    const listener = unwrap(listenerExec.createNode('watcher', { enableRosout: false, startParameterServices: false }));
    const got: rcl_interfaces.msg.Log[] = [];
    unwrap(
      listener.createSubscription(
        rcl_interfaces.msg.Log,
        '/rosout',
        (m) => {
          if (m.name.startsWith(ns)) got.push(m);
        },
        QoS.rosout(),
      ),
    );
    const log = talker.getLogger();
    expect(log.getName()).toBe(`${ns}.talker`);
    // Until one record is heard: the route through the router takes a moment to be in place.
    unwrap(
      await listenerExec.spinUntil(
        () => {
          if (got.length === 0) {
            log.debug('below the level');
            log.getChild('sub').warn('hello');
          }
          talkerExec.spinSome();
          return got.length > 0;
        },
        10_000,
        'a /rosout record over the router',
      ),
    );
    expect(got[0]).toMatchObject({ level: LogLevel.Warn, name: `${ns}.talker.sub`, msg: 'hello' });
    expect(got.every((m) => m.level !== LogLevel.Debug)).toBe(true);
  });
});

/**
 * Callback groups on every backend: samples of another executor into two subscriptions whose
 * handlers are async. In a mutually exclusive group the handlers never overlap and every
 * sample is handled, in order per topic; in a reentrant group they overlap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CallbackGroup,
  CallbackGroupType,
  Executor,
  type ExecutorOptions,
  QoS,
  std_msgs,
  Result,
} from '../../src/index.js';
import { spinUntil } from './suite.js';

const unwrap = Result.unwrap;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const PER_TOPIC = 10;
let unique = 0;

export function defineCallbackGroupsSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`callback groups conformance on ${backendName}`, () => {
    const opened: Executor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });
    const open = async (): Promise<Executor> => {
      const e = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(e);
      return e;
    };

    /** Two topics into one group; answers the highest overlap seen and what each topic handled. */
    async function drive(type: CallbackGroupType): Promise<{ maxActive: number; got: Record<string, number[]> }> {
      const [talkerExec, hostExec] = [await open(), await open()];
      const space = `/groups_${process.pid}_${Date.now().toString(36)}_${unique++}`;
      const qos = QoS.default().keepLast(50);
      const talker = unwrap(talkerExec.createNode('talker', { namespace: space }));
      const host = unwrap(hostExec.createNode('host', { namespace: space }));
      const group: CallbackGroup = unwrap(host.createCallbackGroup(type));
      const got: Record<string, number[]> = { a: [], b: [] };
      const warm = { a: false, b: false };
      let active = 0;
      let maxActive = 0;
      const pubs = (['a', 'b'] as const).map((topic) => {
        unwrap(
          host.createSubscription(
            std_msgs.msg.Int32,
            topic,
            async (m) => {
              if (m.data < 0) {
                warm[topic] = true;
                return;
              }
              active++;
              maxActive = Math.max(maxActive, active);
              await sleep(3);
              got[topic]?.push(m.data);
              active--;
            },
            qos,
            { callbackGroup: group },
          ),
        );
        return unwrap(talker.createPublisher(std_msgs.msg.Int32, topic, qos));
      });
      // Discovery first: warm-up samples until both subscriptions hear one.
      const heard = await spinUntil(hostExec, () => {
        for (const p of pubs) unwrap(p.publish({ data: -1 }));
        return warm.a && warm.b;
      });
      expect(heard).toBe(true);
      for (let i = 0; i < PER_TOPIC; i++) for (const p of pubs) unwrap(p.publish({ data: i }));
      const done = await spinUntil(hostExec, () => got.a?.length === PER_TOPIC && got.b?.length === PER_TOPIC);
      expect(done).toBe(true);
      expect(hostExec.stats().handlerErrors).toBe(0);
      return { maxActive, got };
    }

    const inOrder = Array.from({ length: PER_TOPIC }, (_, i) => i);

    it('a mutually exclusive group never overlaps its async handlers and loses nothing', async () => {
      const { maxActive, got } = await drive(CallbackGroupType.MutuallyExclusive);
      expect(maxActive).toBe(1);
      expect(got).toEqual({ a: inOrder, b: inOrder });
    });

    it('a reentrant group overlaps them', async () => {
      const { maxActive, got } = await drive(CallbackGroupType.Reentrant);
      expect(maxActive).toBeGreaterThan(1);
      expect([...(got.a ?? [])].sort((x, y) => x - y)).toEqual(inOrder);
      expect([...(got.b ?? [])].sort((x, y) => x - y)).toEqual(inOrder);
    });
  });
}

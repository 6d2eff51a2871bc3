/**
 * Executor.batchWrites over the real router: the publications made inside the batch leave the
 * socket in one or a few TCP writes when it returns (instead of one write each), and a
 * subscriber behind the router receives every one of them, in order.
 */
import { Socket } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, QoS, type ResultOf, std_msgs, Result } from '../../src/index.js';
import { FLUSH_BYTES } from '../../src/rmw/zenoh/zenoh-ts/write-batch.js';

const unwrap = Result.unwrap;

const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
});

/** Counts the TCP writes (write and writev) every Node socket makes while `fn` runs. */
function tcpWritesDuring(fn: () => void): number {
  const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const write = proto._write;
  const writev = proto._writev;
  let writes = 0;
  proto._write = function (this: unknown, ...args: unknown[]) {
    writes++;
    return write.apply(this, args);
  };
  proto._writev = function (this: unknown, ...args: unknown[]) {
    writes++;
    return writev.apply(this, args);
  };
  try {
    fn();
  } finally {
    proto._write = write;
    proto._writev = writev;
  }
  return writes;
}

const N = 200;

/** A publishing and a subscribing executor on the shared router, shut down after the test. */
async function twoExecutors(): Promise<[Executor, Executor]> {
  const router = inject('zenohLocator');
  const pubExec = unwrap(await Executor.create({ router }));
  executors.push(pubExec);
  const subExec = unwrap(await Executor.create({ router }));
  executors.push(subExec);
  return [pubExec, subExec];
}

describe('Executor.batchWrites on zenoh', () => {
  it('sends a batch of publications in a few TCP writes, and the subscriber gets them all in order', async () => {
    const [pubExec, subExec] = await twoExecutors();
    const topic = `/batch_${process.pid}_${Date.now().toString(36)}`;
    const qos = QoS.default().keepAll();
    const got: string[] = [];
    let probesHeard = 0;
    const sub = unwrap(subExec.createNode('batch_sub')).createSubscription(
      std_msgs.msg.String,
      topic,
      (m) => {
        if (m.data === 'probe') probesHeard++;
        else got.push(m.data);
      },
      qos,
    );
    unwrap(sub);
    const pub = unwrap(unwrap(pubExec.createNode('batch_pub')).createPublisher(std_msgs.msg.String, topic, qos));
    const until = async (done: () => boolean, budgetMs: number) =>
      unwrap(await subExec.spinUntil(done, budgetMs, 'the subscriber to catch up'));
    // Probes until one is heard, so the route through the router is in place.
    await until(() => {
      if (probesHeard === 0) unwrap(pub.publish({ data: 'probe' }));
      return probesHeard > 0;
    }, 10_000);

    const unbatched = tcpWritesDuring(() => {
      for (let i = 0; i < N; i++) unwrap(pub.publish({ data: `plain ${i}` }));
    });
    await until(() => got.length === N, 10_000);
    let answered: ResultOf<void> | undefined;
    const batched = tcpWritesDuring(() => {
      answered = pubExec.batchWrites(() => {
        for (let i = 0; i < N; i++) unwrap(pub.publish({ data: `batched ${i}` }));
      });
    });
    expect(answered).toEqual({ ok: true, value: undefined });
    await until(() => got.length === 2 * N, 10_000);

    expect(unbatched).toBeGreaterThanOrEqual(N);
    expect(batched).toBeLessThanOrEqual(2);
    expect(got).toEqual([
      ...Array.from({ length: N }, (_, i) => `plain ${i}`),
      ...Array.from({ length: N }, (_, i) => `batched ${i}`),
    ]);
  }, 60_000);

  it('flushes a batch every FLUSH_BYTES or so while publishing, so large batches do not pile up corked', async () => {
    const [pubExec, subExec] = await twoExecutors();
    const topic = `/batch_big_${process.pid}_${Date.now().toString(36)}`;
    const qos = QoS.default().keepAll();
    const got: string[] = [];
    unwrap(
      unwrap(subExec.createNode('batch_big_sub')).createSubscription(
        std_msgs.msg.String,
        topic,
        (m) => got.push(m.data),
        qos,
      ),
    );
    const pub = unwrap(unwrap(pubExec.createNode('batch_big_pub')).createPublisher(std_msgs.msg.String, topic, qos));
    await subExec.spinUntil(
      () => {
        if (got.length === 0) unwrap(pub.publish({ data: 'probe' }));
        return got.length > 0;
      },
      10_000,
      'the probe',
    );
    const big = (i: number) => `${i}`.padEnd(FLUSH_BYTES / 4, '.');
    let inside = 0;
    unwrap(
      pubExec.batchWrites(() => {
        inside = tcpWritesDuring(() => {
          for (let i = 0; i < 10; i++) unwrap(pub.publish({ data: big(i) }));
        });
      }),
    );
    // 10 samples of a quarter of FLUSH_BYTES: flushed about every fourth, not all at the end.
    expect(inside).toBeGreaterThanOrEqual(2);
    const batch = () => got.filter((d) => d !== 'probe');
    unwrap(await subExec.spinUntil(() => batch().length === 10, 10_000, 'the batch'));
    expect(batch()).toEqual(Array.from({ length: 10 }, (_, i) => big(i)));
  }, 60_000);
});

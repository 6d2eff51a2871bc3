/**
 * What a service does with a request it cannot serve normally, and what the client then gets:
 * every request is answered exactly once, with ServiceFailed naming the reason when the
 * request does not decode, the response does not encode, the queue overflows or the service
 * is released first.
 */
import { describe, expect, it } from 'vitest';
import { type ExecutorEvent, example_interfaces, QoS, type ResultOf } from '../../../src/index.js';
import { add, makeFixture, replies, settle, unwrap } from '../../support/executor-fixture.js';

function failure(r: ResultOf<unknown> | undefined): [string, string] {
  if (r === undefined) return ['none', ''];
  return r.ok ? ['ok', ''] : [r.error.name, r.error.message];
}

describe('a service', () => {
  it('fails a request that does not decode with ServiceFailed, counts a decode error and does not call the handler', async () => {
    const { executor, node } = makeFixture();
    const events: ExecutorEvent[] = [];
    executor.onEvent((e) => events.push(e));
    let calls = 0;
    unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'strict', (req) => {
        calls++;
        return add(req);
      }),
    );
    // A client whose request encoder writes bytes no AddTwoInts request decodes from.
    const garbling = {
      ...example_interfaces.srv.AddTwoInts,
      Request: { ...example_interfaces.srv.AddTwoInts.Request, encode: () => new Uint8Array(3) },
    };
    const { got, onResponse } = replies();
    const client = unwrap(node.createClient(garbling, 'strict', onResponse));
    const seq = unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    expect(got[0]?.[0]).toBe(seq);
    const [code, message] = failure(got[0]?.[1]);
    expect(code).toBe('ServiceFailed');
    expect(message).toContain("request to service '/strict'");
    expect(calls).toBe(0);
    expect(executor.stats().decodeErrors).toBe(1);
    expect(events.some((e) => e.type === 'decode_error' && e.entity === "service '/strict'")).toBe(true);
  });

  it('fails a request whose response does not encode with ServiceFailed and counts a handler error', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'bad_answer', () => ({ sum: 'many' }) as never));
    const { got, onResponse } = replies();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'bad_answer', onResponse));
    unwrap(client.asyncSendRequest({ a: 1n, b: 2n }));
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    const [code, message] = failure(got[0]?.[1]);
    expect(code).toBe('ServiceFailed');
    expect(message).toContain("response of service '/bad_answer'");
    expect(executor.stats().handlerErrors).toBe(1);
    expect(executor.stats().decodeErrors).toBe(0);
  });

  it('fails the requests its full queue drops, oldest first, naming the limit; the rest are served', async () => {
    const { executor, node } = makeFixture();
    const served: bigint[] = [];
    unwrap(
      node.createService(
        example_interfaces.srv.AddTwoInts,
        'narrow',
        (req) => {
          served.push(req.a);
          return add(req);
        },
        QoS.services().keepLast(1),
      ),
    );
    const { got, onResponse } = replies();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'narrow', onResponse));
    const seqs = [1n, 2n, 3n].map((a) => unwrap(client.asyncSendRequest({ a, b: 0n })));
    await settle();
    unwrap(await executor.spinUntil(() => got.length === 3, 5000));
    expect(served).toEqual([3n]);
    expect(executor.stats().dropped).toBe(2);
    const bySeq = new Map(got);
    for (const seq of seqs.slice(0, 2)) {
      const [code, message] = failure(bySeq.get(seq));
      expect(code).toBe('ServiceFailed');
      expect(message).toContain("request dropped by service '/narrow': its queue is full (limit 1)");
    }
    expect(unwrap(bySeq.get(seqs[2] as bigint) as ResultOf<example_interfaces.srv.AddTwoInts_Response>)).toEqual({
      sum: 3n,
    });
  });

  it('fails the requests still queued when it is released, and is then gone from its clients', async () => {
    const { executor, node } = makeFixture();
    let calls = 0;
    const service = unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'leaving', (req) => {
        calls++;
        return add(req);
      }),
    );
    const { got, onResponse } = replies();
    const client = unwrap(node.createClient(example_interfaces.srv.AddTwoInts, 'leaving', onResponse));
    unwrap(client.asyncSendRequest({ a: 1n, b: 1n }));
    await settle();
    unwrap(service.reset());
    unwrap(await executor.spinUntil(() => got.length === 1, 5000));
    const [code, message] = failure(got[0]?.[1]);
    expect(code).toBe('ServiceFailed');
    expect(message).toContain("request dropped by service '/leaving': it was released");
    expect(calls).toBe(0);
    expect(unwrap(client.serviceIsReady())).toBe(false);
  });

  it('reports the QoS it was declared with', () => {
    const { node } = makeFixture();
    const service = unwrap(
      node.createService(example_interfaces.srv.AddTwoInts, 'qos', add, QoS.services().keepLast(3)),
    );
    const qos = unwrap(node.getEntityQos(service));
    expect([qos.history, qos.depth, qos.reliability]).toEqual(['keep_last', 3, 'reliable']);
  });
});

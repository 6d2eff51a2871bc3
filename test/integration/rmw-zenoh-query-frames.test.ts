/**
 * Service servers read their queries from the frame (in-frame.ts, in-frame-tap.ts) instead of
 * having zenoh-ts unpack each into a Query, and answer them through a Query made from the id
 * (frame-query.ts): the reading must match zenoh-ts's own on every payload length the LEB128
 * prefix can take, with and without a payload, an encoding, parameters and an attachment;
 * requests from a real router must arrive intact and not through zenoh-ts's Query; and a
 * zenoh-ts that reads query frames, or answers queries, otherwise must keep rclts on zenoh-ts.
 */
import type { Query, Reply, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwReply, RmwRequest } from '../../src/rmw/rmw.js';
import { encodeAttachment } from '../../src/rmw/wire/attachment.js';
import { ZenohServiceServer } from '../../src/rmw/zenoh/zenoh-service-server.js';
import { frameQueryMaker } from '../../src/rmw/zenoh/zenoh-ts/frames/frame-query.js';
import { readQueryFrame } from '../../src/rmw/zenoh/zenoh-ts/frames/in-frame.js';
import {
  inFramesMatch,
  type OnMessage,
  probeQueryFrame,
  type QueryProbe,
} from '../../src/rmw/zenoh/zenoh-ts/frames/in-frame-probe.js';
import { innerOf } from '../../src/rmw/zenoh/zenoh-ts/session-internals.js';
import type { ZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import { closeFrameTestSessions, counting, pattern, rawSession, zenohTs } from '../support/frame-fixtures.js';
import { nodeSpec, rawSpec, servicePair, session, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeFrameTestSessions);

const SIZES = [0, 1, 127, 128, 300, 16_383, 16_384, 70_000, 1_048_576];
const onMessageOf = (s: Session) => (innerOf(s) as unknown as { onMessageReceived: OnMessage }).onMessageReceived;

const probe = (over: Partial<QueryProbe> = {}): QueryProbe => ({
  queryId: 0x0102_0304,
  key: 'rq/k/Request',
  parameters: '',
  payload: pattern(300),
  encoded: false,
  attachment: pattern(33),
  replyKeyExpr: 1,
  ...over,
});

describe('queries read from the frame', () => {
  it('read what zenoh-ts reads, and stay with zenoh-ts when it reads query frames otherwise', async () => {
    const z = await zenohTs();
    const read = onMessageOf(await rawSession());
    expect(inFramesMatch(z, read)).toBe(true);
    // A zenoh-ts that reads one more field in a query frame only (samples and replies as before).
    const shifted: OnMessage = function (this: unknown, msg: Uint8Array) {
      read.call(this, msg[0] === 6 ? Uint8Array.from([...msg.subarray(0, 9), 0, ...msg.subarray(9)]) : msg);
    };
    expect(inFramesMatch(z, shifted)).toBe(false);
  });

  it('give up on frames that end early, run on, or carry a reply key setting zenoh-ts refuses', () => {
    const frame = probeQueryFrame(9, probe({ encoded: true, parameters: 'a=1' }));
    const view = readQueryFrame(frame);
    expect(view?.queryId).toBe(0x0102_0304);
    expect(view?.key).toBe('rq/k/Request');
    expect(view?.payload).toEqual(pattern(300));
    expect(view?.attachment).toEqual(pattern(33));
    for (let n = 0; n < frame.length; n++) expect(readQueryFrame(frame.subarray(0, n)), `${n} bytes`).toBeUndefined();
    expect(readQueryFrame(Uint8Array.from([...frame, 0]))).toBeUndefined();
    expect(readQueryFrame(probeQueryFrame(9, probe({ replyKeyExpr: 2 })))).toBeUndefined();
    const bare = readQueryFrame(probeQueryFrame(9, probe({ payload: undefined, attachment: undefined })));
    expect(bare?.payload).toBeUndefined();
    expect(bare?.attachment).toBeUndefined();
  });

  it('are answered through a Query made from the id only where zenoh-ts answers by the id alone', async () => {
    const z = await zenohTs();
    const s = await rawSession();
    expect(frameQueryMaker(z, s)).toBeDefined();
    // A Query whose reply reads the key it was asked on too.
    class KeyedQuery extends z.Query {
      override async reply(...args: Parameters<Query['reply']>): Promise<void> {
        (this as unknown as { inner: { keyexpr_: { toString(): string } } }).inner.keyexpr_.toString();
        return super.reply(...args);
      }
    }
    expect(frameQueryMaker({ ...z, Query: KeyedQuery } as unknown as ZenohTs, s)).toBeUndefined();
  });

  it('bring an rclts server requests of every size intact, not through zenoh-ts Query, and answer them', async () => {
    const requests: RmwRequest[] = [];
    const replies: RmwReply[] = [];
    const { client, server } = await servicePair(
      `/${uniquePrefix('queryframes')}/echo`,
      (req) => {
        requests.push(req);
        if (req.payload.length === 3) expect(req.fail('no echo for three bytes').ok).toBe(true);
        else expect(req.respond(Uint8Array.from(req.payload)).ok).toBe(true);
      },
      replies,
    );
    const [, unpacked] = await counting(ZenohServiceServer.prototype as unknown as object, 'onQuery', async () => {
      for (const [k, size] of [...SIZES, 3].entries()) {
        expect(client.sendRequest(pattern(size), 10_000).ok).toBe(true);
        expect(await waitFor(() => replies.length === k + 1, 10_000)).toBe(true);
      }
    });
    expect(unpacked).toBe(0);
    expect(requests.map((r) => r.payload.length)).toEqual([...SIZES, 3]);
    expect(requests.every((r) => Buffer.from(r.payload).equals(pattern(r.payload.length)))).toBe(true);
    expect(requests.every((r) => r.attachment !== undefined && r.key === server.key)).toBe(true);
    const seqs = requests.map((r) => r.attachment?.sequenceNumber ?? -1n);
    expect(seqs.every((n, i) => i === 0 || n === (seqs[i - 1] ?? 0n) + 1n)).toBe(true);
    const echoed = replies.slice(0, SIZES.length);
    expect(echoed.map((r) => (r.kind === 'reply' ? r.payload.length : -1))).toEqual(SIZES);
    expect(echoed.every((r) => r.kind === 'reply' && Buffer.from(r.payload).equals(pattern(r.payload.length)))).toBe(
      true,
    );
    const failed = replies[SIZES.length];
    expect(failed?.kind === 'error' && failed.message).toContain('no echo for three bytes');
  }, 60_000);

  it('answer a wildcard server on the key each query was asked on', async () => {
    const served = await session();
    const node = served.createNode(nodeSpec('query_frames_wild'));
    if (!node.ok) throw new Error('node');
    const prefix = uniquePrefix('queryframes');
    const got: RmwRequest[] = [];
    const server = node.value.createServiceServer(rawSpec(`${prefix}/*/ask`), (req) => {
      got.push(req);
      expect(req.respond(Uint8Array.of(1)).ok).toBe(true);
    });
    if (!server.ok) throw new Error(server.error.message);
    expect((await server.value.ready()).ok).toBe(true);
    const raw = await rawSession();
    const keys: string[] = [];
    const [, unpacked] = await counting(ZenohServiceServer.prototype as unknown as object, 'onQuery', async () => {
      for (const id of [7, 12345]) {
        const attachment = encodeAttachment({ sequenceNumber: BigInt(id), sourceTimestampNs: 5n, gid: pattern(16) });
        const asked = `${prefix}/${id}/ask`;
        expect(
          await waitFor(
            () => {
              void raw.get(asked, {
                payload: pattern(id % 100),
                attachment,
                handler: (r: Reply) => {
                  const res = r.result();
                  if ('keyexpr' in res) keys.push(res.keyexpr().toString());
                },
              });
              return keys.includes(asked);
            },
            10_000,
            200,
          ),
        ).toBe(true);
      }
    });
    expect(unpacked).toBe(0);
    expect(got.some((r) => r.key === `${prefix}/7/ask` && r.attachment?.sequenceNumber === 7n)).toBe(true);
    expect(got.some((r) => r.key === `${prefix}/12345/ask` && r.payload.length === 45)).toBe(true);
  }, 30_000);
});

/**
 * Conformance cases each written against a bug that once passed the whole suite: replies
 * matched to the oldest pending request, entities created with another QoS than the default,
 * a duplicate filter that silences a second publisher, large messages whose kept buffers
 * (encode-lease.ts, frame-pool.ts) would be written over while a transport still holds them,
 * decoded arrays viewing a payload (cdr-source.ts) that a later sample or another subscription reaches.
 * Run on every backend (local.test.ts, zenoh.test.ts) through the public entry, as a user would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Executor,
  type ExecutorOptions,
  example_interfaces,
  type Node,
  type ResultOf,
  Result,
} from '../../src/index.js';
import { diagnostic_msgs, sensor_msgs, std_msgs } from '../../src/rclcpp/interfaces/generated/index.js';
import { DISCOVERY_BUDGET_MS, publishUntil, spinUntil } from './suite.js';

type AnExecutor = Node['executor'];

const unwrap = Result.unwrap;

/** rmw_qos_profile_default, which is also rclcpp's services default. */
const DEFAULT_QOS = { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 };

let unique = 0;

/** A text of `size` characters that differs from every other `tag`'s at every position. */
function text(tag: number, size: number): string {
  const unit = String.fromCharCode(97 + (tag % 26)).repeat(63) + String.fromCharCode(48 + (tag % 10));
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** An image past the 16 KiB of kept buffers whose bytes differ from every other `tag`'s. */
function image(tag: number): sensor_msgs.msg.Image {
  const data = new Uint8Array(120 * 80 * 3).map((_, i) => (i * 7 + tag * 31) & 0xff);
  const header = { stamp: { sec: tag, nanosec: 0 }, frame_id: 'camera' };
  return { header, height: 80, width: 120, encoding: 'rgb8', is_bigendian: 0, step: 120 * 3, data };
}

/** Past the 16 KiB where encodes and frames reuse kept buffers, and one below it. */
const SIZES = [70_000, 20_000, 300_000, 70_000, 70_000] as const;

export function defineContractSuite(backendName: string, makeExecutorOptions: () => ExecutorOptions): void {
  describe(`rclcpp contract on ${backendName}`, () => {
    const opened: AnExecutor[] = [];
    afterEach(async () => {
      for (const e of opened.splice(0)) await e.shutdown();
    });
    const executor = async (): Promise<AnExecutor> => {
      const e = unwrap(await Executor.create(makeExecutorOptions()));
      opened.push(e);
      return e;
    };
    const namespace = (): string => `/contract_${process.pid}_${Date.now().toString(36)}_${unique++}`;

    it('overlapping requests answered out of order each reach the response handler under their own sequence number', async () => {
      const e = await executor();
      const n = unwrap(e.createNode('replies', { namespace: namespace() }));
      // The first request is held until the second has been answered.
      const held: Array<() => void> = [];
      unwrap(
        n.createService(example_interfaces.srv.AddTwoInts, 'out_of_order', (req) =>
          req.a === 1n
            ? new Promise<example_interfaces.srv.AddTwoInts_Response>((resolve) =>
                held.push(() => resolve({ sum: req.a + req.b })),
              )
            : { sum: req.a + req.b },
        ),
      );
      const replies = new Map<bigint, ResultOf<example_interfaces.srv.AddTwoInts_Response>>();
      const client = unwrap(
        n.createClient(example_interfaces.srv.AddTwoInts, 'out_of_order', (r, seq) => replies.set(seq, r)),
      );
      const found = await client.waitForService(DISCOVERY_BUDGET_MS);
      expect(found.ok ? 'ok' : found.error.message).toBe('ok');

      const first = unwrap(client.asyncSendRequest({ a: 1n, b: 10n }));
      expect(await spinUntil(e, () => held.length === 1)).toBe(true);
      const second = unwrap(client.asyncSendRequest({ a: 2n, b: 20n }));
      expect(second).not.toBe(first);
      expect(await spinUntil(e, () => replies.size === 1)).toBe(true);
      expect([...replies.keys()]).toEqual([second]);
      expect(unwrap(replies.get(second) as ResultOf<example_interfaces.srv.AddTwoInts_Response>)).toEqual({ sum: 22n });

      (held[0] as () => void)();
      expect(await spinUntil(e, () => replies.size === 2)).toBe(true);
      expect(unwrap(replies.get(first) as ResultOf<example_interfaces.srv.AddTwoInts_Response>)).toEqual({ sum: 11n });
    });

    it('entities created without a QoS get the default profile (reliable, volatile, keep-last 10)', async () => {
      const e = await executor();
      const n = unwrap(e.createNode('qos_default', { namespace: namespace() }));
      const pub = unwrap(n.createPublisher(std_msgs.msg.String, 'chatter'));
      expect(pub.getActualQos()).toMatchObject(DEFAULT_QOS);
      const add = (req: { a: bigint; b: bigint }): example_interfaces.srv.AddTwoInts_Response => ({
        sum: req.a + req.b,
      });
      const handles = {
        subscription: unwrap(n.createSubscription(std_msgs.msg.String, 'chatter', () => {})),
        pollSubscription: unwrap(n.createPollSubscription(std_msgs.msg.String, 'chatter')).handle,
        service: unwrap(n.createService(example_interfaces.srv.AddTwoInts, 'add', add)),
        client: unwrap(n.createClient(example_interfaces.srv.AddTwoInts, 'add', () => {})),
        pollClient: unwrap(n.createPollClient(example_interfaces.srv.AddTwoInts, 'add')).handle,
      };
      for (const [what, handle] of Object.entries(handles)) {
        expect({ what, ...unwrap(n.getEntityQos(handle)) }).toMatchObject({ what, ...DEFAULT_QOS });
      }
    });

    it('a second publisher on a topic is heard though the first has sent more samples (per-publisher duplicate filter)', async () => {
      const e = await executor();
      const n = unwrap(e.createNode('two_talkers', { namespace: namespace() }));
      const got: string[] = [];
      unwrap(n.createSubscription(std_msgs.msg.String, 'chatter', (m) => got.push(m.data)));
      const early = unwrap(n.createPublisher(std_msgs.msg.String, 'chatter'));
      const late = unwrap(n.createPublisher(std_msgs.msg.String, 'chatter'));
      let lateSent = 0;
      expect(
        await publishUntil(
          e,
          late,
          (i) => {
            lateSent = i + 1;
            return { data: 'late warm-up' };
          },
          () => got.includes('late warm-up'),
        ),
      ).toBe(true);
      let earlySent = 0;
      expect(
        await publishUntil(
          e,
          early,
          (i) => {
            earlySent = i + 1;
            return { data: 'early warm-up' };
          },
          () => got.includes('early warm-up'),
        ),
      ).toBe(true);
      // The early publisher's sequence numbers now run well ahead of the late one's.
      while (earlySent < lateSent + 20) {
        unwrap(early.publish({ data: `early ${earlySent++}` }));
      }
      expect(await spinUntil(e, () => got.includes(`early ${earlySent - 1}`))).toBe(true);
      for (let i = 0; i < 5; i++) unwrap(late.publish({ data: `late ${i}` }));
      expect(await spinUntil(e, () => got.includes('late 4'))).toBe(true);
      expect(got.filter((d) => d.startsWith('late ') && !d.includes('warm'))).toEqual(
        [0, 1, 2, 3, 4].map((i) => `late ${i}`),
      );
    });

    it('published back to back, in one step and across steps, each arrives intact and in order', async () => {
      const e = await executor();
      const n = unwrap(e.createNode('large_pub', { namespace: namespace() }));
      const got: string[] = [];
      unwrap(n.createSubscription(std_msgs.msg.String, 'big', (m) => got.push(m.data)));
      const pub = unwrap(n.createPublisher(std_msgs.msg.String, 'big'));
      expect(
        await publishUntil(
          e,
          pub,
          () => ({ data: 'hello' }),
          () => got.length > 0,
        ),
      ).toBe(true);
      got.length = 0;
      const sent = SIZES.map((size, i) => text(i, size));
      // Three in one synchronous step, then two more each after a turn of the event loop.
      for (const data of sent.slice(0, 3)) unwrap(pub.publish({ data }));
      for (const data of sent.slice(3)) {
        await new Promise((r) => setImmediate(r));
        unwrap(pub.publish({ data }));
      }
      expect(await spinUntil(e, () => got.length === sent.length)).toBe(true);
      expect(got.map((g) => g.length)).toEqual([...SIZES]);
      for (let i = 0; i < sent.length; i++) expect(got[i] === sent[i], `message ${i}`).toBe(true);
    });

    it("a received message's arrays stay as they were: later samples and a write into another subscription's message change nothing", async () => {
      const e = await executor();
      const n = unwrap(e.createNode('views', { namespace: namespace() }));
      const mine: sensor_msgs.msg.Image[] = [];
      const other: sensor_msgs.msg.Image[] = [];
      unwrap(n.createSubscription(sensor_msgs.msg.Image, 'camera', (m) => mine.push(m)));
      unwrap(n.createSubscription(sensor_msgs.msg.Image, 'camera', (m) => other.push(m)));
      const pub = unwrap(n.createPublisher(sensor_msgs.msg.Image, 'camera'));
      expect(
        await publishUntil(
          e,
          pub,
          () => image(0),
          () => mine.length > 0 && other.length > 0,
        ),
      ).toBe(true);
      // Warm-up images (tag 0) may still arrive after this point.
      const sent = (got: sensor_msgs.msg.Image[]) => got.filter((m) => m.header.stamp.sec > 0);
      unwrap(pub.publish(image(1)));
      expect(await spinUntil(e, () => sent(mine).length === 1 && sent(other).length === 1)).toBe(true);
      const first = sent(mine)[0] as sensor_msgs.msg.Image;
      (sent(other)[0] as sensor_msgs.msg.Image).data.fill(0);
      for (const tag of [2, 3, 4]) unwrap(pub.publish(image(tag)));
      expect(await spinUntil(e, () => sent(mine).length === 4)).toBe(true);
      expect(sent(mine).map((m) => m.header.stamp.sec)).toEqual([1, 2, 3, 4]);
      for (const [i, m] of sent(mine).entries()) expect(m.data, `message ${i + 1}`).toEqual(image(i + 1).data);
      expect(first.data).toEqual(image(1).data);
    });

    it('large requests and responses sent back to back each reach their own call intact', async () => {
      const e = await executor();
      const n = unwrap(e.createNode('large_srv', { namespace: namespace() }));
      // The response repeats the request's tag at another size, so a stale buffer shows.
      unwrap(
        n.createService(diagnostic_msgs.srv.AddDiagnostics, 'echo', (req) => {
          const tag = req.load_namespace.charCodeAt(0) - 97;
          return { success: true, message: text(tag + 1, SIZES[(tag + 1) % SIZES.length] as number) };
        }),
      );
      const replies = new Map<bigint, string>();
      const client = unwrap(
        n.createClient(diagnostic_msgs.srv.AddDiagnostics, 'echo', (r, seq) => replies.set(seq, unwrap(r).message), {
          maxRequestsInFlight: 8,
        }),
      );
      const found = await client.waitForService(8000);
      expect(found.ok ? 'ok' : found.error.message).toBe('ok');
      const seqs = SIZES.map((size, i) => unwrap(client.asyncSendRequest({ load_namespace: text(i, size) })));
      expect(await spinUntil(e, () => replies.size === seqs.length)).toBe(true);
      seqs.forEach((seq, i) => {
        const want = text(i + 1, SIZES[(i + 1) % SIZES.length] as number);
        expect(replies.get(seq) === want, `reply to request ${i}`).toBe(true);
      });
    });
  });
}

// `rclts service echo` in its own OS process on the shared router, showing the introspection
// events of an rclts service and client (configureIntrospection Contents) as ros2 service echo
// prints them.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  Executor,
  example_interfaces,
  type Node,
  QoS,
  SERVICE_EVENT_SUFFIX,
  ServiceIntrospectionState,
  Result,
} from '../../src/index.js';

const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
const NS = `/cli_srv_echo_${randomBytes(3).toString('hex')}`;
let executor: Executor;
let node: Node;

function rclts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--router', inject('zenohLocator')],
      { timeout: 90_000 },
      (error, out, err) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}

const must = Result.unwrap;

beforeAll(async () => {
  executor = must(await Executor.create({ router: inject('zenohLocator') }));
  node = must(executor.createNode('adder', { namespace: NS }));
}, 60_000);

afterAll(async () => {
  await executor.shutdown();
});

describe('rclts service echo through the router', () => {
  it("prints the four events of one call, the service's type found in the graph", async () => {
    const service = must(node.createService(example_interfaces.srv.AddTwoInts, 'add', (q) => ({ sum: q.a + q.b })));
    must(service.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents));
    const replies: bigint[] = [];
    const client = must(
      node.createClient(example_interfaces.srv.AddTwoInts, 'add', (r) => {
        if (r.ok) replies.push(r.value.sum);
      }),
    );
    must(client.configureIntrospection(node.getClock(), QoS.services(), ServiceIntrospectionState.Contents));
    const echo = rclts('service', 'echo', `${NS}/add`, '--count', '4', '--timeout-ms', '60000');
    const topic = `${NS}/add${SERVICE_EVENT_SUFFIX}`;
    // spinUntil wakes on work, not on graph changes: poll the graph between short spins.
    const end = Date.now() + 60_000;
    while (must(node.countSubscribers(topic)) === 0 && Date.now() < end) await executor.spinFor(100);
    must(await client.waitForService(10_000));
    const seq = must(client.asyncSendRequest({ a: 40n, b: 2n }));
    must(await executor.spinUntil(() => replies.length === 1, 10_000, 'the reply'));
    let done = false;
    const result = echo.finally(() => {
      done = true;
    });
    while (!done) await executor.spinFor(100);
    const { code, out, err } = await result;
    expect(err).not.toContain('No publishers');
    expect(code).toBe(0);
    const events = out.split('---\n').filter((e) => e !== '');
    expect(events.map((e) => /event_type: (\w+)/.exec(e)?.[1])).toEqual([
      'REQUEST_SENT',
      'REQUEST_RECEIVED',
      'RESPONSE_SENT',
      'RESPONSE_RECEIVED',
    ]);
    // ros2's layout: info first, event_type by name, the GID as a list, request and response lists.
    expect(events[0]).toMatch(
      new RegExp(
        `^info:\\n  event_type: REQUEST_SENT\\n  stamp:\\n    sec: \\d+\\n    nanosec: \\d+\\n  client_gid:\\n(  - \\d+\\n){16}  sequence_number: ${seq}\\nrequest:\\n- a: 40\\n  b: 2\\nresponse: \\[\\]\\n$`,
      ),
    );
    expect(events[3]).toMatch(/\nrequest: \[\]\nresponse:\n- sum: 42\n$/);
  }, 120_000);

  it('says when nobody publishes the events, and exits 1 after --timeout-ms', async () => {
    must(node.createService(example_interfaces.srv.AddTwoInts, 'quiet', (q) => ({ sum: q.a + q.b })));
    const spinning = executor.spinFor(8000);
    const r = await rclts('service', 'echo', `${NS}/quiet`, '--timeout-ms', '500');
    await spinning;
    expect(r.err).toContain(`No publishers on topic '${NS}/quiet/_service_event'`);
    expect(r.err).toContain('no service event');
    expect(r.code).toBe(1);
  }, 60_000);
});

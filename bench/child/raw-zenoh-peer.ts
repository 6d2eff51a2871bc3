/**
 * The service roles of bench/child/rclts-peer.ts on bare zenoh-ts: a queryable answering each
 * size with the bytes of the Trigger response rclts sends (reply and final corked into one
 * write, as rclts's server does), and a client of `get`s. Beside the rclts rows of the real-ROS 2
 * comparison it shows what the same calls cost without any rclts code; zenoh-ts allocates a
 * buffer per message, so its garbage collections are in these figures too.
 *
 * argv: <server | client> --prefix /name --sizes 16,1024 --router ws/127.0.0.1:PORT
 */
import { parseArgs } from 'node:util';
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { std_srvs } from '../../src/rclcpp/interfaces/generated/index.js';
import { answerRaw, rawGet } from '../harness/raw-query.js';
import { closeRawSession, openRawSession, zenohTs } from '../harness/router.js';
import { commands, gcCounter, say } from './peer-lines.js';

const CALL_BUDGET_MS = 3000;
const DISCOVERY_BUDGET_MS = 20_000;

/** The key of one size; a zenoh key has no leading slash. */
function keyOf(prefix: string, size: number): string {
  return `${prefix.replace(/^\/+/, '')}/raw_trigger_${size}`;
}

async function serve(session: Session, prefix: string, sizes: readonly number[]): Promise<void> {
  for (const size of sizes) {
    const body = std_srvs.srv.Trigger_Response.encode({ success: true, message: 'x'.repeat(size) });
    await session.declareQueryable(keyOf(prefix, size), {
      complete: true,
      handler: (q: Query) => answerRaw(q, body, true),
    });
  }
  const gcs = gcCounter();
  say({ type: 'ready' });
  await commands((c) => {
    if (c.cmd === 'gcs') say({ type: 'gcs', ...gcs() });
  });
}

async function call(session: Session, prefix: string, sizes: readonly number[]): Promise<void> {
  const z = await zenohTs();
  const request = std_srvs.srv.Trigger_Request.encode({});
  const once = (size: number) =>
    rawGet(z, session, keyOf(prefix, size), request, CALL_BUDGET_MS, (s) =>
      s.payload().len() < size ? `a reply of ${s.payload().len()} bytes for ${size}` : undefined,
    );
  for (const size of sizes) {
    const deadline = performance.now() + DISCOVERY_BUDGET_MS;
    for (;;) {
      const reached = await once(size).then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      if (reached === undefined) break;
      if (performance.now() > deadline) throw new Error(`${reached} (discovery budget ${DISCOVERY_BUDGET_MS} ms)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const gcs = gcCounter();
  say({ type: 'ready' });
  await commands(async (c) => {
    const size = c.size ?? -1;
    if (!sizes.includes(size)) throw new Error(`no queryable for size ${size}`);
    const us: number[] = [];
    gcs();
    for (let i = 0; i < (c.count ?? 0); i++) {
      const t0 = performance.now();
      await once(size);
      us.push(Math.round((performance.now() - t0) * 10_000) / 10);
    }
    say({ type: 'samples', size, us, gc: gcs() });
  });
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { prefix: { type: 'string' }, sizes: { type: 'string', default: '16' }, router: { type: 'string' } },
  });
  const role = positionals[0];
  if (values.router === undefined) throw new Error('--router is required');
  const prefix = values.prefix ?? '/raw_bench';
  const sizes = values.sizes.split(',').filter(Boolean).map(Number);
  const session = await openRawSession(values.router);
  try {
    if (role === 'server') await serve(session, prefix, sizes);
    else if (role === 'client') await call(session, prefix, sizes);
    else throw new Error(`unknown role ${String(role)}`);
  } finally {
    await closeRawSession(session);
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    say({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  },
);

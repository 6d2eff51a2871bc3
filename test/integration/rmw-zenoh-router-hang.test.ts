/**
 * A router that hangs (SIGSTOP) rather than exits: the WebSocket stays open, so only the
 * heartbeat can tell. Pending calls still answer within their budgets; the loss is noticed
 * within two unanswered pings; after SIGCONT the session recovers by itself.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwEvent, RmwReply } from '../../src/rmw/rmw.js';
import { closeAll, freezeRouter, serviceSpec, session, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

let router: RunningRouter | undefined;
afterEach(async () => {
  await closeAll();
  if (router !== undefined) {
    process.kill(router.pid, 'SIGCONT');
    await router.stop();
  }
  router = undefined;
});

describe('zenoh rmw when the router hangs', () => {
  it('answers within budget, notices the hang by heartbeat, recovers after it resumes', async () => {
    router = await startRouter({ binary: inject('routerBinary') });
    const prefix = uniquePrefix('hang');
    const a = await session(router.locator);
    const events: RmwEvent[] = [];
    a.onEvent((e) => events.push(e));
    const n = a.createNode({ name: 'n', namespace: '/', enclave: '/' });
    if (!n.ok) throw new Error('node');
    const server = n.value.createServiceServer(serviceSpec(`/${prefix}/s`), (r) => r.respond(new Uint8Array([1])));
    const replies: RmwReply[] = [];
    const client = n.value.createServiceClient(serviceSpec(`/${prefix}/s`), (r) => replies.push(r));
    if (!server.ok || !client.ok) throw new Error('endpoint');
    expect(
      await waitFor(
        () => client.value.serviceIsReady().ok && (client.value.serviceIsReady() as { value: boolean }).value,
      ),
    ).toBe(true);

    await freezeRouter(router.pid);
    const sent = Date.now();
    expect(client.value.sendRequest(new Uint8Array([0]), 2000).ok).toBe(true);
    expect(await waitFor(() => replies.length === 1, 4000)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(2000 + 1000);
    expect(replies[0]).toMatchObject({ kind: 'error', code: -2 });

    // Two unanswered pings, 5 s each, after at most a 1 s beat.
    expect(await waitFor(() => events.some((e) => e.type === 'connection_lost'), 15_000)).toBe(true);
    expect(a.isConnected()).toBe(false);
    // The stall was reported first, while the link still looked open.
    const kinds = events.map((e) => e.type);
    expect(kinds).toContain('stalled');
    expect(kinds.indexOf('stalled')).toBeLessThan(kinds.indexOf('connection_lost'));

    process.kill(router.pid, 'SIGCONT');
    expect(await waitFor(() => events.some((e) => e.type === 'reconnected'), 15_000)).toBe(true);
    expect(
      await waitFor(
        () => client.value.serviceIsReady().ok && (client.value.serviceIsReady() as { value: boolean }).value,
        10_000,
      ),
    ).toBe(true);
    client.value.sendRequest(new Uint8Array([0]), 5000);
    expect(await waitFor(() => replies.length === 2, 6000)).toBe(true);
    expect(replies[1]?.kind).toBe('reply');
  }, 60_000);
});

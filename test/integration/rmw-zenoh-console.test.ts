/**
 * Opening and closing zenoh sessions prints nothing: rclts opens the socket and builds the
 * session itself (open-session.ts), so zenoh-ts's connection lines ("Connected to ...",
 * "Successfully opened session ...", "Restart connection") are never logged, and the console
 * is not patched to hide them (the user's own lines, even ones that look like zenoh-ts's, get
 * through).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import { closeAll, session } from '../support/rmw-zenoh-fixtures.js';

const methods = ['warn', 'log', 'error', 'info', 'debug'] as const;
const spies = methods.map((m) => vi.spyOn(console, m));
afterAll(() => {
  for (const spy of spies) spy.mockRestore();
});

function printed(): string[] {
  return spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' ')));
}

describe('console', () => {
  it('opening and closing a session, or failing to open one, prints nothing', async () => {
    const s = await session();
    await new Promise((r) => setTimeout(r, 100));
    await closeAll();
    expect(s.isConnected()).toBe(false);
    const r = await openZenohRmwSession('ws/127.0.0.1:1', { connectBudgetMs: 300 });
    expect(r.ok).toBe(false);
    expect(printed()).toEqual([]);
  });

  it("lets the user's lines through, whatever they say", () => {
    console.warn('Connected to ws://my-own-thing');
    console.log('Restart connection');
    expect(printed()).toEqual(['Connected to ws://my-own-thing', 'Restart connection']);
  });
});

/**
 * zenoh-ts's console chatter stays out of the user's terminal unless RCLTS_LOG=zenoh.
 * The spies are installed before the backend loads, so the filter wraps them exactly as it
 * wraps the real console.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

const warn = vi.spyOn(console, 'warn');
const log = vi.spyOn(console, 'log');
afterAll(() => {
  warn.mockRestore();
  log.mockRestore();
});

const { openZenohRmwSession, isZenohTsChatter } = await import('../../src/rmw/zenoh/index.js');
const { closeAll, session } = await import('./rmw-zenoh-fixtures.js');

function printed(): string[] {
  return [...warn.mock.calls, ...log.mock.calls].map((args) => args.map(String).join(' '));
}

describe('console noise', () => {
  it("knows zenoh-ts's lines and nothing else", () => {
    expect(isZenohTsChatter(['Connected to', 'ws://127.0.0.1:1'])).toBe(true);
    expect(isZenohTsChatter(['Successfully opened session with id: 1234'])).toBe(true);
    expect(isZenohTsChatter(['WebSocket has been disconnected from remote-api-plugin: 1006'])).toBe(true);
    expect(isZenohTsChatter(['Received reply for inexistant query 12'])).toBe(true);
    expect(isZenohTsChatter(['Connected users: 3'])).toBe(false);
    expect(isZenohTsChatter(['my own warning'])).toBe(false);
  });

  it('opening and closing a session prints nothing; other messages still get through', async () => {
    const s = await session();
    await new Promise((r) => setTimeout(r, 100));
    await closeAll();
    expect(s.isConnected()).toBe(false);
    expect(printed().filter((l) => isZenohTsChatter([l]))).toEqual([]);
    console.warn('Connected users: 3');
    expect(printed()).toContain('Connected users: 3');
    // A failed open prints nothing either.
    const r = await openZenohRmwSession('ws/127.0.0.1:1', { connectBudgetMs: 300 });
    expect(r.ok).toBe(false);
    expect(printed().filter((l) => isZenohTsChatter([l]))).toEqual([]);
  });

  it('RCLTS_LOG=zenoh lets the lines through', () => {
    const before = process.env.RCLTS_LOG;
    process.env.RCLTS_LOG = 'zenoh';
    try {
      console.warn('Restart connection');
    } finally {
      if (before === undefined) delete process.env.RCLTS_LOG;
      else process.env.RCLTS_LOG = before;
    }
    expect(printed()).toContain('Restart connection');
    console.warn('Restart connection');
    expect(printed().filter((l) => l === 'Restart connection')).toHaveLength(1);
  });
});

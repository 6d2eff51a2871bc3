/**
 * Opening and closing zenoh sessions (pub/sub and a service on the real router) leaves every
 * process global exactly as it was: globalThis's own properties, console and its methods, the
 * prototypes of the built-ins rclts uses, and a global WebSocket the user defined (never
 * wrapped, never replaced), or its absence on Node 20 (never defined).
 */
import { describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { closeAll, session, talkAndCall } from '../support/rmw-zenoh-fixtures.js';

type Snapshot = Map<string, unknown>;

/** Every own property descriptor of `target`, its get/set/value compared by identity. */
function describeOwn(into: Snapshot, label: string, target: object | undefined): void {
  if (target === undefined) {
    into.set(label, ['absent']);
    return;
  }
  for (const key of Reflect.ownKeys(target)) {
    const d = Object.getOwnPropertyDescriptor(target, key);
    if (d === undefined) continue;
    into.set(`${label}.${String(key)}`, [d.value, d.get, d.set, d.writable, d.enumerable, d.configurable]);
  }
}

function snapshot(): Snapshot {
  const g = globalThis as Record<string, unknown>;
  const s: Snapshot = new Map();
  // Node defines some globals lazily (the first read replaces a getter by its value): read them first.
  for (const key of Reflect.ownKeys(globalThis)) void Reflect.get(globalThis, key);
  describeOwn(s, 'globalThis', globalThis);
  describeOwn(s, 'console', console);
  describeOwn(s, 'Object.prototype', Object.prototype);
  describeOwn(s, 'Function.prototype', Function.prototype);
  describeOwn(s, 'Array.prototype', Array.prototype);
  describeOwn(s, 'Uint8Array.prototype', Uint8Array.prototype);
  describeOwn(s, 'ArrayBuffer.prototype', ArrayBuffer.prototype);
  describeOwn(s, 'Promise.prototype', Promise.prototype);
  describeOwn(s, 'Map.prototype', Map.prototype);
  describeOwn(s, 'WebSocket', typeof g.WebSocket === 'function' ? (g.WebSocket as object) : undefined);
  describeOwn(s, 'WebSocket.prototype', (g.WebSocket as { prototype?: object } | undefined)?.prototype);
  describeOwn(s, 'ws.WebSocket.prototype', WsWebSocket.prototype);
  return s;
}

function changes(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const changed: string[] = [];
  for (const key of keys) {
    const a = before.get(key) as unknown[] | undefined;
    const b = after.get(key) as unknown[] | undefined;
    const same = a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
    if (!same) changed.push(key);
  }
  return changed;
}

/** Two sessions: a sample published and heard, a request answered; then everything closed. */
async function openUseAndClose(): Promise<void> {
  await talkAndCall(await session(), await session());
  await closeAll();
}

describe('process globals', () => {
  const g = globalThis as { WebSocket?: unknown };

  it('are untouched where the runtime has no global WebSocket (none is defined)', async () => {
    const own = g.WebSocket;
    delete g.WebSocket; // Node 20 has none; a newer Node's is put back below
    try {
      const before = snapshot();
      await openUseAndClose();
      expect(changes(before, snapshot())).toEqual([]);
      expect('WebSocket' in globalThis).toBe(false);
    } finally {
      if (own !== undefined) g.WebSocket = own;
    }
  });

  it('are untouched when the user defined a global WebSocket: it is neither wrapped nor replaced', async () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
    class UserWebSocket extends WsWebSocket {}
    Object.defineProperty(globalThis, 'WebSocket', { value: UserWebSocket, writable: true, configurable: true });
    try {
      const before = snapshot();
      await openUseAndClose();
      expect(changes(before, snapshot())).toEqual([]);
      expect(g.WebSocket).toBe(UserWebSocket);
    } finally {
      if (own === undefined) delete g.WebSocket;
      else Object.defineProperty(globalThis, 'WebSocket', own);
    }
  });
});

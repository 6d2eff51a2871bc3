/**
 * What the frame tests (rmw-zenoh-put-frames, rmw-zenoh-reply-frames) share: zenoh-ts itself,
 * raw zenoh-ts sessions on the shared router, and the frames a session hands to its socket.
 */
import type { Query, Session } from '@eclipse-zenoh/zenoh-ts';
import { expect } from 'vitest';
import type { RmwReply, RmwSession } from '../../src/rmw/rmw.js';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';
import { innerOf } from '../../src/rmw/zenoh/zenoh-ts/session-internals.js';
import { loadZenohTs, type ZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import {
  closeAll,
  nodeSpec,
  serviceSpec,
  session,
  sharedLocator,
  uniquePrefix,
  waitFor,
} from './rmw-zenoh-fixtures.js';

const raw: Session[] = [];

export async function zenohTs(): Promise<ZenohTs> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  return z.value;
}

/** A zenoh-ts session on the shared router; closed by closeRawSessions(). */
export async function rawSession(): Promise<Session> {
  const s = await openZenohSession(sharedLocator(), 5000);
  if (!s.ok) throw new Error(s.error.message);
  raw.push(s.value);
  return s.value;
}

/** The frame tests' afterEach: their rclts sessions and their raw zenoh-ts sessions. */
export async function closeFrameTestSessions(): Promise<void> {
  await closeAll();
  await closeRawSessions();
}

async function closeRawSessions(): Promise<void> {
  for (const s of raw.splice(0)) await closeZenohSession(s);
}

type Sendable = { send(data: unknown): void; readonly bufferedAmount: number };

export function socketOf(session: Session): Sendable {
  const ws = innerOf(session)?.link?.ws;
  if (ws === undefined) throw new Error('no socket under the session');
  return ws as Sendable;
}

/** The frames handed to the session's socket while `fn` runs. */
export function framesSentDuring(session: Session, fn: () => void): Uint8Array[] {
  const ws = socketOf(session);
  const frames: Uint8Array[] = [];
  const send = ws.send;
  ws.send = function (this: unknown, data: unknown) {
    frames.push(new Uint8Array(data as Uint8Array));
    send.call(this, data);
  };
  try {
    fn();
  } finally {
    ws.send = send;
  }
  return frames;
}

export const pattern = (size: number) => new Uint8Array(size).map((_, i) => (i * 31 + 7) & 0xff);

/**
 * `session`'s own `sendMessage`, changed to write one byte more at the end of every message:
 * what a changed message layout would look like to a frame self-check.
 */
export function oneByteLonger(session: Session): (msg: unknown) => Promise<unknown> {
  const inner = innerOf(session) as unknown as { sendMessage: (this: unknown, msg: unknown) => Promise<unknown> };
  const real = inner.sendMessage;
  return function (this: { link: { send(b: Uint8Array): Promise<void> } }, msg: unknown) {
    const link = { send: (b: Uint8Array) => this.link.send(Uint8Array.from([...b, 0])) };
    return real.call({ link }, msg);
  };
}

/** Runs `fn` while `session` sends through `oneByteLonger`, then restores its own sendMessage. */
export function whileOneByteLonger<T>(session: Session, fn: () => T): T {
  const inner = innerOf(session) as unknown as { sendMessage: (msg: unknown) => Promise<unknown> };
  const real = inner.sendMessage;
  inner.sendMessage = oneByteLonger(session);
  try {
    return fn();
  } finally {
    inner.sendMessage = real;
  }
}

/**
 * An rclts service client (its replies collected) and a raw zenoh-ts queryable on its key that
 * hands every query to `answer`, the client ready.
 */
export async function clientAndRawServer(label: string, answer: (q: Query, key: string) => void) {
  const caller = (await session()).createNode(nodeSpec(`${label}_client`));
  if (!caller.ok) throw new Error('node');
  const replies: RmwReply[] = [];
  const made = caller.value.createServiceClient(serviceSpec(`/${uniquePrefix(label)}/echo`), (r) => replies.push(r));
  if (!made.ok) throw new Error(made.error.message);
  const client = made.value;
  expect((await client.ready()).ok).toBe(true);
  const raw = await rawSession();
  const queries: Query[] = [];
  const queryable = await raw.declareQueryable(client.key, {
    complete: true,
    handler: (q: Query) => {
      queries.push(q);
      answer(q, client.key);
    },
  });
  const ready = () => {
    const r = client.serviceIsReady();
    return r.ok && r.value;
  };
  expect(await waitFor(ready)).toBe(true);
  return { client, replies, queries, queryable };
}

/** Counts calls of `proto[name]` while `fn` runs. */
export async function counting<T>(proto: object, name: string, fn: () => Promise<T>): Promise<[T, number]> {
  const host = proto as Record<string, (...args: unknown[]) => unknown>;
  const real = host[name]!;
  let calls = 0;
  host[name] = function (this: unknown, ...args: unknown[]) {
    calls += 1;
    return real.apply(this, args);
  };
  try {
    return [await fn(), calls];
  } finally {
    host[name] = real;
  }
}

/** The zenoh-ts session under an rclts rmw session (its connection's current one). */
export function zenohSessionOf(s: RmwSession): Session {
  const connection = (s as unknown as { connection: { current(): Session | undefined } }).connection;
  const z = connection.current();
  if (z === undefined) throw new Error('not connected');
  return z;
}

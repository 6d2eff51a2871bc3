/**
 * The two things rclts needs from zenoh-ts that its public API does not offer, reached
 * defensively in one place: the session's WebSocket (to hear at once when the router goes
 * away — zenoh-ts only logs that) and the remote-api ping (a cheap liveness probe; the
 * public `info()` does a heavier round trip). Every access is guarded: if a zenoh-ts release
 * moves these, rclts falls back to `info()` and to its heartbeat instead of failing.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';

interface SocketLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  readonly readyState: number;
}

interface SessionInnerLike {
  link?: { ws?: unknown };
  ping?: () => Promise<unknown>;
}

function innerOf(session: Session): SessionInnerLike | undefined {
  const inner = (session as unknown as { inner?: unknown }).inner;
  return typeof inner === 'object' && inner !== null ? (inner as SessionInnerLike) : undefined;
}

/** The WebSocket under the session, when it can be reached. */
export function socketOf(session: Session): SocketLike | undefined {
  const ws = innerOf(session)?.link?.ws as Partial<SocketLike> | undefined;
  if (ws === undefined || typeof ws.addEventListener !== 'function' || typeof ws.removeEventListener !== 'function')
    return undefined;
  return ws as SocketLike;
}

/** One remote-api round trip; rejects when the plugin does not answer (500 ms in zenoh-ts). */
export async function pingSession(session: Session): Promise<void> {
  const inner = innerOf(session);
  const ping = inner?.ping;
  if (typeof ping === 'function') {
    await requestWhenDrained(session, () => ping.call(inner));
    return;
  }
  await requestWhenDrained(session, () => session.info());
}

/** Whether the session's socket is known to be closed (no socket reachable: not known). */
export function socketClosed(session: Session): boolean {
  const ws = socketOf(session);
  return ws !== undefined && ws.readyState >= 2;
}

/** zenoh-ts's link.send sends at once (synchronously) while the socket holds at most this much. */
const LINK_SENDS_AT_ONCE_BYTES = 2 * 1024 * 1024;

interface CorkableSocket {
  cork(): void;
  uncork(): void;
}

/**
 * Runs `sends` with the TCP socket of the query's session corked, so every frame zenoh-ts hands to `ws`
 * in it leaves in one write (one segment when small): a query's reply and its final sent as
 * two segments let the router, which does not set TCP_NODELAY, hold the final back ~40 ms.
 * Returns false without running `sends` unless the socket is reachable, open and under
 * zenoh-ts's 2 MB threshold; past it zenoh-ts defers each send on its own timer, and the
 * caller keeps its ordered path so the final cannot overtake the reply.
 */
export function sendCorked(query: unknown, sends: () => void): boolean {
  let tcp: CorkableSocket | undefined;
  try {
    const link = (query as { session?: { link?: { isOk?: unknown; ws?: unknown } } } | undefined)?.session?.link;
    if (link === undefined || link.isOk === false) return false;
    const socket = link.ws as
      | { readyState?: unknown; bufferedAmount?: unknown; _socket?: unknown; inner?: { _socket?: unknown } }
      | undefined;
    if (socket === undefined || socket.readyState !== 1) return false;
    if (typeof socket.bufferedAmount !== 'number' || socket.bufferedAmount > LINK_SENDS_AT_ONCE_BYTES) return false;
    // `ws`'s net.Socket, on the WebSocket or under rclts's connect facade (connect-attempt.ts).
    const candidate = (socket._socket ?? socket.inner?._socket) as Partial<CorkableSocket> | null | undefined;
    if (typeof candidate?.cork !== 'function' || typeof candidate.uncork !== 'function') return false;
    tcp = candidate as CorkableSocket;
    tcp.cork();
  } catch {
    return false;
  }
  try {
    sends();
  } finally {
    try {
      tcp.uncork();
    } catch {
      // the socket is going away; its close is reported elsewhere
    }
  }
  return true;
}

interface QueryClosure {
  callback: (query: unknown) => void;
  drop: () => void;
}

/** How long a query for a not-yet-registered queryable is held before it is finalized. */
const EARLY_QUERY_HOLD_MS = 5000;
/** Undeclared queryable ids remembered, so late queries for them are finalized at once. */
const GONE_IDS_KEPT = 4096;

/**
 * Finalizes a query unless its session's link is closed. zenoh-ts's `Query.finalize()` does
 * not await its own send, so a send that fails (on a link rclts marked dead) would surface as
 * an unhandled rejection; the check runs in the same synchronous step as the send.
 */
export function finalizeQuietly(query: unknown): void {
  try {
    const q = query as {
      finalize?: () => Promise<void>;
      session?: { link?: { isOk?: unknown; ws?: { readyState?: unknown } } };
    };
    const link = q.session?.link;
    if (link !== undefined && (link.isOk === false || (link.ws !== undefined && link.ws.readyState !== 1))) return;
    void q.finalize?.().catch(() => {});
  } catch {
    // the session is going away
  }
}

/** How long a close waits for the WebSocket's closing handshake (`ws` itself gives a silent peer 30 s). */
export const CLOSE_BUDGET_MS = 2000;

/**
 * Closes a zenoh-ts session without letting its un-awaited internals reject unhandled:
 * `Session.close()` fires `SessionInner.close()` without awaiting it, and that rejects when
 * the WebSocket reports an error while closing. Here the inner close is awaited and caught,
 * for at most `budgetMs`: the inner close waits for the router's side of the closing
 * handshake, which a stalled router never sends. Resolves once the session is closed or the
 * budget ran out; `session.isClosed()` tells which.
 */
export async function closeSessionQuietly(session: Session, budgetMs = CLOSE_BUDGET_MS): Promise<void> {
  const inner = (session as unknown as { inner?: { close?: () => Promise<void>; isClosed?: () => boolean } }).inner;
  let closing: Promise<void>;
  try {
    if (inner !== undefined && typeof inner.close === 'function') {
      if (inner.isClosed?.() === true) return;
      closing = inner.close();
    } else {
      closing = session.close();
    }
  } catch {
    return; // closing a broken socket: nothing left to do
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    closing.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * zenoh-ts registers a queryable's callback only after the plugin confirmed the declaration,
 * and the plugin may forward a query before that confirmation (or `ws` may hand both to us
 * in one synchronous burst). zenoh-ts then drops the query without finalizing it and the
 * caller waits out its whole timeout. This table stands in for zenoh-ts's queryable map:
 * a query for an id not registered yet is held until the id is registered (then delivered),
 * and a query for an id already undeclared is finalized at once (the caller sees "no reply").
 */
class QueryableTable extends Map<number, QueryClosure> {
  private readonly early = new Map<number, { queries: unknown[]; timer: ReturnType<typeof setTimeout> }>();
  private readonly gone = new Set<number>();

  override get(id: number): QueryClosure | undefined {
    const known = super.get(id);
    if (known !== undefined) return known;
    if (this.gone.has(id)) return { callback: finalizeQuietly, drop: () => {} };
    return { callback: (q) => this.hold(id, q), drop: () => {} };
  }

  override set(id: number, closure: QueryClosure): this {
    super.set(id, closure);
    const held = this.early?.get(id);
    if (held !== undefined) {
      this.early.delete(id);
      clearTimeout(held.timer);
      for (const q of held.queries) closure.callback(q);
    }
    return this;
  }

  override delete(id: number): boolean {
    if (this.gone !== undefined) {
      this.gone.add(id);
      if (this.gone.size > GONE_IDS_KEPT) this.gone.delete(this.gone.values().next().value as number);
    }
    // Queries held for a queryable that will never be registered (a timed-out declaration undone).
    const held = this.early?.get(id);
    if (held !== undefined) {
      this.early.delete(id);
      clearTimeout(held.timer);
      for (const q of held.queries) finalizeQuietly(q);
    }
    return super.delete(id);
  }

  override clear(): void {
    for (const { queries, timer } of this.early?.values() ?? []) {
      clearTimeout(timer);
      for (const q of queries) finalizeQuietly(q);
    }
    this.early?.clear();
    super.clear();
  }

  private hold(id: number, query: unknown): void {
    let entry = this.early.get(id);
    if (entry === undefined) {
      const timer = setTimeout(() => {
        const e = this.early.get(id);
        this.early.delete(id);
        for (const q of e?.queries ?? []) finalizeQuietly(q);
      }, EARLY_QUERY_HOLD_MS);
      (timer as { unref?: () => void }).unref?.();
      entry = { queries: [], timer };
      this.early.set(id, entry);
    }
    entry.queries.push(query);
  }
}

/**
 * Installs QueryableTable on a fresh session (before anything is declared). Returns false
 * when zenoh-ts's internals are not where 1.10.1 keeps them (then nothing is changed).
 */
export function guardEarlyQueries(session: Session): boolean {
  const inner = (session as unknown as { inner?: { queryables?: unknown } }).inner;
  if (typeof inner !== 'object' || inner === null || !(inner.queryables instanceof Map)) return false;
  if (inner.queryables instanceof QueryableTable) return true;
  const table = new QueryableTable();
  for (const [id, closure] of inner.queryables as Map<number, QueryClosure>) table.set(id, closure);
  inner.queryables = table;
  return true;
}

/** Below zenoh-ts's 2 MB WebSocket back-pressure threshold, with room to spare. */
const DRAINED_BYTES = 1024 * 1024;
const DRAIN_POLL_MS = 5;

/**
 * Runs a zenoh-ts call that expects an answer from the plugin (declare, undeclare, ping,
 * matching status) only once the session's WebSocket buffer is below zenoh-ts's back-pressure
 * threshold. zenoh-ts starts its 500 ms answer timer before it waits for that buffer to drain
 * and attaches the timer's rejection handler only after; a wait longer than 500 ms (behind a
 * multi-megabyte publication) would otherwise surface as an unhandled promise rejection.
 * The check and the call run in the same synchronous step, so nothing can fill the buffer
 * in between.
 */
export async function requestWhenDrained<T>(session: Session, call: () => Promise<T>): Promise<T> {
  const ws = socketOf(session) as (SocketLike & { bufferedAmount?: number }) | undefined;
  // A stalled router keeps the socket open and its buffer full; without a budget the heartbeat's
  // ping would wait here forever and never count a miss.
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  for (;;) {
    // On a closed socket zenoh-ts's request would fail after arming its timer, orphaning it.
    if (linkIsDead(session) || (ws !== undefined && ws.readyState !== 1)) throw new Error('WebSocket is closed');
    if (ws === undefined || typeof ws.bufferedAmount !== 'number' || ws.bufferedAmount <= DRAINED_BYTES) return call();
    if (Date.now() >= deadline) {
      throw new Error(
        `the WebSocket to the router did not drain below ${DRAINED_BYTES} bytes within ${REQUEST_TIMEOUT_MS} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
  }
}

/**
 * Ends zenoh-ts's wait for a dead socket's buffer. zenoh-ts's send loop waits while more than
 * 2 MB are buffered and means to stop when the socket is closed, but tests `this.isOk` (a
 * method, always truthy) instead of calling it, so on a socket that died with megabytes
 * queued it would poll forever and keep the process alive. Shadowing `isOk` with `false`
 * makes that loop (and any later send) throw "WebSocket is closed", which rclts catches.
 */
function linkIsDead(session: Session): boolean {
  const link = innerOf(session)?.link as { isOk?: unknown } | undefined;
  return link !== undefined && link.isOk === false;
}

export function markLinkDead(session: Session): void {
  const link = innerOf(session)?.link;
  if (typeof link !== 'object' || link === null) return;
  try {
    Object.defineProperty(link, 'isOk', { value: false, configurable: true, writable: true });
  } catch {
    // a frozen link: nothing to do
  }
}

/**
 * How long zenoh-ts waits for the plugin to answer a request (declare, undeclare, ping).
 * Its default, 500 ms, is shorter than the plugin takes to get through a few large
 * publications queued ahead of the request; a declaration would then fail on a healthy link.
 */
export const REQUEST_TIMEOUT_MS = 5000;

export function setRequestTimeout(session: Session, ms: number): void {
  const inner = innerOf(session) as { messageResponseTimeoutMs?: unknown } | undefined;
  if (inner !== undefined && typeof inner.messageResponseTimeoutMs === 'number') inner.messageResponseTimeoutMs = ms;
}

/** What one zenoh-ts call asked the plugin, as far as undoing it goes. */
export type SentRequest =
  | { readonly kind: 'declaration'; readonly undeclare: () => Promise<void> }
  | { readonly kind: 'request' }
  | { readonly kind: 'unknown' };

/** zenoh-ts's declaration messages and the inner call that undoes each, by id. */
const UNDECLARE_BY_MESSAGE: Readonly<Record<string, string>> = {
  DeclarePublisher: 'undeclarePublisher',
  DeclareSubscriber: 'undeclareSubscriber',
  DeclareQueryable: 'undeclareQueryable',
  DeclareQuerier: 'undeclareQuerier',
  DeclareLivelinessToken: 'undeclareLivelinessToken',
  DeclareLivelinessSubscriber: 'undeclareLivelinessSubscriber',
  PublisherDeclareMatchingListener: 'undeclareMatchingListener',
  QuerierDeclareMatchingListener: 'undeclareMatchingListener',
};

type SendRequest = (msg: unknown, ...rest: unknown[]) => Promise<unknown>;
/** The messages zenoh-ts sends while withSentRequest's call runs (synchronously). */
let capturing: unknown[] | undefined;
const tapped = new WeakSet<object>();

function tapRequests(inner: SessionInnerLike & { sendRequest?: unknown }): boolean {
  if (tapped.has(inner)) return true;
  const original = inner.sendRequest;
  if (typeof original !== 'function') return false;
  const send = original as SendRequest;
  inner.sendRequest = function (this: unknown, msg: unknown, ...rest: unknown[]) {
    capturing?.push(msg);
    return send.call(this, msg, ...rest);
  } satisfies SendRequest;
  tapped.add(inner);
  return true;
}

/**
 * Runs one zenoh-ts call and tells which request it sent: zenoh-ts picks a declaration's id
 * itself and forgets it when the answer times out, so this is the only way to undeclare a
 * declaration the plugin carries out after the timeout. zenoh-ts builds the message in the
 * synchronous part of every declare call, so the capture covers exactly this call.
 */
export function withSentRequest<T>(
  session: Session,
  call: () => Promise<T>,
): { result: Promise<T>; sent: SentRequest } {
  const inner = innerOf(session) as
    | (SessionInnerLike & { sendRequest?: unknown } & Record<string, unknown>)
    | undefined;
  if (inner === undefined || !tapRequests(inner)) return { result: call(), sent: { kind: 'unknown' } };
  const outer = capturing;
  const mine: unknown[] = [];
  capturing = mine;
  let result: Promise<T>;
  try {
    result = call();
  } finally {
    capturing = outer;
  }
  if (mine.length !== 1) return { result, sent: { kind: 'unknown' } };
  const msg = mine[0] as { constructor?: { name?: unknown }; id?: unknown } | null;
  const name = typeof msg?.constructor?.name === 'string' ? msg.constructor.name : '';
  const method = UNDECLARE_BY_MESSAGE[name];
  if (method !== undefined) {
    const undo = inner[method];
    const id = msg?.id;
    if (typeof undo !== 'function' || typeof id !== 'number') return { result, sent: { kind: 'unknown' } };
    return {
      result,
      sent: { kind: 'declaration', undeclare: () => (undo as (id: number) => Promise<void>).call(inner, id) },
    };
  }
  // A declaration this table does not know could not be undone: not retried.
  if (name.includes('Declare')) return { result, sent: { kind: 'unknown' } };
  return { result, sent: { kind: 'request' } };
}

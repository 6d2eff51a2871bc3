/**
 * A tap on zenoh-ts's `sendRequest`, the one call every request to the remote-api plugin goes
 * through. It tells which request a call sent (so a late declaration can be undone), and it
 * retires a closed session's requests: zenoh-ts arms a timer (REQUEST_TIMEOUT_MS) for every
 * request before sending it and clears it only when the answer comes, so an undeclaration
 * sent while a session closes would hold the process for that long after `close()`. Installing
 * it also puts in the tables that take late answers and deliveries quietly (late-answers.ts,
 * late-deliveries.ts).
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { takeLateAnswersQuietly } from './late-answers.js';
import { takeLateDeliveriesQuietly } from './late-deliveries.js';
import { innerOf, type SessionInnerLike } from './session-internals.js';

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
const retired = new WeakSet<object>();
const RETIRED = 'WebSocket is closed (the session was closed)';

/** Installs the tap on a fresh session; false when zenoh-ts's internals moved. */
export function tapSession(session: Session): boolean {
  const inner = innerOf(session) as (SessionInnerLike & { sendRequest?: unknown }) | undefined;
  return inner !== undefined && tapRequests(inner);
}

/**
 * The session is closed or lost: its later requests fail at once, and those still waiting for
 * an answer fail now, which clears zenoh-ts's timer of each (every caller handles a failed
 * request). zenoh-ts resolves a request through its entry in `pendingMessageResponses`; an
 * answer id no request expects makes it reject.
 */
export function retireRequests(session: Session): void {
  const inner = innerOf(session);
  if (inner !== undefined) retireInnerRequests(inner);
}

/** retireRequests for a `SessionInner` not wrapped in a Session yet (an opening that gave up). */
export function retireInnerRequests(inner: object): void {
  retired.add(inner);
  const pending = (inner as { pendingMessageResponses?: unknown }).pendingMessageResponses;
  if (!(pending instanceof Map)) return;
  const waiting = [...pending.values()] as unknown[];
  pending.clear();
  for (const answer of waiting) {
    try {
      if (typeof answer === 'function') answer([NO_SUCH_ANSWER, undefined]);
    } catch {
      // zenoh-ts's handler failed: its request is rejected all the same
    }
  }
}
/** No remote-api message has this id, so a request answered with it rejects. */
const NO_SUCH_ANSWER = -1;

function tapRequests(inner: SessionInnerLike & { sendRequest?: unknown }): boolean {
  if (tapped.has(inner)) return true;
  const original = inner.sendRequest;
  if (typeof original !== 'function' || !takeLateAnswersQuietly(inner) || !takeLateDeliveriesQuietly(inner))
    return false;
  const send = original as SendRequest;
  inner.sendRequest = function (this: unknown, msg: unknown, ...rest: unknown[]) {
    capturing?.push(msg);
    // Refused before zenoh-ts arms its answer timer.
    if (retired.has(inner)) return Promise.reject(new Error(RETIRED));
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

/**
 * Service clients. The entry sends requests and queues the replies, correlated by the
 * sequence number the rmw returned; replies for requests it no longer waits for (after
 * reset, or abandoned) are dropped. At most `maxInFlight` requests await their reply, and
 * the reply queue holds that many, so a reply is never dropped for want of room: every
 * accepted request ends in one handler call. ClientHandle is the two-word handle whose verbs
 * look the entry up in the executor.
 */

import { checkBudget } from '../budget.js';
import type { EntryHost } from '../executor/entry.js';
import { EntryKind } from '../executor/entry.js';
import { QueuedEntry } from '../executor/queued-entry.js';
import { describeThrown, describeValue, err, errCode, ok, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwReply, RmwServiceClient } from '../rmw/rmw.js';
import type { ClientHandle, Node, QoSLike, ResponseHandler, SendRequestOptions } from './api.js';
import { entryOf, Handle, readHandle } from './handle.js';
import { closeEncodeLease, openEncodeLease } from './interfaces/runtime/encode-lease.js';
import {
  configureIntrospection,
  type ServiceEventPublisher,
  ServiceEventType,
  type ServiceIntrospectionState,
} from './introspection/index.js';
import type { Clock } from './time/clock.js';
import { checkFunction, decodeMessage, encodeMessage, readOptions } from './type-check.js';
import type { ServiceType } from './type-support.js';

/** Default budget of one request sent with asyncSendRequest. */
export const DEFAULT_REQUEST_BUDGET_MS = 10_000;

/** ClientOptions read once and checked; maxRequestsInFlight defaults later, from the QoS depth. */
export interface ClientSettings {
  readonly qos: unknown;
  readonly requestBudgetMs: number;
  readonly maxRequestsInFlight: number | undefined;
}

export function readClientOptions(options: unknown): ResultOf<ClientSettings> {
  const o = readOptions('options', options, ['qos', 'requestBudgetMs', 'maxRequestsInFlight']);
  if (!o.ok) return o;
  const { qos, maxRequestsInFlight } = o.value;
  const requestBudgetMs = o.value.requestBudgetMs ?? DEFAULT_REQUEST_BUDGET_MS;
  const b = checkBudget('options.requestBudgetMs', requestBudgetMs);
  if (!b.ok) return b;
  if (
    maxRequestsInFlight !== undefined &&
    (typeof maxRequestsInFlight !== 'number' || !Number.isSafeInteger(maxRequestsInFlight) || maxRequestsInFlight < 1)
  ) {
    return err(
      'InvalidArgument',
      `options.maxRequestsInFlight must be an integer >= 1, got ${describeValue(maxRequestsInFlight)}`,
    );
  }
  return ok({ qos, requestBudgetMs: requestBudgetMs as number, maxRequestsInFlight });
}

/** sent: awaiting the reply; queued: the reply waits for a round; abandoned: queued, then given up. */
type RequestState = 'sent' | 'queued' | 'abandoned';

/**
 * What only some clients use, in one object made on first need: most clients of a large graph
 * never send, are never polled and never introspected (an idle client's size is a benchmark row).
 */
interface ClientExtras<Res> {
  /** Every request that holds a slot, until its reply is handled or dropped (see `pending`). */
  pending: Map<bigint, RequestState> | undefined;
  /** The completions given with single requests (asyncSendRequest's onResponse), by sequence number. */
  completions: Map<bigint, ResponseHandler<Res>> | undefined;
  /** Told when the entry is released (a PollClient settles its in-flight Future then). */
  onReleased: (() => void) | undefined;
  /** Set while introspection is on (configureIntrospection). */
  introspection: ServiceEventPublisher | undefined;
}

export class ClientEntry<Req, Res> extends QueuedEntry<RmwReply> {
  rmw: RmwServiceClient | undefined;
  /** The node that made it (set by the node): where an introspection publisher is created. */
  node: Node | undefined;
  private extras: ClientExtras<Res> | undefined;

  constructor(
    host: EntryHost,
    service: string,
    maxInFlight: number,
    readonly type: ServiceType<Req, Res>,
    private readonly onResponse: ResponseHandler<Res>,
    readonly requestBudgetMs: number,
  ) {
    // Room for every reply that can be pending: the queue never drops one.
    super(host, EntryKind.Client, service, { keepAll: false, limit: maxInFlight });
  }

  /** Requests that may await a reply at once: the reply queue's depth, so it never drops one. */
  get maxInFlight(): number {
    return this.limit;
  }

  private get more(): ClientExtras<Res> {
    this.extras ??= { pending: undefined, completions: undefined, onReleased: undefined, introspection: undefined };
    return this.extras;
  }

  /** See ClientExtras. */
  get onReleased(): (() => void) | undefined {
    return this.extras?.onReleased;
  }
  set onReleased(fn: (() => void) | undefined) {
    this.more.onReleased = fn;
  }

  /** See ClientExtras. */
  get introspection(): ServiceEventPublisher | undefined {
    return this.extras?.introspection;
  }
  set introspection(events: ServiceEventPublisher | undefined) {
    if (events !== undefined || this.extras !== undefined) this.more.introspection = events;
  }

  /** Made with the first request: most clients of a large graph never send, and a Map is ~200 B. */
  private get pending(): Map<bigint, RequestState> {
    const more = this.more;
    more.pending ??= new Map();
    return more.pending;
  }

  private get completions(): Map<bigint, ResponseHandler<Res>> | undefined {
    return this.extras?.completions;
  }

  /** Transport side: one reply per request still awaited is queued; anything else is dropped. */
  receive(reply: RmwReply): void {
    if (!this.alive || this.pending.get(reply.sequenceNumber) !== 'sent') return;
    this.pending.set(reply.sequenceNumber, 'queued');
    this.offer(reply);
  }

  send(request: Req, budgetMs: number, onResponse?: ResponseHandler<Res>): ResultOf<bigint> {
    const rmw = this.rmw;
    if (rmw === undefined) return err('NotInitialized', `client of '${this.name}' is not declared`);
    if (this.pending.size >= this.maxInFlight) {
      return err(
        'TryAgain',
        `client of '${this.name}' has ${this.pending.size} requests awaiting replies (maxRequestsInFlight ${this.maxInFlight}); spin to take their replies, then send again`,
      );
    }
    let sent: ResultOf<bigint>;
    // The bytes are lent to the transport, which copies what it keeps (encode-lease.ts).
    const lease = openEncodeLease();
    try {
      const bytes = encodeMessage(this.type.Request, request, `request to service '${this.name}'`);
      if (!bytes.ok) return bytes;
      sent = rmw.sendRequest(bytes.value, budgetMs);
    } catch (thrown) {
      return err('TransportError', `sending a request to service '${this.name}' failed: ${describeThrown(thrown)}`);
    } finally {
      closeEncodeLease(lease);
    }
    if (sent.ok) {
      this.introspect(ServiceEventType.RequestSent, sent.value, request);
      this.pending.set(sent.value, 'sent');
      if (onResponse !== undefined) {
        const more = this.more;
        more.completions ??= new Map();
        more.completions.set(sent.value, onResponse);
      }
    }
    return sent;
  }

  /** Forgets a request: its reply, if it ever comes, is dropped. A queued reply keeps its slot until a round drops it. */
  abandon(sequenceNumber: bigint): void {
    if (this.pending.get(sequenceNumber) === 'queued') this.pending.set(sequenceNumber, 'abandoned');
    else this.pending.delete(sequenceNumber);
    this.completions?.delete(sequenceNumber);
    this.rmw?.abandon(sequenceNumber);
  }

  serviceIsReady(): ResultOf<boolean> {
    const rmw = this.rmw;
    if (rmw === undefined) return err('NotInitialized', `client of '${this.name}' is not declared`);
    try {
      return rmw.serviceIsReady();
    } catch (thrown) {
      return err('TransportError', `probing service '${this.name}' failed: ${describeThrown(thrown)}`);
    }
  }

  protected handleItem(reply: RmwReply, host: EntryHost): void {
    const state = this.pending.get(reply.sequenceNumber);
    this.pending.delete(reply.sequenceNumber);
    const completion = this.completions?.get(reply.sequenceNumber);
    if (completion !== undefined) this.completions?.delete(reply.sequenceNumber);
    if (state !== 'queued') return;
    let result: ResultOf<Res>;
    if (reply.kind === 'error') {
      result = errCode(reply.code, reply.message);
    } else {
      result = decodeMessage(this.type.Response, reply.payload, `reply from service '${this.name}'`);
      if (!result.ok) host.reportDecodeError(this, result.error.message);
      else this.introspect(ServiceEventType.ResponseReceived, reply.sequenceNumber, result.value);
    }
    host.runHandlerWith(this, completion ?? this.onResponse, result, reply.sequenceNumber);
  }

  /** rcl's event of one request: its sequence number and the client's own GID (rmw_get_gid_for_client). */
  private introspect(kind: ServiceEventType, sequenceNumber: bigint, body: unknown): void {
    const events = this.introspection;
    if (events === undefined) return;
    // Both backends' clients carry the GID their requests are stamped with.
    const gid = (this.rmw as { readonly gid?: unknown } | undefined)?.gid;
    const sent = events.send(kind, sequenceNumber, gid instanceof Uint8Array ? gid : undefined, body);
    if (!sent.ok) {
      this.host.reportHandlerError(this, new Error(`service event of client of '${this.name}': ${sent.error.message}`));
    }
  }

  protected override onDropped(reply: RmwReply): void {
    this.pending.delete(reply.sequenceNumber);
    this.completions?.delete(reply.sequenceNumber);
  }

  protected closeTransport(): void {
    this.introspection?.destroy();
    this.introspection = undefined;
    this.onReleased?.();
    const rmw = this.rmw;
    if (rmw === undefined) return;
    for (const seq of this.extras?.pending?.keys() ?? []) rmw.abandon(seq);
    this.extras?.pending?.clear();
    this.completions?.clear();
    rmw.close();
  }

  override actualQos(): RmwActualQos | undefined {
    return this.rmw?.actualQos();
  }
}

/** Probes, then spins the executor until a server is visible (woken by rmw readiness changes). */
export async function waitForClientService(
  handle: { readonly executor: unknown; readonly handleId: unknown },
  budgetMs: number,
): Promise<Result> {
  const bad = checkBudget('budgetMs', budgetMs);
  if (!bad.ok) return bad;
  const found = entryOf(handle, ClientEntry, 'client');
  if (!found.ok) return found;
  const entry = found.value;
  const read = readHandle(handle);
  if (!read.ok) return read;
  const { core } = read.value;
  if (core.inHandler()) {
    return err('Reentrant', `waitForService('${entry.name}') called inside a handler; use serviceIsReady() there`);
  }
  let probe = entry.serviceIsReady();
  if (!probe.ok) return probe;
  if (probe.value) return ok();
  const unsubscribe = entry.rmw?.onReadyChange(() => core.notify()) ?? (() => {});
  try {
    const waited = await core.spinUntil(
      () => {
        if (!entry.alive) return true;
        probe = entry.serviceIsReady();
        return !probe.ok || probe.value;
      },
      budgetMs,
      `waitForService('${entry.name}')`,
    );
    if (!entry.alive) {
      // Released while waiting: answer as the handle now would (empty or stale).
      const again = entryOf(handle, ClientEntry, 'client');
      return again.ok ? err('Error', `client of '${entry.name}' was released while waiting`) : again;
    }
    if (!probe.ok) return probe;
    if (!waited.ok && waited.error.name === 'Timeout') {
      // A server of that name with another type is the usual cause; say so when the rmw knows.
      const mismatch = entry.rmw?.mismatchReason?.();
      const why = mismatch === undefined ? '' : ` (${mismatch})`;
      return err('Timeout', `service '${entry.name}' not available within the budget of ${budgetMs} ms${why}`);
    }
    return waited;
  } finally {
    unsubscribe();
  }
}

export class ClientHandleImpl<Req, Res> extends Handle implements ClientHandle<Req, Res> {
  asyncSendRequest(request: Req, options?: SendRequestOptions<Res>): ResultOf<bigint> {
    const found = entryOf(this, ClientEntry, 'client') as ResultOf<ClientEntry<Req, Res>>;
    if (!found.ok) return found;
    const entry = found.value;
    if (options === undefined) return entry.send(request, entry.requestBudgetMs);
    const o = readOptions('options', options, ['onResponse', 'budgetMs']);
    if (!o.ok) return o;
    const { onResponse, budgetMs } = o.value;
    if (onResponse !== undefined) {
      const f = checkFunction('options.onResponse', onResponse);
      if (!f.ok) return f;
    }
    if (budgetMs !== undefined) {
      const b = checkBudget('options.budgetMs', budgetMs);
      if (!b.ok) return b;
    }
    return entry.send(
      request,
      (budgetMs as number | undefined) ?? entry.requestBudgetMs,
      onResponse as ResponseHandler<Res> | undefined,
    );
  }

  serviceIsReady(): ResultOf<boolean> {
    const found = entryOf(this, ClientEntry, 'client');
    return found.ok ? found.value.serviceIsReady() : found;
  }

  waitForService(budgetMs: number): Promise<Result> {
    return waitForClientService(this, budgetMs);
  }

  configureIntrospection(clock: Clock, qos: QoSLike, state: ServiceIntrospectionState): Result {
    return configureClientIntrospection(this, clock, qos, state);
  }
}

/** configureIntrospection of the client a handle names (ClientHandle's and PollClient's). */
export function configureClientIntrospection(
  handle: { readonly executor: unknown; readonly handleId: unknown },
  clock: Clock,
  qos: QoSLike,
  state: ServiceIntrospectionState,
): Result {
  const found = entryOf(handle, ClientEntry, 'client');
  if (!found.ok) return found;
  return configureIntrospection(found.value, `client of '${found.value.name}'`, clock, qos, state);
}

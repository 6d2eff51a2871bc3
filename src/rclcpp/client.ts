/**
 * Service clients. The entry sends requests and queues the replies, correlated by the
 * sequence number the rmw returned; replies for requests it no longer waits for (after
 * reset, or abandoned) are dropped. ClientHandle is the two-word handle whose verbs look the
 * entry up in the executor.
 */

import { checkBudget } from '../budget.js';
import type { EntryHost } from '../executor/entry.js';
import { EntryKind } from '../executor/entry.js';
import { type QueueBound, QueuedEntry } from '../executor/queued-entry.js';
import { describeThrown, err, errCode, ok, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwReply, RmwServiceClient } from '../rmw/rmw.js';
import type { ClientHandle, ResponseHandler } from './api.js';
import { coreOf, entryOf, Handle } from './handle.js';
import { decodeMessage, encodeMessage } from './type-check.js';
import type { ServiceType } from './type-support.js';

export class ClientEntry<Req, Res> extends QueuedEntry<RmwReply> {
  rmw: RmwServiceClient | undefined;
  /** Told when the entry is released (a PollClient settles its in-flight Future then). */
  onReleased: (() => void) | undefined;
  private readonly pending = new Set<bigint>();

  constructor(
    host: EntryHost,
    service: string,
    bound: QueueBound,
    readonly type: ServiceType<Req, Res>,
    private readonly onResponse: ResponseHandler<Res>,
    readonly requestBudgetMs: number,
  ) {
    super(host, EntryKind.Client, service, bound);
  }

  /** Transport side: only replies to requests still awaited are queued. */
  receive(reply: RmwReply): void {
    if (this.alive && this.pending.has(reply.sequenceNumber)) this.offer(reply);
  }

  send(request: Req, budgetMs: number): ResultOf<bigint> {
    const rmw = this.rmw;
    if (rmw === undefined) return err('NotInitialized', `client of '${this.name}' is not declared`);
    const bytes = encodeMessage(this.type.Request, request, `request to service '${this.name}'`);
    if (!bytes.ok) return bytes;
    let sent: ResultOf<bigint>;
    try {
      sent = rmw.sendRequest(bytes.value, budgetMs);
    } catch (thrown) {
      return err('TransportError', `sending a request to service '${this.name}' failed: ${describeThrown(thrown)}`);
    }
    if (sent.ok) this.pending.add(sent.value);
    return sent;
  }

  /** Forgets a request: its reply, if it ever comes, is dropped. */
  abandon(sequenceNumber: bigint): void {
    this.pending.delete(sequenceNumber);
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
    if (!this.pending.delete(reply.sequenceNumber)) return;
    let result: ResultOf<Res>;
    if (reply.kind === 'error') {
      result = errCode(reply.code, reply.message);
    } else {
      result = decodeMessage(this.type.Response, reply.payload, `reply from service '${this.name}'`);
      if (!result.ok) host.reportDecodeError(this, result.error.message);
    }
    host.runHandler(this, () => this.onResponse(result, reply.sequenceNumber));
  }

  protected override onDropped(reply: RmwReply): void {
    this.pending.delete(reply.sequenceNumber);
  }

  protected closeTransport(): void {
    this.onReleased?.();
    const rmw = this.rmw;
    if (rmw === undefined) return;
    for (const seq of this.pending) rmw.abandon(seq);
    this.pending.clear();
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
  const core = coreOf(handle.executor);
  if (core === undefined) return err('InvalidArgument', 'handle.executor is not an rclts executor');
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
  asyncSendRequest(request: Req): ResultOf<bigint> {
    const found = entryOf(this, ClientEntry, 'client') as ResultOf<ClientEntry<Req, Res>>;
    if (!found.ok) return found;
    return found.value.send(request, found.value.requestBudgetMs);
  }

  serviceIsReady(): ResultOf<boolean> {
    const found = entryOf(this, ClientEntry, 'client');
    return found.ok ? found.value.serviceIsReady() : found;
  }

  waitForService(budgetMs: number): Promise<Result> {
    return waitForClientService(this, budgetMs);
  }
}

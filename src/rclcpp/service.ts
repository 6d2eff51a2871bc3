/**
 * Service servers: requests queue in the arena entry; during spin one is decoded, handed to
 * the user's handler (sync or async) and answered exactly once. A handler that throws or
 * rejects fails the request (the client gets ServiceFailed) and is counted.
 */

import type { EntryHost } from '../executor/entry.js';
import { EntryKind } from '../executor/entry.js';
import { type QueueBound, QueuedEntry } from '../executor/queued-entry.js';
import { describeThrown, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwRequest, RmwServiceServer } from '../rmw/rmw.js';
import type { Node, QoSLike, ServiceHandle, ServiceHandler } from './api.js';
import { entryOf, Handle } from './handle.js';
import { closeEncodeLease, openEncodeLease } from './interfaces/runtime/encode-lease.js';
import {
  configureIntrospection,
  type ServiceEventPublisher,
  ServiceEventType,
  type ServiceIntrospectionState,
} from './introspection/index.js';
import type { Clock } from './time/clock.js';
import { decodeMessage, encodeMessage, messageInfo } from './type-check.js';
import type { ServiceType } from './type-support.js';

export class ServiceEntry<Req, Res> extends QueuedEntry<RmwRequest> {
  rmw: RmwServiceServer | undefined;
  /** The node that made it (set by the node): where an introspection publisher is created. */
  node: Node | undefined;
  /** Set while introspection is on (configureIntrospection). */
  introspection: ServiceEventPublisher | undefined;

  constructor(
    host: EntryHost,
    service: string,
    bound: QueueBound,
    readonly type: ServiceType<Req, Res>,
    private readonly handler: ServiceHandler<Req, Res>,
  ) {
    super(host, EntryKind.Service, service, bound);
  }

  protected handleItem(request: RmwRequest, host: EntryHost): void {
    const decoded = decodeMessage(this.type.Request, request.payload, `request to service '${this.name}'`);
    if (!decoded.ok) {
      host.reportDecodeError(this, decoded.error.message);
      request.fail(decoded.error.message);
      return;
    }
    const info = messageInfo(request);
    this.introspect(ServiceEventType.RequestReceived, request, decoded.value, host);
    // The answer goes out when the handler's outcome is known, possibly after later rounds.
    host.runHandler(
      this,
      () => this.handler(decoded.value, info),
      (outcome) => {
        if (outcome.ok) this.answer(request, outcome.value as Res, host);
        else request.fail(`handler of service '${this.name}' failed: ${describeThrown(outcome.error)}`);
      },
    );
  }

  private answer(request: RmwRequest, response: Res, host: EntryHost): void {
    // The bytes are lent to the transport, which copies what it keeps (encode-lease.ts).
    const lease = openEncodeLease();
    let sent = false;
    try {
      const bytes = encodeMessage(this.type.Response, response, `response of service '${this.name}'`);
      if (!bytes.ok) {
        host.reportHandlerError(this, new Error(bytes.error.message));
        request.fail(bytes.error.message);
        return;
      }
      sent = request.respond(bytes.value).ok;
    } finally {
      closeEncodeLease(lease);
    }
    // After the lease: the event is a publication of its own.
    if (sent) this.introspect(ServiceEventType.ResponseSent, request, response, host);
  }

  /** rcl's event of this request: its client's sequence number and GID, as the attachment carries them. */
  private introspect(kind: ServiceEventType, request: RmwRequest, body: unknown, host: EntryHost): void {
    const events = this.introspection;
    if (events === undefined) return;
    const a = request.attachment;
    const sent = events.send(kind, a?.sequenceNumber ?? 0n, a?.gid, body);
    if (!sent.ok) host.reportHandlerError(this, new Error(`service event of '${this.name}': ${sent.error.message}`));
  }

  protected override onDropped(request: RmwRequest): void {
    const why = this.alive ? `its queue is full (limit ${this.queue.limit})` : 'it was released';
    request.fail(`request dropped by service '${this.name}': ${why}`);
  }

  protected closeTransport(): void {
    this.introspection?.destroy();
    this.introspection = undefined;
    this.rmw?.close();
  }

  override actualQos(): RmwActualQos | undefined {
    return this.rmw?.actualQos();
  }
}

export class ServiceHandleImpl extends Handle implements ServiceHandle {
  configureIntrospection(clock: Clock, qos: QoSLike, state: ServiceIntrospectionState): Result {
    const found = entryOf(this, ServiceEntry, 'service') as ResultOf<ServiceEntry<unknown, unknown>>;
    if (!found.ok) return found;
    return configureIntrospection(found.value, `service '${found.value.name}'`, clock, qos, state);
  }
}

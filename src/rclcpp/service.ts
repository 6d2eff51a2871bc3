/**
 * Service servers: requests queue in the arena entry; during spin one is decoded, handed to
 * the user's handler (sync or async) and answered exactly once. A handler that throws or
 * rejects fails the request (the client gets ServiceFailed) and is counted.
 */

import type { EntryHost } from '../executor/entry.js';
import { EntryKind } from '../executor/entry.js';
import { type QueueBound, QueuedEntry } from '../executor/queued-entry.js';
import { describeThrown } from '../result.js';
import type { RmwActualQos } from '../rmw/qos.js';
import type { RmwRequest, RmwServiceServer } from '../rmw/rmw.js';
import type { ServiceHandler } from './api.js';
import { decodeMessage, encodeMessage, messageInfo } from './type-check.js';
import type { ServiceType } from './type-support.js';

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return typeof x === 'object' && x !== null && typeof (x as { then?: unknown }).then === 'function';
}

export class ServiceEntry<Req, Res> extends QueuedEntry<RmwRequest> {
  rmw: RmwServiceServer | undefined;

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
    let out: Res | Promise<Res> | undefined;
    let thrown: unknown;
    const returned = host.runHandler(this, () => {
      try {
        out = this.handler(decoded.value, info);
      } catch (e) {
        thrown = e;
        throw e;
      }
    });
    if (!returned) {
      request.fail(`handler of service '${this.name}' threw: ${describeThrown(thrown)}`);
      return;
    }
    if (isThenable(out)) {
      // The answer goes out when the promise settles, possibly after later rounds.
      out.then(
        (response) => this.answer(request, response as Res, host),
        (rejected: unknown) => {
          host.reportHandlerError(this, rejected);
          request.fail(`handler of service '${this.name}' rejected: ${describeThrown(rejected)}`);
        },
      );
      return;
    }
    this.answer(request, out as Res, host);
  }

  private answer(request: RmwRequest, response: Res, host: EntryHost): void {
    const bytes = encodeMessage(this.type.Response, response, `response of service '${this.name}'`);
    if (!bytes.ok) {
      host.reportHandlerError(this, new Error(bytes.error.message));
      request.fail(bytes.error.message);
      return;
    }
    request.respond(bytes.value);
  }

  protected override onDropped(request: RmwRequest): void {
    const why = this.alive ? `its queue is full (limit ${this.queue.limit})` : 'it was released';
    request.fail(`request dropped by service '${this.name}': ${why}`);
  }

  protected closeTransport(): void {
    this.rmw?.close();
  }

  override actualQos(): RmwActualQos | undefined {
    return this.rmw?.actualQos();
  }
}

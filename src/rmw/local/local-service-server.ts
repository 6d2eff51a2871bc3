/** Local service servers and the requests they answer exactly once. */
import { err, ok, type Result } from '../../result.js';
import { checkPayloadType } from '../endpoint-check.js';
import type { RmwActualQos } from '../qos.js';
import {
  errorReply,
  type RmwAttachment,
  type RmwEndpointSpec,
  type RmwReply,
  type RmwRequest,
  type RmwServiceServer,
} from '../rmw.js';
import { AttachmentStamp } from './attachment-stamp.js';
import type { BusServer, ServiceCall } from './local-bus.js';
import { type EntityOwner, LocalEntity } from './local-entity.js';

class LocalRequest implements RmwRequest {
  readonly receivedAtMs = Date.now();
  private answered = false;

  constructor(
    private readonly server: LocalServiceServer,
    readonly key: string,
    readonly payload: Uint8Array,
    readonly attachment: RmwAttachment | undefined,
    readonly call: ServiceCall,
  ) {}

  get isAnswered(): boolean {
    return this.answered;
  }

  /** The server closed: this request can no longer be answered. */
  abandonByServer(): void {
    if (this.answered) return;
    this.answered = true;
    this.call.serverGone();
  }

  respond(payload: Uint8Array): Result {
    const checked = checkPayloadType(payload, `the reply to request ${this.call.sequenceNumber} on '${this.key}'`);
    if (!checked.ok) return checked;
    return this.answer({
      kind: 'reply',
      sequenceNumber: this.call.sequenceNumber,
      payload: new Uint8Array(payload),
      attachment: AttachmentStamp.reply(this.attachment),
    });
  }

  fail(message: string): Result {
    if (typeof message !== 'string')
      return err(
        'InvalidArgument',
        `fail message for request ${this.call.sequenceNumber} on '${this.key}' must be a string`,
      );
    return this.answer(
      errorReply(
        this.call.sequenceNumber,
        'ServiceFailed',
        `service '${this.key}' failed request ${this.call.sequenceNumber}: ${message}`,
      ),
    );
  }

  private answer(reply: RmwReply): Result {
    const seq = this.call.sequenceNumber;
    if (!this.server.isOpen())
      return err('NotInitialized', `service server on '${this.key}' is closed; request ${seq} was not answered`);
    if (this.answered) return err('BadSequence', `request ${seq} on '${this.key}' was already answered`);
    this.answered = true;
    this.server.forget(this);
    switch (this.call.state) {
      case 'waiting':
        this.call.answer(reply);
        return ok();
      case 'timed_out':
        return err(
          'Timeout',
          `reply to request ${seq} on '${this.key}' came late: the client's budget of ${this.call.budgetMs} ms ran out; it was dropped`,
        );
      default:
        // Another server answered first, or the client abandoned the request: nobody waits for it.
        return ok();
    }
  }
}

export class LocalServiceServer extends LocalEntity implements RmwServiceServer, BusServer {
  private readonly unanswered = new Set<LocalRequest>();

  constructor(
    owner: EntityOwner,
    key: string,
    spec: RmwEndpointSpec,
    qos: RmwActualQos,
    private readonly onRequest: (request: RmwRequest) => void,
  ) {
    super(owner, key, spec, qos);
    owner.bus.addServer(this);
  }

  get kind(): 'service' {
    return 'service';
  }

  protected get role(): string {
    return 'service server';
  }

  /** Takes one request from a client (a private copy of its payload); it reaches onRequest from the bus queue. */
  receive(payload: Uint8Array, attachment: RmwAttachment | undefined, call: ServiceCall): void {
    const request = new LocalRequest(this, this.key, payload, attachment, call);
    this.unanswered.add(request);
    this.bus.queue.post(
      () => {
        if (!this.closed && !request.isAnswered) this.onRequest(request);
      },
      (message) =>
        this.session.emit({
          type: 'transport_error',
          key: this.key,
          message: `service callback on '${this.key}' threw: ${message}`,
        }),
    );
  }

  forget(request: LocalRequest): void {
    this.unanswered.delete(request);
  }

  protected detach(): void {
    this.bus.removeServer(this);
    for (const request of [...this.unanswered]) request.abandonByServer();
    this.unanswered.clear();
  }
}

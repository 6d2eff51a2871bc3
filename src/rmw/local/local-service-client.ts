/**
 * Local service clients. Every request gets exactly one reply on onReply, from the bus
 * queue: the first server's answer, or an error (NotFound when no server is declared, Timeout
 * when none answers within the budget, ServiceFailed when a server fails it, TransportError
 * when the client closes first). `abandon` drops it instead.
 */

import { checkBudget, timerDelay } from '../../budget.js';
import { ok, type ResultOf } from '../../result.js';
import { checkPayloadType } from '../endpoint-check.js';
import type { RmwActualQos } from '../qos.js';
import {
  errorReply,
  type RmwEndpointSpec,
  type RmwReply,
  type RmwReplyFailure,
  type RmwServiceClient,
} from '../rmw.js';
import { AttachmentStamp } from './attachment-stamp.js';
import type { ServiceCall } from './local-bus.js';
import { type EntityOwner, LocalEntity } from './local-entity.js';

class PendingCall implements ServiceCall {
  state: ServiceCall['state'] = 'waiting';
  outstanding = 0;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The reply is settled but abandon() came before the flush delivered it. */
  abandoned = false;

  constructor(
    private readonly client: LocalServiceClient,
    readonly key: string,
    readonly sequenceNumber: bigint,
    readonly budgetMs: number,
  ) {}

  answer(reply: RmwReply): void {
    this.client.settle(this, reply, 'answered');
  }

  serverGone(): void {
    this.outstanding--;
    if (this.outstanding > 0 || this.state !== 'waiting') return;
    this.client.settle(
      this,
      this.error(
        'Timeout',
        `every service server on '${this.key}' closed before answering request ${this.sequenceNumber} (budget ${this.budgetMs} ms)`,
      ),
      'dropped',
    );
  }

  error(name: Exclude<RmwReplyFailure, 'ServiceFailed'>, message: string): RmwReply {
    return errorReply(this.sequenceNumber, name, message);
  }
}

export class LocalServiceClient extends LocalEntity implements RmwServiceClient {
  private readonly stamp: AttachmentStamp;
  /** Requests whose reply has not reached onReply yet. Made with the first request, as the set below with the first listener: most clients of a large graph sit idle. */
  private calls: Map<bigint, PendingCall> | undefined;
  private readyUnsubscribes: Set<() => void> | undefined;

  constructor(
    owner: EntityOwner,
    key: string,
    spec: RmwEndpointSpec,
    qos: RmwActualQos,
    private readonly onReply: (reply: RmwReply) => void,
  ) {
    super(owner, key, spec, qos);
    this.stamp = new AttachmentStamp(spec.naming === 'ros');
  }

  get kind(): 'client' {
    return 'client';
  }

  protected get role(): string {
    return 'service client';
  }

  protected override get ownGid(): Uint8Array {
    return this.stamp.gid;
  }

  sendRequest(payload: Uint8Array, budgetMs: number): ResultOf<bigint> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    const what = `request to service '${this.key}'`;
    const checkedPayload = checkPayloadType(payload, what);
    if (!checkedPayload.ok) return checkedPayload;
    const checkedBudget = checkBudget(`budgetMs for ${what}`, budgetMs);
    if (!checkedBudget.ok) return checkedBudget;

    const { sequenceNumber: seq, attachment } = this.stamp.next();
    const call = new PendingCall(this, this.key, seq, budgetMs);
    this.calls ??= new Map();
    this.calls.set(seq, call);
    const servers = this.bus.serversOn(this.key);
    if (servers.length === 0) {
      // Like a zenoh get that reaches no queryable: it ends at once with nothing.
      this.settle(
        call,
        call.error('NotFound', `no service server answered request ${seq} on '${this.key}' (nobody serves the key)`),
        'timed_out',
      );
      return ok(seq);
    }
    call.outstanding = servers.length;
    call.timer = setTimeout(() => {
      this.settle(
        call,
        call.error('Timeout', `service '${this.key}' did not answer request ${seq} within ${budgetMs} ms`),
        'timed_out',
      );
    }, timerDelay(budgetMs));
    for (const server of servers) server.receive(new Uint8Array(payload), attachment, call);
    return ok(seq);
  }

  /** Ends a waiting call with `reply`, delivered from the bus queue unless abandoned first. */
  settle(call: PendingCall, reply: RmwReply, state: ServiceCall['state']): void {
    if (call.state !== 'waiting') return;
    call.state = state;
    if (call.timer !== undefined) clearTimeout(call.timer);
    call.timer = undefined;
    this.bus.queue.post(
      () => {
        this.calls?.delete(call.sequenceNumber);
        if (!call.abandoned) this.onReply(reply);
      },
      (message) =>
        this.session.emit({
          type: 'transport_error',
          key: this.key,
          message: `client callback on '${this.key}' threw: ${message}`,
        }),
    );
  }

  abandon(sequenceNumber: bigint): void {
    const call = this.calls?.get(sequenceNumber);
    if (call === undefined) return;
    call.abandoned = true;
    this.calls?.delete(sequenceNumber);
    if (call.state === 'waiting') {
      call.state = 'dropped';
      if (call.timer !== undefined) clearTimeout(call.timer);
      call.timer = undefined;
    }
  }

  serviceIsReady(): ResultOf<boolean> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    return ok(this.bus.hasServer(this.key));
  }

  onReadyChange(listener: () => void): () => void {
    if (this.closed) return () => {};
    const unsubscribe = this.bus.onReadyChange(this.key, listener, this.session);
    const tracked = (): void => {
      unsubscribe();
      this.readyUnsubscribes?.delete(tracked);
    };
    this.readyUnsubscribes ??= new Set();
    this.readyUnsubscribes.add(tracked);
    return tracked;
  }

  /** Every request still waiting gets a TransportError reply (exactly one reply per request). */
  protected detach(): void {
    for (const unsubscribe of [...(this.readyUnsubscribes ?? [])]) unsubscribe();
    for (const call of this.calls?.values() ?? []) {
      this.settle(
        call,
        call.error(
          'TransportError',
          `service client on '${this.key}' was closed before request ${call.sequenceNumber} got a reply`,
        ),
        'dropped',
      );
    }
  }
}

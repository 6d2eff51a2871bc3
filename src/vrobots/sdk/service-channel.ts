/**
 * One service key = one rclcpp ClientHandle. Two ways to call it:
 * - `callOnce`: one request, never re-sent (manager create and delete: a re-sent create that
 *   lands spawns a second robot). No reply, for whatever reason (silence, nobody answering,
 *   the server leaving first, an error reply) -> timeout: the request may have been carried out.
 * - `callWithRetry`: the vendor's retry loop for every other service. Sends at once (one
 *   round trip when the server is there: no wait for this client's own discovery), and after
 *   a "nobody answered" sends again once a server is visible (`waitForService`), until the
 *   budget runs out. Then: nobody ever served the key -> no_responder; a server was there
 *   but its reply never came -> timeout.
 * A reply that arrives for an earlier attempt of the same call completes it (all retried
 * services are idempotent).
 *
 * "Nobody answered" reaches a client as an error reply that comes back long before the
 * request budget (a zenoh GET that matches no queryable ends at once; the local backend
 * answers Timeout at once when no server is declared; some layers say NotFound). A Timeout
 * that took the whole request budget means a server got the request and stayed silent.
 */
import type { ClientHandle, Node, ServiceType } from '../../rclcpp/index.js';
import { ok, type ResultOf } from '../../result.js';
import type { LoopDriver } from './loop-driver.js';
import { type VrErr, type VrResultOf, vrErr, vrFail } from './vr-error.js';

/** Pause before re-sending after nobody answered: lets discovery catch up without flooding. */
const RETRY_PAUSE_MS = 100;
/** Re-check period of serviceIsReady while someone else spins the executor. */
const READY_POLL_MS = 25;

type Outcome<Res> = { readonly seq: bigint; readonly reply: ResultOf<Res>; readonly elapsedMs: number };

/** An error reply faster than this share of the request budget means nobody answered. */
const QUICK_SHARE = 0.5;

export class ServiceChannel<Req, Res> {
  readonly key: string;
  private readonly driver: LoopDriver;
  private readonly handle: ClientHandle<Req, Res>;
  /** Replies by sequence number, kept only for requests a caller still waits on. */
  private readonly waiting = new Map<bigint, number>();
  private readonly arrived = new Map<bigint, { reply: ResultOf<Res>; elapsedMs: number }>();
  private readonly requestBudgetMs: number;
  /** Requests sent over the channel's life (tests and stats read it). */
  sent = 0;

  private constructor(key: string, driver: LoopDriver, handle: ClientHandle<Req, Res>, requestBudgetMs: number) {
    this.key = key;
    this.requestBudgetMs = requestBudgetMs;
    this.driver = driver;
    this.handle = handle;
  }

  static open<Req, Res>(
    node: Node,
    driver: LoopDriver,
    type: ServiceType<Req, Res>,
    key: string,
    requestBudgetMs: number,
  ): VrResultOf<ServiceChannel<Req, Res>> {
    let channel: ServiceChannel<Req, Res> | undefined;
    const onResponse = (reply: ResultOf<Res>, seq: bigint): void => {
      if (channel === undefined) return;
      const sentAt = channel.waiting.get(seq);
      if (sentAt === undefined) return;
      channel.arrived.set(seq, { reply, elapsedMs: performance.now() - sentAt });
      driver.wake.notify();
    };
    const handle = node.createClient(type, key, onResponse, { requestBudgetMs });
    if (!handle.ok) return vrFail(handle.error, `cannot open a client on ${key}`);
    channel = new ServiceChannel(key, driver, handle.value, requestBudgetMs);
    return ok(channel);
  }

  /** Sends exactly once and waits up to the budget for the reply. */
  async callOnce(request: Req, budgetMs: number): Promise<VrResultOf<Res>> {
    const sent = this.send(request);
    if (!sent.ok) return sent;
    const seq = sent.value;
    const got = await this.driver.until(() => this.arrived.has(seq), budgetMs);
    const reply = this.take([seq]);
    this.waiting.delete(seq); // a reply later than the budget is dropped, not re-delivered
    if (!got || reply === undefined) {
      return vrErr('timeout', `no reply on ${this.key} within ${budgetMs}ms (sent once, not retried)`);
    }
    if (reply.reply.ok) return reply.reply;
    const e = reply.reply.error;
    const lifted = vrFail(e, this.key);
    if (lifted.error.kind === 'decode') return lifted; // a reply came, it did not decode
    // Sent once, it may have been received and carried out: nobody answering, the server
    // leaving before it answered, or its error reply all leave the outcome unknown.
    if (e.name === 'Timeout' && !this.nobodyAnswered(reply))
      return vrErr('timeout', `no reply on ${this.key} within ${budgetMs}ms (sent once, not retried)`);
    return vrErr('timeout', `no reply on ${this.key}: ${e.message} (sent once, not retried)`);
  }

  /** The retry loop: until a reply or the budget runs out. */
  async callWithRetry(request: Req, budgetMs: number): Promise<VrResultOf<Res>> {
    const deadline = performance.now() + budgetMs;
    const seqs: bigint[] = [];
    let serverSeen = false;
    let lastError: VrErr | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        const left = deadline - performance.now();
        if (left <= 0) break;
        const ready = this.handle.serviceIsReady();
        // The first attempt goes out at once: a get reaches a server whether or not this
        // client has learnt of it yet, and learning of it costs round trips of its own.
        if (ready.ok && !ready.value && attempt > 0) {
          // Nobody answered and nobody is visible yet: wait for discovery (a late queryable).
          if (!(await this.waitReady(left))) continue;
        }
        if (ready.ok && ready.value) serverSeen = true;
        const sent = this.send(request);
        if (!sent.ok) return sent;
        seqs.push(sent.value);
        await this.driver.until(() => seqs.some((s) => this.arrived.has(s)), deadline - performance.now());
        const got = this.take(seqs);
        if (got === undefined) break; // budget ran out waiting for the reply
        if (got.reply.ok) return got.reply;
        const e = got.reply.error;
        if (this.nobodyAnswered(got)) {
          // Nobody answered this attempt (zero replies): retry after a pause, or at once when
          // the next attempt waits for a server to become visible anyway.
          if (this.isReady() !== false)
            await this.driver.sleep(Math.min(RETRY_PAUSE_MS, Math.max(0, deadline - performance.now())));
          continue;
        }
        if (e.name === 'Timeout') {
          serverSeen = true;
          continue;
        }
        lastError = vrFail(e, this.key);
        if (e.name === 'InvalidArgument' || e.name === 'ServiceFailed' || lastError.error.kind === 'decode')
          return lastError;
        await this.driver.sleep(Math.min(RETRY_PAUSE_MS, Math.max(0, deadline - performance.now())));
      }
    } finally {
      for (const s of seqs) this.waiting.delete(s);
    }
    if (this.isReady() === true) serverSeen = true;
    if (serverSeen) return vrErr('timeout', `a server on ${this.key} exists but no reply came within ${budgetMs}ms`);
    if (lastError !== undefined && lastError.error.kind === 'session') return lastError;
    return vrErr('no_responder', `nobody serves ${this.key} (tried for ${budgetMs}ms)`);
  }

  private nobodyAnswered(o: Outcome<Res>): boolean {
    if (o.reply.ok) return false;
    if (o.reply.error.name === 'NotFound') return true;
    return o.reply.error.name === 'Timeout' && o.elapsedMs < this.requestBudgetMs * QUICK_SHARE;
  }

  /** ok(true) visible, ok(false) not yet, undefined: the backend cannot know. */
  isReady(): boolean | undefined {
    const r = this.handle.serviceIsReady();
    return r.ok ? r.value : undefined;
  }

  close(): void {
    this.waiting.clear();
    this.arrived.clear();
    this.handle.reset();
  }

  private send(request: Req): VrResultOf<bigint> {
    const r = this.handle.asyncSendRequest(request);
    if (!r.ok) return vrFail(r.error, `sending on ${this.key}`);
    this.sent++;
    this.waiting.set(r.value, performance.now());
    return r;
  }

  /** First arrived reply among `seqs`, preferring a success; forgets what it returns. */
  private take(seqs: readonly bigint[]): Outcome<Res> | undefined {
    let found: Outcome<Res> | undefined;
    for (const seq of seqs) {
      const arrived = this.arrived.get(seq);
      if (arrived === undefined) continue;
      this.arrived.delete(seq);
      this.waiting.delete(seq);
      if (found === undefined || (!found.reply.ok && arrived.reply.ok)) found = { seq, ...arrived };
    }
    return found;
  }

  private async waitReady(budgetMs: number): Promise<boolean> {
    // waitForService is woken by the transport's readiness change, also while another party
    // spins the executor; only inside a handler must readiness be polled.
    if (!this.driver.executor.inHandler()) {
      const r = await this.handle.waitForService(budgetMs);
      if (r.ok) return true;
      if (r.error.name !== 'Reentrant') return this.isReady() !== false;
    }
    const deadline = performance.now() + budgetMs;
    while (this.isReady() === false) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await this.driver.wake.wait(Math.min(left, READY_POLL_MS));
    }
    return true;
  }
}

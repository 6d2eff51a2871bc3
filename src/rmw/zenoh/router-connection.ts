/**
 * The link to a zenoh router: the current zenoh-ts session, noticing its loss, and
 * re-opening it. When the router goes away the plugin drops every declaration of the
 * session and nothing resumes by itself, so rclts does it: every live
 * entity is a `Declarable`; after a loss the connection re-opens the session with the
 * caller's connect budget, retrying with a capped back-off until closed, and declares every
 * registered entity again in registration order (graph, nodes, then their endpoints).
 * Given several routers (failover), each re-open tries the next one in the list, round the
 * list, so a lost router is replaced by the next that answers.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { checkBudget, timerDelay } from '../../budget.js';
import { describeThrown, err, ok, type Result } from '../../result.js';
import type { RmwEvent } from '../rmw.js';
import { closeRequestWindow } from './declaration-window.js';
import {
  closeSessionQuietly,
  type FramePaths,
  guardEarlyQueries,
  markLinkDead,
  openZenohSession,
  pingSession,
  REQUEST_TIMEOUT_MS,
  retireRequests,
  SessionGuard,
  setRequestTimeout,
  socketClosed,
  socketOf,
  tapSession,
} from './zenoh-ts/index.js';

/** Something that lives on the session and must be declared again after a reconnect. */
export interface Declarable {
  /** Declare on `session` (asynchronously; report outcomes through the entity). */
  declareOn(session: Session): void;
  /** The session it was declared on is gone: forget its zenoh handles without undeclaring. */
  sessionLost(): void;
}

/**
 * How often the heartbeat pings the plugin, and how many unanswered pings in a row (each
 * waiting REQUEST_TIMEOUT_MS) mean "lost". A router that exits closes the WebSocket and is
 * noticed at once; the heartbeat is for one that hangs.
 */
export const HEARTBEAT_MS = 1000;
export const HEARTBEAT_MISSES = 2;
/**
 * Re-open back-off: first retry after the first, doubling up to the cap. Each attempt is one
 * WebSocket try (zenoh-ts's own retry loop waits 2 s per try even when the port refuses at
 * once), so attempts get at most RECONNECT_ATTEMPT_MS: a router that comes back is found
 * within about RECONNECT_ATTEMPT_MS + RECONNECT_CAP_MS.
 */
/**
 * A router that has not answered the heartbeat's ping for this long, with the WebSocket's send
 * buffer not shrinking meanwhile, is reported `stalled`: publications are still accepted
 * (handed to the WebSocket) but none is delivered. Reported once per stall, long before the
 * loss (two pings of REQUEST_TIMEOUT_MS), and `stall_ended` if the router resumes first.
 */
export const STALL_AFTER_MS = 1500;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_CAP_MS = 1000;
const RECONNECT_ATTEMPT_MS = 2000;

function unrefTimer(t: ReturnType<typeof setTimeout>): void {
  (t as { unref?: () => void }).unref?.();
}

export class RouterConnection {
  private session_: Session | undefined;
  private closed = false;
  private readonly declarables = new Set<Declarable>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private misses = 0;
  private unwatchSocket: (() => void) | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnecting = false;
  /** Aborts a re-open attempt in flight when the connection closes (its socket would hold the process). */
  private readonly attempts = new AbortController();
  /** When the outstanding heartbeat ping was sent. */
  private pingSentAt = 0;
  /** The send buffer shrank since the ping was sent: the link makes progress. */
  private drainedSincePing = false;
  private lastBuffered = 0;
  private stalled = false;
  /** Index in `locators` of the router in use (or last used, while reconnecting). */
  private index: number;
  /** The router lost last, and how many re-open attempts have failed since. */
  private lostFrom = '';
  private failedSinceLoss = 0;

  constructor(
    private readonly locators: readonly string[],
    private readonly connectBudgetMs: number,
    opened: { readonly session: Session; readonly index: number },
    private readonly emit: (event: RmwEvent) => void,
    /** What every re-opened WebSocket is given (the CA of a wss/ router). */
    private readonly socketOptions?: object,
    /** Hears a session guard that could not be installed. */
    private readonly frames?: FramePaths,
  ) {
    this.index = opened.index;
    this.adopt(opened.session);
  }

  /** The router in use (the last one used while reconnecting). */
  get locator(): string {
    return this.locators[this.index] as string;
  }

  /** Every router this connection may use, in failover order. */
  routers(): readonly string[] {
    return this.locators;
  }

  /** The session in use, or undefined while the router is unreachable. */
  current(): Session | undefined {
    return this.session_;
  }

  isConnected(): boolean {
    return this.session_ !== undefined;
  }

  isClosed(): boolean {
    return this.closed;
  }

  /** The sentence every "not connected" error uses. */
  notConnected(what: string): string {
    const where =
      this.locators.length === 1
        ? `zenoh router ${this.locator}`
        : `any of the zenoh routers ${this.locators.join(', ')}`;
    return `${what}: not connected to ${where} (reconnecting)`;
  }

  register(d: Declarable): void {
    if (this.closed) return;
    this.declarables.add(d);
    if (this.session_ !== undefined) d.declareOn(this.session_);
  }

  unregister(d: Declarable): void {
    this.declarables.delete(d);
  }

  async ping(budgetMs: number): Promise<Result> {
    const budget = checkBudget('ping budgetMs', budgetMs);
    if (!budget.ok) return budget;
    const session = this.session_;
    if (session === undefined) return err('TransportError', this.notConnected('ping'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await new Promise<Result>((resolve) => {
      timer = setTimeout(
        () => resolve(err('Timeout', `zenoh router ${this.locator} did not answer a ping within ${budgetMs} ms`)),
        timerDelay(budgetMs),
      );
      pingSession(session).then(
        () => resolve(ok()),
        (thrown: unknown) =>
          resolve(
            err(
              'TransportError',
              `ping of zenoh router ${this.locator} failed: ${describeThrown(thrown) || 'no answer'}`,
            ),
          ),
      );
    });
    clearTimeout(timer);
    return outcome;
  }

  /** Something failed in a way that may mean the router is gone: check now rather than at the next beat. */
  suspect(): void {
    const session = this.session_;
    if (session === undefined) return;
    if (socketClosed(session)) this.lose(session, 'the WebSocket to the router is closed');
  }

  /**
   * Stops using the session before the entities close: closing the WebSocket makes the plugin
   * drop every declaration at once, so entities skip their own undeclare requests (whose
   * answers would never come and whose zenoh-ts timers would hold the process for 5 s).
   * Returns what `close()` then finishes.
   */
  detach(): Session | undefined {
    if (this.closed) return undefined;
    this.closed = true;
    this.stopWatching();
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.attempts.abort();
    this.declarables.clear();
    const session = this.session_;
    this.session_ = undefined;
    return session;
  }

  async close(detached: Session | undefined = this.detach()): Promise<Result> {
    if (detached === undefined) return ok();
    closeRequestWindow(detached, `the session with zenoh router ${this.locator} is closed`);
    // Undeclarations still in flight: the closing WebSocket drops every declaration anyway.
    retireRequests(detached);
    await closeSessionQuietly(detached);
    markLinkDead(detached);
    return ok();
  }

  private adopt(session: Session): void {
    this.frames?.guard(SessionGuard.EarlyQueries, guardEarlyQueries(session));
    this.frames?.guard(SessionGuard.RequestTap, tapSession(session));
    setRequestTimeout(session, REQUEST_TIMEOUT_MS);
    this.session_ = session;
    this.misses = 0;
    this.resetStall();
    const ws = socketOf(session);
    if (ws !== undefined) {
      const onClose = (): void => this.lose(session, 'the WebSocket to the router closed');
      ws.addEventListener('close', onClose);
      this.unwatchSocket = () => ws.removeEventListener('close', onClose);
    }
    this.heartbeat = setInterval(() => this.beat(session), HEARTBEAT_MS);
    unrefTimer(this.heartbeat);
  }

  private beating = false;

  private beat(session: Session): void {
    if (session !== this.session_) return;
    if (socketClosed(session)) {
      this.lose(session, 'the WebSocket to the router closed');
      return;
    }
    this.watchForStall(session);
    if (this.beating) return;
    this.beating = true;
    this.pingSentAt = Date.now();
    this.drainedSincePing = false;
    pingSession(session).then(
      () => {
        this.beating = false;
        if (session !== this.session_) return;
        this.misses = 0;
        this.endStall();
      },
      () => {
        this.beating = false;
        if (session !== this.session_) return;
        this.misses += 1;
        if (socketClosed(session)) this.lose(session, 'the WebSocket to the router closed');
        else if (this.misses >= HEARTBEAT_MISSES) {
          this.lose(session, `the router did not answer ${this.misses} pings in a row (${REQUEST_TIMEOUT_MS} ms each)`);
        }
      },
    );
  }

  /**
   * Reports a stall once: the heartbeat's ping unanswered for STALL_AFTER_MS while the send
   * buffer did not shrink meanwhile. A ping can also wait behind a large publication on a
   * healthy link (it is sent once the buffer drains); then the buffer shrinks, which is progress.
   */
  private watchForStall(session: Session): void {
    const buffered = (socketOf(session) as { bufferedAmount?: unknown } | undefined)?.bufferedAmount;
    const bytes = typeof buffered === 'number' ? buffered : 0;
    if (bytes < this.lastBuffered) this.drainedSincePing = true;
    this.lastBuffered = bytes;
    if (this.stalled || !this.beating || this.drainedSincePing) return;
    const pingAge = Date.now() - this.pingSentAt;
    if (pingAge < STALL_AFTER_MS) return;
    this.stalled = true;
    const held = bytes > 0 ? `, ${bytes} bytes wait in the WebSocket` : '';
    this.emit({
      type: 'stalled',
      message: `zenoh router ${this.locator} has not answered a ping for ${pingAge} ms${held} (hung or overloaded); publish() still hands samples to the WebSocket, but they are not being delivered meanwhile`,
    });
  }

  private endStall(): void {
    if (!this.stalled) return;
    this.stalled = false;
    this.emit({ type: 'stall_ended', message: `zenoh router ${this.locator} answers again` });
  }

  private resetStall(): void {
    this.stalled = false;
    this.lastBuffered = 0;
  }

  private stopWatching(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.unwatchSocket?.();
    this.unwatchSocket = undefined;
  }

  private lose(session: Session, why: string): void {
    if (this.closed || session !== this.session_) return;
    this.session_ = undefined;
    this.stopWatching();
    for (const d of [...this.declarables]) d.sessionLost();
    closeRequestWindow(session, `lost zenoh router ${this.locator}: ${why}`);
    this.emit({ type: 'connection_lost', message: `lost zenoh router ${this.locator}: ${why}; reconnecting` });
    this.lostFrom = this.locator;
    this.failedSinceLoss = 0;
    // Drops zenoh-ts's own closures and ends its sends still waiting on the dead socket.
    markLinkDead(session);
    retireRequests(session);
    void closeSessionQuietly(session);
    this.scheduleReconnect(RECONNECT_FIRST_MS);
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed || this.reconnecting) return;
    this.reconnectTimer = setTimeout(() => void this.reconnect(delayMs), delayMs);
    unrefTimer(this.reconnectTimer);
  }

  private async reconnect(lastDelayMs: number): Promise<void> {
    if (this.closed || this.session_ !== undefined) return;
    this.reconnecting = true;
    // One attempt per call, on the next router of the list (the same one when there is one).
    const next = (this.index + 1) % this.locators.length;
    const opened = await openZenohSession(
      this.locators[next] as string,
      Math.min(this.connectBudgetMs, RECONNECT_ATTEMPT_MS),
      { socketOptions: this.socketOptions, signal: this.attempts.signal },
    );
    this.reconnecting = false;
    if (this.closed) {
      if (opened.ok) void closeSessionQuietly(opened.value);
      return;
    }
    this.index = next;
    if (!opened.ok) {
      // Round the list at once; back off only between rounds.
      this.failedSinceLoss += 1;
      const roundDone = this.failedSinceLoss % this.locators.length === 0;
      this.scheduleReconnect(roundDone ? Math.min(lastDelayMs * 2, RECONNECT_CAP_MS) : RECONNECT_FIRST_MS);
      return;
    }
    this.adopt(opened.value);
    for (const d of [...this.declarables]) d.declareOn(opened.value);
    const moved =
      this.locator === this.lostFrom
        ? `reconnected to zenoh router ${this.locator}`
        : `lost zenoh router ${this.lostFrom}, moved to ${this.locator}`;
    this.emit({ type: 'reconnected', message: `${moved}; every entity is declared again` });
  }
}

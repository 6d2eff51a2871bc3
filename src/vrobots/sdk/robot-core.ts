/**
 * What every connected robot is, before its verbs: identity, the link it talks through, its
 * state feed, lifecycle flags (closed, deleted, lost) and the watchdog that reports
 * connectionLost. The command verbs (robot-commands.ts), the service calls
 * (robot-service-calls.ts) and the lifecycle verbs (connected-robot.ts) build on it, one
 * class each.
 */
import { EventEmitter } from 'node:events';
import type * as TypedEmitterModule from 'typed-emitter';
import { checkBudget, type Executor, type MessageType, type Publisher, type Timer } from '../../rclcpp/index.js';
import { ok } from '../../result.js';
import type { State } from '../messages/topic-messages.js';
import type { RobotType } from '../robot-type.js';
import type { ResolvedConnectOptions } from './connect-options.js';
import { HeaderStamp } from './header-stamp.js';
import { createRate, type Rate } from './rate.js';
import type { ConnectTimings, VirtualRobotEvents } from './robot-api.js';
import type { RobotLink } from './robot-link.js';
import type { StateFeed } from './state-feed.js';
import type { StateStats } from './state-stats.js';
import { type VrErr, type VrResult, type VrResultOf, vrErr, vrFail } from './vr-error.js';

type TypedEmitter<E extends TypedEmitterModule.EventMap> = TypedEmitterModule.default<E>;

/** State silence that confirms a delete (docs/vrobots-protocol.md). */
export const DELETE_SILENCE_MS = 1000;
/** State silence after which a connected robot reports connectionLost. */
export const CONNECTION_LOST_MS = 1500;
const WATCHDOG_PERIOD_MS = 250;

const Emitter = EventEmitter as unknown as new () => TypedEmitter<VirtualRobotEvents>;
const ignore = (): void => {};

export abstract class RobotCore extends Emitter {
  readonly sysId: number;
  readonly robotType: RobotType;
  readonly link: RobotLink;
  /** Header stamps of everything this robot's handle sends (seq per key). */
  readonly stamp: HeaderStamp;
  protected readonly feed: StateFeed;
  private readonly timings: ConnectTimings;
  private readonly publishers = new Map<string, Publisher<unknown>>();
  private watchdog: Timer | undefined;
  protected deleted = false;
  protected deleting = false;
  protected closed = false;
  private lost = false;

  constructor(link: RobotLink, sysId: number, robotType: RobotType, feed: StateFeed, timings: ConnectTimings) {
    super();
    this.link = link;
    this.sysId = sysId;
    this.robotType = robotType;
    this.feed = feed;
    this.timings = timings;
    this.stamp = new HeaderStamp(link.options, sysId);
    const timer = link.node.createWallTimer(WATCHDOG_PERIOD_MS, () => this.checkSilence());
    if (timer.ok) this.watchdog = timer.value;
  }

  get options(): ResolvedConnectOptions {
    return this.link.options;
  }

  get executor(): Executor {
    return this.link.executor;
  }

  /** Called by the state feed (inside spin) for every sample. */
  onState(state: State): void {
    if (this.lost) {
      this.lost = false;
      this.emitSafely('connectionRestored');
    }
    this.emitSafely('state', state);
  }

  /** undefined when usable, else the error every command and service answers. */
  unusable(): VrErr | undefined {
    if (this.deleted) return vrErr('deleted', `robot ${this.sysId} was deleted; this handle answers nothing else`);
    if (this.closed) return vrErr('session', `robot ${this.sysId}: this handle is closed`);
    return undefined;
  }

  /** The publisher of one key, opened on first use and kept until the handle is released. */
  protected publisher<M>(type: MessageType<M>, key: string): VrResultOf<Publisher<M>> {
    const known = this.publishers.get(key);
    if (known !== undefined) return ok(known as Publisher<M>);
    const p = this.link.node.createPublisher(type, key);
    if (!p.ok) return vrFail(p.error, `cannot publish on ${key}`);
    this.publishers.set(key, p.value as Publisher<unknown>);
    return p;
  }

  isConnected(): boolean {
    return !this.closed && !this.deleted && !this.lost;
  }

  isDeleted(): boolean {
    return this.deleted;
  }

  async close(): Promise<VrResult> {
    if (this.closed) return ok();
    this.closed = true;
    this.release();
    return this.link.close();
  }

  connectTimings(): ConnectTimings {
    return this.timings;
  }

  states(): State {
    // connect returns only after the first sample, so there always is one.
    return this.feed.latest() as State;
  }

  async waitNewState(budgetMs: number): Promise<VrResultOf<State>> {
    const budget = checkBudget('waitNewState budgetMs', budgetMs);
    if (!budget.ok) return vrErr('invalid_argument', budget.error.message);
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    const start = this.feed.count();
    const got = await this.link.driver.until(() => this.feed.count() > start || this.closed, budgetMs);
    if (this.closed) return this.unusable() ?? vrErr('session', `robot ${this.sysId}: closed while waiting`);
    if (!got) return vrErr('timeout', `no new state on ${this.feed.key} within ${budgetMs}ms`);
    return ok(this.feed.latest() as State);
  }

  rate(hz: number): VrResultOf<Rate> {
    return createRate(hz, (ms) => this.link.driver.sleep(ms));
  }

  stats(): StateStats {
    return this.feed.stats();
  }

  /** Milliseconds since the last state sample (Infinity before the first). */
  protected silentForMs(): number {
    const last = this.feed.lastArrivalMs();
    return last === undefined ? Number.POSITIVE_INFINITY : Date.now() - last;
  }

  private checkSilence(): void {
    if (this.lost || this.deleting || this.deleted || this.closed) return;
    const silent = this.silentForMs();
    if (silent < CONNECTION_LOST_MS) return;
    this.lost = true;
    this.emitSafely('connectionLost', `no state on ${this.feed.key} for ${Math.round(silent)}ms`);
  }

  /** Stops everything the handle holds; each layer above adds what it opened. */
  protected release(): void {
    this.watchdog?.reset();
    this.watchdog = undefined;
    this.feed.close();
    for (const p of this.publishers.values()) p.destroy();
    this.publishers.clear();
  }

  /**
   * A listener that throws, or returns a promise that rejects, is the listener's bug: the
   * robot goes on, and the next listener still runs (nothing here throws or rejects).
   */
  protected emitSafely<E extends keyof VirtualRobotEvents>(event: E, ...args: Parameters<VirtualRobotEvents[E]>): void {
    for (const listener of this.rawListeners(event)) {
      try {
        const returned: unknown = (listener as (...a: unknown[]) => unknown)(...args);
        // Promise.resolve adopts a thenable without throwing, even one whose `then` throws.
        if (typeof returned === 'object' && returned !== null) Promise.resolve(returned).catch(ignore);
      } catch {
        // the listener's bug
      }
    }
  }
}

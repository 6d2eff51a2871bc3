/**
 * rclcpp's TimeSource for one node: declares `use_sim_time` (bool, false; `-p use_sim_time:=true`
 * applies as to any parameter) and follows it. True: the node's ros clock follows `/clock`
 * (rosgraph_msgs/msg/Clock, ClockQoS), reading zero until the first sample or the last one
 * seen; false: the subscription goes and the clock reads system time again.
 */
import { err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node, SubscriptionHandle } from '../api.js';
import { Clock as ClockMsg } from '../interfaces/generated/rosgraph_msgs/msg.js';
import type { ParameterChanges } from '../parameters/parameter-types.js';
import { QoS } from '../qos.js';
import { Time } from '../time.js';
import type { Clock } from './clock.js';

export const USE_SIM_TIME = 'use_sim_time';

type SourceNode = Pick<Node, 'declareParameter' | 'createSubscription' | 'getLogger'>;

export class TimeSource {
  private subscription: SubscriptionHandle | undefined;
  /** The last /clock time, kept across a switch off and on, as rclcpp's last_msg_set_. */
  private lastNs = 0n;
  private removeListener: (() => void) | undefined;

  private constructor(
    private readonly node: SourceNode,
    private readonly clock: Clock,
  ) {}

  /** Declares use_sim_time and applies its value (an override from `-p` included). */
  static attach(
    node: SourceNode,
    clock: Clock,
    listen: (listener: (changes: ParameterChanges) => void) => () => void,
  ): ResultOf<TimeSource> {
    const source = new TimeSource(node, clock);
    const declared = node.declareParameter(USE_SIM_TIME, false);
    if (!declared.ok) return declared;
    if (declared.value.value !== false && declared.value.value !== true) {
      return err('InvalidArgument', `parameter '${USE_SIM_TIME}' must be a bool, got ${String(declared.value.value)}`);
    }
    const applied = source.apply(declared.value.value);
    if (!applied.ok) return applied;
    source.removeListener = listen((changes) => source.onChanges(changes));
    return ok(source);
  }

  private onChanges(changes: ParameterChanges): void {
    if (changes.deleted.some((p) => p.name === USE_SIM_TIME)) {
      this.report(this.apply(false));
      return;
    }
    for (const p of [...changes.added, ...changes.changed]) {
      if (p.name === USE_SIM_TIME && typeof p.value === 'boolean') this.report(this.apply(p.value));
    }
  }

  private report(r: Result): void {
    if (!r.ok) this.node.getLogger().error(`use_sim_time: ${r.error.message}`);
  }

  private apply(useSimTime: boolean): Result {
    if (!useSimTime) {
      this.subscription?.reset();
      this.subscription = undefined;
      return this.clock.disableRosTimeOverride();
    }
    if (this.subscription === undefined) {
      const s = this.node.createSubscription(ClockMsg, '/clock', (msg) => this.onClock(msg), QoS.clock());
      if (!s.ok) return s;
      this.subscription = s.value;
    }
    const enabled = this.clock.enableRosTimeOverride();
    if (!enabled.ok) return enabled;
    return this.clock.setRosTimeOverride(this.lastNs);
  }

  /** Runs in spin: the clock's jump handlers and its sim timers see the new time in this round. */
  private onClock(msg: ClockMsg): void {
    const t = Time.fromMsg(msg.clock, 'ros');
    if (!t.ok) {
      this.node.getLogger().warn(`/clock: ${t.error.message}; the sample is ignored`);
      return;
    }
    this.lastNs = t.value.nanoseconds;
    const set = this.clock.setRosTimeOverride(t.value);
    if (!set.ok) throw new Error(set.error.message);
  }

  stop(): void {
    this.removeListener?.();
    this.removeListener = undefined;
    this.subscription?.reset();
    this.subscription = undefined;
  }
}

/**
 * rosbag2_transport's Player on an rclts node: one raw publisher per played topic (the recorded
 * QoS, remapped name), messages published at their recorded log time on the player's clock
 * (rate, pause, step, loop, start offset), and /clock from a wall timer. Everything runs in the
 * node's executor rounds: a one-shot timer per wait for the next message, a guard condition the
 * bag reading triggers when a starved queue gets a message. Stopping releases all of them.
 */
import { err, ok, type Result, type ResultOf } from '../../../result.js';
import type { RmwQos } from '../../../rmw/qos.js';
import type { GuardCondition, Node, Publisher, QoSLike, Timer } from '../../api.js';
import { Clock as ClockMsg } from '../../interfaces/generated/rosgraph_msgs/msg.js';
import { QoS } from '../../qos.js';
import { Time } from '../../time.js';
import type { MessageType } from '../../type-support.js';
import type { BagTopicInfo } from '../storage/types.js';
import { type CheckedPlayOptions, checkPlayOptions, type PlayOptions } from './play-options.js';
import { adaptOfferToRecordedOffers } from './play-qos.js';
import { PlayerClock } from './player-clock.js';
import { type Queued, ReadAhead } from './read-ahead.js';

/** Messages published in one round at most; the rest go in the next one (other entries get their turn). */
const MAX_BURST = 256;
const CLOCK_TOPIC = '/clock';

export type PlayerEvent =
  | { readonly type: 'skipped'; readonly topic: string; readonly message: string }
  | { readonly type: 'publish_failed'; readonly topic: string; readonly message: string }
  | { readonly type: 'loop'; readonly loop: number }
  | { readonly type: 'finished'; readonly error: string | undefined };

export interface PlayedTopic {
  readonly name: string;
  /** Where it is published (after remapping). */
  readonly publishedOn: string;
  readonly type: string;
  readonly qos: RmwQos;
  published: number;
  failed: number;
}

export interface PlayStats {
  readonly published: number;
  readonly failed: number;
  readonly loops: number;
  readonly topics: readonly Readonly<PlayedTopic>[];
}

export interface Player {
  /** Starts playback (once). */
  play(): Result;
  pause(): void;
  resume(): void;
  togglePaused(): void;
  isPaused(): boolean;
  /** rosbag2's play_next: while paused, publishes the next message now (the clock jumps to it). ok(false) at the end; TryAgain when nothing is read yet; NotAllowed unless paused. */
  playNext(): ResultOf<boolean>;
  getRate(): number;
  setRate(rate: number): Result;
  /** The bag time playback is at. */
  now(): bigint;
  isFinished(): boolean;
  /** Spins the executor until playback ends (Timeout after the budget; Reentrant inside a handler). */
  waitForFinish(budgetMs: number): Promise<Result>;
  /** Waits until each publisher is declared on the transport, within the budget. */
  ready(budgetMs: number): Promise<Result>;
  stats(): PlayStats;
  /** Stops playback and releases its publishers and timers (the reader stays open: the caller closes it). */
  stop(): void;
}

function passThrough(typeName: string, typeHash: string): MessageType<Uint8Array> {
  return { typeName, typeHash, encode: (b: Uint8Array) => b, decode: (b: Uint8Array) => b };
}

const qosLike = (q: QoSLike | RmwQos): QoSLike =>
  typeof (q as QoSLike).toRmw === 'function' ? (q as QoSLike) : QoS.fromRmw(q as RmwQos);

class PlayerImpl implements Player {
  private readonly publishers = new Map<string, { pub: Publisher<Uint8Array>; topic: PlayedTopic }>();
  private readonly clock: PlayerClock;
  private readonly startNs: bigint;
  private readAhead: ReadAhead | undefined;
  private timer: Timer | undefined;
  private clockTimer: Timer | undefined;
  private clockPub: Publisher<ClockMsg> | undefined;
  private guard: GuardCondition | undefined;
  private starved = false;
  private started = false;
  /** The clock starts with the first message read, as rosbag2 waits for its queue first. */
  private clockStarted = false;
  private stopped = false;
  private finished = false;
  private loop = 0;

  constructor(
    private readonly node: Node,
    private readonly o: CheckedPlayOptions,
    private readonly onEvent: (e: PlayerEvent) => void,
  ) {
    this.startNs = o.reader.metadata.startingTimeNs + o.startOffsetNs;
    this.clock = new PlayerClock(this.startNs, o.rate);
    if (o.startPaused) this.clock.pause();
  }

  setUp(): Result {
    for (const topic of this.o.reader.topics) {
      if (!this.selected(topic.name)) continue;
      this.addPublisher(topic);
    }
    if (this.o.clockHz > 0) {
      const pub = this.node.createPublisher(ClockMsg, CLOCK_TOPIC, QoS.clock());
      if (!pub.ok) return pub;
      this.clockPub = pub.value;
    }
    const guard = this.node.createGuardCondition(() => this.schedule());
    if (!guard.ok) return guard;
    this.guard = guard.value;
    return ok();
  }

  private selected(name: string): boolean {
    if (this.o.clockHz > 0 && name === CLOCK_TOPIC) return false;
    const named = this.o.topics === undefined ? this.o.include === undefined : this.o.topics.includes(name);
    if (!named && !(this.o.include?.test(name) ?? false)) return false;
    return !(this.o.exclude?.test(name) ?? false);
  }

  private addPublisher(topic: BagTopicInfo): void {
    if (topic.serializationFormat !== 'cdr') {
      // A ROS publisher sends CDR; protobuf topics (vrobots bags) replay with vrobots' replaySwarm.
      this.onEvent({
        type: 'skipped',
        topic: topic.name,
        message: `${topic.name}: serialization format '${topic.serializationFormat}' is not played as a ROS topic (Unsupported; vrobots bags play with vrobots bag play)`,
      });
      return;
    }
    const known = this.o.registry.message(topic.type);
    const hash = known.ok ? known.value.typeHash : topic.typeDescriptionHash;
    if (hash === '') {
      const why = known.ok ? '' : known.error.message;
      this.onEvent({
        type: 'skipped',
        topic: topic.name,
        message: `${topic.name}: no type hash for ${topic.type} (${why})`,
      });
      return;
    }
    const qos = this.o.qosOverrides.get(topic.name);
    const requested =
      qos === undefined ? QoS.fromRmw(adaptOfferToRecordedOffers(topic.offeredQosProfiles)) : qosLike(qos);
    const publishedOn = this.o.remap.get(topic.name) ?? topic.name;
    const pub = this.node.createPublisher(passThrough(topic.type, hash), publishedOn, requested);
    if (!pub.ok) {
      this.onEvent({ type: 'skipped', topic: topic.name, message: `${topic.name}: ${pub.error.message}` });
      return;
    }
    this.publishers.set(topic.name, {
      pub: pub.value,
      topic: {
        name: topic.name,
        publishedOn: pub.value.getTopicName(),
        type: topic.type,
        qos: requested.toRmw(),
        published: 0,
        failed: 0,
      },
    });
  }

  play(): Result {
    if (this.stopped) return err('NotInitialized', 'the player was stopped');
    if (this.started) return err('AlreadyExists', 'the player is already playing');
    this.started = true;
    this.restartClock();
    this.readAhead = new ReadAhead(
      this.o.reader,
      { topics: [...this.publishers.keys()], startNs: this.startNs },
      this.o.loop,
      this.o.readAhead,
      () => {
        if (this.starved) this.guard?.trigger();
      },
    );
    void this.readAhead.run();
    if (this.clockPub !== undefined) {
      this.publishClock();
      const t = this.node.createWallTimer(1000 / this.o.clockHz, () => this.publishClock());
      if (!t.ok) return t;
      this.clockTimer = t.value;
    }
    this.starved = true;
    return ok();
  }

  /** The clock at the start time, paused or not as it was. */
  private restartClock(): void {
    const paused = this.clock.isPaused();
    this.clock.jump(this.startNs);
    if (paused) this.clock.pause();
  }

  private publishClock(): void {
    const t = Time.fromNs(this.clockStarted ? this.clock.now() : this.startNs, 'ros');
    const msg = t.ok ? t.value.toMsg() : t;
    if (msg.ok) this.clockPub?.publish({ clock: msg.value });
  }

  /** Runs in spin: publishes what is due, then arms the wait for the next message. */
  private schedule(): void {
    this.timer?.reset();
    this.timer = undefined;
    const ra = this.readAhead;
    if (ra === undefined || this.stopped || this.finished || this.clock.isPaused()) return;
    this.starved = false;
    if (!this.clockStarted && (ra.peek() !== undefined || ra.ended)) {
      this.clockStarted = true;
      this.restartClock();
    }
    for (let n = 0; n < MAX_BURST; n++) {
      const head = ra.peek();
      if (head === undefined) break;
      this.enterLoop(head);
      if (head.message.recvTimestampNs > this.clock.now()) {
        this.arm(this.clock.wallDelayMs(head.message.recvTimestampNs));
        return;
      }
      this.publish(ra.shift()!);
    }
    if (ra.peek() !== undefined) {
      this.arm(0);
      return;
    }
    if (ra.ended) this.finish();
    else this.starved = true;
  }

  private enterLoop(head: Queued): void {
    if (head.loop === this.loop) return;
    this.loop = head.loop;
    this.restartClock();
    this.onEvent({ type: 'loop', loop: head.loop });
  }

  private arm(delayMs: number): void {
    const t = this.node.createOneShotTimer(Math.max(delayMs, 0.001), () => this.schedule());
    if (t.ok) this.timer = t.value;
    else this.finish(t.error.message);
  }

  private publish(item: Queued): void {
    const entry = this.publishers.get(item.message.topic);
    if (entry === undefined) return;
    const r = entry.pub.publishRaw(item.message.data);
    if (r.ok) entry.topic.published++;
    else {
      entry.topic.failed++;
      this.onEvent({ type: 'publish_failed', topic: entry.topic.name, message: r.error.message });
    }
  }

  private finish(error?: string): void {
    if (this.finished) return;
    this.finished = true;
    this.timer?.reset();
    this.timer = undefined;
    this.onEvent({ type: 'finished', error: error ?? this.readAhead?.error?.message });
  }

  pause(): void {
    this.clock.pause();
    this.timer?.reset();
    this.timer = undefined;
  }

  resume(): void {
    this.clock.resume();
    if (this.started) this.schedule();
  }

  togglePaused(): void {
    if (this.clock.isPaused()) this.resume();
    else this.pause();
  }

  isPaused(): boolean {
    return this.clock.isPaused();
  }

  playNext(): ResultOf<boolean> {
    if (!this.clock.isPaused()) return err('NotAllowed', 'playNext works while the player is paused');
    const ra = this.readAhead;
    if (ra === undefined) return err('NotInitialized', 'playNext before play()');
    const head = ra.peek();
    if (head === undefined) {
      if (!ra.ended) return err('TryAgain', 'the next message is not read from the bag yet');
      this.finish();
      return ok(false);
    }
    this.clockStarted = true;
    this.enterLoop(head);
    this.clock.jump(head.message.recvTimestampNs);
    this.clock.pause();
    this.publish(ra.shift()!);
    if (ra.peek() === undefined && ra.ended) this.finish();
    return ok(true);
  }

  getRate(): number {
    return this.clock.getRate();
  }

  setRate(rate: number): Result {
    const set = this.clock.setRate(rate);
    if (set.ok && this.started && !this.clock.isPaused()) this.schedule();
    return set;
  }

  now(): bigint {
    return this.clockStarted ? this.clock.now() : this.startNs;
  }

  isFinished(): boolean {
    return this.finished;
  }

  waitForFinish(budgetMs: number): Promise<Result> {
    return this.node.executor.spinUntil(
      () => this.finished || this.stopped,
      budgetMs,
      'waiting for the playback to finish',
    );
  }

  async ready(budgetMs: number): Promise<Result> {
    const all = [...this.publishers.values()].map((p) => p.pub.ready(budgetMs));
    if (this.clockPub !== undefined) all.push(this.clockPub.ready(budgetMs));
    for (const r of await Promise.all(all)) if (!r.ok) return r;
    return ok();
  }

  stats(): PlayStats {
    const topics = [...this.publishers.values()].map((p) => ({ ...p.topic }));
    return {
      published: topics.reduce((n, t) => n + t.published, 0),
      failed: topics.reduce((n, t) => n + t.failed, 0),
      loops: this.loop,
      topics,
    };
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.readAhead?.stop();
    this.timer?.reset();
    this.clockTimer?.reset();
    this.guard?.reset();
    for (const p of this.publishers.values()) p.pub.destroy();
    this.clockPub?.destroy();
    if (!this.finished) this.finish();
  }
}

/** A player of `options.reader` on `node`; its publishers exist at once, playback starts at play(). */
export function createPlayer(
  node: Node,
  options: PlayOptions,
  onEvent: (e: PlayerEvent) => void = () => {},
): ResultOf<Player> {
  const checked = checkPlayOptions(options, (t) => node.resolveName(t));
  if (!checked.ok) return checked;
  const player = new PlayerImpl(node, checked.value, onEvent);
  const set = player.setUp();
  if (!set.ok) {
    player.stop();
    return set;
  }
  return ok(player);
}

/**
 * RtiClient: the vendor client's real-time session on a connected arm. `connect` calls
 * rti_connect (pc_ip none = this machine's address on the route to the arm) and opens the
 * stream (udp, or for SOFT_RTI over tcp the client dials the arm's stream port from pc_ip);
 * `claim` starts the arm applying targets; `stream` sends targets from a callback or an async
 * iterator on a timer of the robot's executor; `state`/`onState` watch the arm's state every
 * tick; `release`, `disconnect` and `close` end it. Errors are RtiError values.
 */
import { hostId } from '../../host.js';
import type { Timer } from '../../rclcpp/index.js';
import { ok } from '../../result.js';
import type { ArgValue } from '../arm/arm-args.js';
import { ARM_JOINTS, ARM_TICK_MS, type ArmModeName, type RtiTransport } from '../arm/arm-codes.js';
import type { ArmKnob } from '../arm/arm-verbs.js';
import { loadRtSockets } from '../arm/load-rt-sockets.js';
import type { RtSockets } from '../arm/rt-link.js';
import type { StatePacket } from '../arm/rt-packet.js';
import type { ArmStatus } from '../messages/arm-messages.js';
import type { VirtualRobot } from './robot-api.js';
import { RobotCore } from './robot-core.js';
import {
  checkConnectArgs,
  type LinkState,
  RtiCalls,
  type RtiConnectArgs,
  type RtiResult,
  type RtiResultOf,
} from './rti-calls.js';
import { type RtiErr, rtiErr } from './rti-error.js';
import { RtiStream, type RtiStreamStats } from './rti-stream.js';
import { type VrResultOf, vrErr } from './vr-error.js';

export const DEFAULT_ARM_HOST = '127.0.0.1';
const STREAM_DIAL_BUDGET_MS = 3000;

export interface RtiClientOptions {
  /** The control identity the arm sees; default `<client_name>-<pid>-<n>`. */
  readonly client?: string;
  /** What rti_connect's `wait: undefined` means. */
  readonly sync?: boolean;
  /** Where the arm's stream port is (the simulator's host). */
  readonly armHost?: string;
  readonly answerTimeoutMs?: number;
  readonly modeWaitMs?: number;
  /** The stream's sockets; default Node's. */
  readonly sockets?: RtSockets;
}

/** Where targets come from: a callback per period (undefined ends), or an async iterable. */
export type TargetSource =
  | ((index: number, state: StatePacket | undefined) => readonly number[] | undefined)
  | AsyncIterable<readonly number[]>;

export interface TargetStream {
  /** Ends the stream (the arm stops on its watchdog unless released first). */
  stop(): void;
  /** Resolves when the source ends or stop() is called. */
  readonly done: Promise<RtiResult>;
  sent(): number;
}

let clients = 0;

export class RtiClient {
  private rt: RtiStream | undefined;
  private closed = false;
  private lost = false;
  private session: { mode: ArmModeName; rateHz: number | undefined; transport: RtiTransport } | undefined;
  private readonly timers = new Set<Timer>();

  private constructor(
    private readonly robot: RobotCore,
    readonly calls: RtiCalls,
    private readonly sockets: RtSockets | undefined,
    private readonly armHost: string,
  ) {
    robot.on('connectionLost', this.onLost);
    robot.on('connectionRestored', this.onRestored);
  }

  private readonly onLost = (): void => {
    this.lost = true;
  };

  private readonly onRestored = (): void => {
    this.lost = false;
  };

  /** An RtiClient on a connected `arm` handle (from `VirtualRobot.connect('arm', ...)`). */
  static async open(robot: VirtualRobot, options: RtiClientOptions = {}): Promise<VrResultOf<RtiClient>> {
    if (!(robot instanceof RobotCore)) return vrErr('invalid_argument', 'RtiClient.open needs a VirtualRobot handle');
    if (robot.robotType !== 'arm') {
      return vrErr('invalid_argument', `RtiClient.open needs an arm, robot ${robot.sysId} is a ${robot.robotType}`);
    }
    const refused = robot.unusable();
    if (refused !== undefined) return refused;
    let sockets = options.sockets;
    if (sockets === undefined) {
      const loaded = await loadRtSockets();
      sockets = loaded.ok ? loaded.value : undefined;
    }
    const client = options.client ?? `${robot.options.clientName}-${hostId()}-${clients++}`;
    let self: RtiClient | undefined;
    const calls = RtiCalls.open(
      robot.link.node,
      robot.link.driver,
      robot.sysId,
      {
        client,
        ...(options.sync !== undefined ? { sync: options.sync } : {}),
        ...(options.answerTimeoutMs !== undefined ? { answerTimeoutMs: options.answerTimeoutMs } : {}),
        ...(options.modeWaitMs !== undefined ? { modeWaitMs: options.modeWaitMs } : {}),
      },
      () => self?.linkState() ?? 'up',
    );
    if (!calls.ok) return calls;
    self = new RtiClient(robot, calls.value, sockets, options.armHost ?? DEFAULT_ARM_HOST);
    return ok(self);
  }

  private linkState(): LinkState {
    if (this.closed || this.robot.isDeleted() || (!this.robot.isConnected() && !this.lost)) return 'closed';
    return this.lost ? 'lost' : 'up';
  }

  /**
   * rti_connect, then the stream. pc_ip none: this machine's address on the route to the
   * arm (a client that is not connected fails and sends nothing).
   */
  async connect(args: RtiConnectArgs = {}): Promise<RtiResult> {
    const bad = checkConnectArgs(args);
    if (bad !== undefined) return bad;
    if (this.linkState() !== 'up')
      return rtiErr('RobotConnectionError', 'rti_connect: the client is not connected; nothing was sent');
    let pcIp = args.pcIp;
    if (pcIp === undefined && this.sockets !== undefined) {
      const own = await this.sockets.localAddressToward(this.armHost);
      if (own.ok) pcIp = own.value;
    }
    const r = await this.calls.connect({ ...args, pcIp });
    if (!r.ok) return r;
    const rti = args.rateHz === undefined;
    const transport: RtiTransport = rti ? 'udp' : (args.transport ?? 'udp');
    this.session = { mode: rti ? 'RTI' : 'SOFT_RTI', rateHz: args.rateHz, transport };
    return this.openStream(pcIp ?? '', transport);
  }

  private async openStream(pcIp: string, transport: RtiTransport): Promise<RtiResult> {
    await this.rt?.close();
    this.rt = undefined;
    if (this.sockets === undefined) {
      return rtiErr('RobotConnectionError', 'the real-time stream needs Node sockets; this runtime has none');
    }
    const status = await this.calls.latestStatus();
    if (!status.ok) return status;
    const opened = await RtiStream.open(
      this.sockets,
      {
        transport,
        armHost: this.armHost,
        armPort: status.value.streamPort,
        localIp: pcIp,
        connectBudgetMs: STREAM_DIAL_BUDGET_MS,
      },
      () => this.robot.link.driver.wake.notify(),
    );
    if (!opened.ok)
      return rtiErr('RobotConnectionError', `cannot open the ${transport} stream: ${opened.error.message}`);
    this.rt = opened.value;
    return ok();
  }

  claim(): Promise<RtiResult> {
    return this.calls.verb('rti_claim');
  }

  release(): Promise<RtiResult> {
    return this.calls.verb('rti_release');
  }

  /** rti_disconnect, then the stream closes. */
  async disconnect(): Promise<RtiResult> {
    this.stopStreams();
    const r = await this.calls.verb('rti_disconnect');
    await this.rt?.close();
    this.rt = undefined;
    this.session = undefined;
    return r;
  }

  setCommandTimeout(seconds: number): Promise<RtiResult> {
    return this.calls.setCommandTimeout(seconds);
  }

  setServoGenerator(name: string): Promise<RtiResult> {
    return this.calls.setServoGenerator(name);
  }

  latestStatus(): Promise<RtiResultOf<ArmStatus>> {
    return this.calls.latestStatus();
  }

  /** The simulator's knobs (enable, home, latch/clear an error, hold/release control, stall). */
  knob(verb: ArmKnob, args: readonly ArgValue[] = []): Promise<RtiResult> {
    return this.calls.verb(verb, args);
  }

  /** Sends one target now (six joint positions, rad). */
  send(positions: readonly number[]): RtiResult {
    const bad = checkPositions(positions);
    if (bad !== undefined) return bad;
    if (this.rt === undefined) return rtiErr('RobotConnectionError', 'no real-time stream: connect first');
    return this.rt.send(positions) ? ok() : rtiErr('RobotConnectionError', 'the stream is closed');
  }

  /**
   * Sends targets from `source` on a timer of the robot's executor: every 4 ms in RTI, every
   * 1/rate_hz in SOFT_RTI (or `periodMs`).
   */
  stream(source: TargetSource, periodMs?: number): RtiResultOf<TargetStream> {
    if (this.rt === undefined || this.session === undefined) {
      return rtiErr('RobotConnectionError', 'no real-time stream: connect first');
    }
    const period = periodMs ?? (this.session.rateHz === undefined ? ARM_TICK_MS : 1000 / this.session.rateHz);
    let resolveDone: (r: RtiResult) => void = () => {};
    const done = new Promise<RtiResult>((resolve) => {
      resolveDone = resolve;
    });
    let sent = 0;
    let index = 0;
    let timer: Timer | undefined;
    let finished = false;
    const finish = (r: RtiResult): void => {
      if (finished) return;
      finished = true;
      if (timer !== undefined) {
        timer.cancel();
        this.timers.delete(timer);
      }
      resolveDone(r);
    };
    const emit = (positions: readonly number[]): void => {
      const r = this.send(positions);
      if (r.ok) sent++;
      else finish(r);
    };
    let fire: () => void;
    if (typeof source === 'function') {
      fire = () => {
        const next = source(index++, this.rt?.state());
        if (next === undefined) finish(ok());
        else emit(next);
      };
    } else {
      const it = source[Symbol.asyncIterator]();
      let ready: readonly number[] | undefined;
      let pulling = false;
      let ended = false;
      const pull = (): void => {
        if (pulling || ended) return;
        pulling = true;
        it.next().then(
          (r) => {
            pulling = false;
            if (r.done === true) ended = true;
            else ready = r.value;
          },
          () => {
            pulling = false;
            ended = true;
          },
        );
      };
      pull();
      fire = () => {
        if (ready !== undefined) {
          emit(ready);
          ready = undefined;
        } else if (ended) finish(ok());
        pull();
      };
    }
    const t = this.robot.link.node.createWallTimer(period, () => fire());
    if (!t.ok) return rtiErr('RobotConnectionError', `cannot start the target timer: ${t.error.message}`);
    timer = t.value;
    this.timers.add(timer);
    return ok({ stop: () => finish(ok()), done, sent: () => sent });
  }

  /** The arm's latest state from the stream (undefined before the first). */
  state(): StatePacket | undefined {
    return this.rt?.state();
  }

  /** Calls `listener` with every state datagram; answers the unsubscribe. */
  onState(listener: (s: StatePacket) => void): () => void {
    return this.rt?.onState(listener) ?? (() => {});
  }

  /** Waits for a state that satisfies `until` (any new one by default). */
  async waitState(budgetMs: number, until?: (s: StatePacket) => boolean): Promise<RtiResultOf<StatePacket>> {
    const start = this.rt?.stats().statesReceived ?? 0;
    const holds = (): boolean => {
      const s = this.rt?.state();
      if (s === undefined) return false;
      return until !== undefined ? until(s) : (this.rt?.stats().statesReceived ?? 0) > start;
    };
    await this.robot.link.driver.until(holds, budgetMs);
    const s = this.rt?.state();
    if (s !== undefined && holds()) return ok(s);
    return rtiErr('RobotTimeout', `no matching state from the arm within ${budgetMs}ms`);
  }

  streamStats(): RtiStreamStats | undefined {
    return this.rt?.stats();
  }

  private stopStreams(): void {
    for (const t of this.timers) t.cancel();
    this.timers.clear();
  }

  /** Closes the stream and the clients (does not disconnect the arm; a waiting call answers DISCONNECTED). */
  async close(): Promise<RtiResult> {
    if (this.closed) return ok();
    this.closed = true;
    this.robot.off('connectionLost', this.onLost);
    this.robot.off('connectionRestored', this.onRestored);
    this.robot.link.driver.wake.notify();
    this.stopStreams();
    await this.rt?.close();
    this.rt = undefined;
    this.calls.close();
    return ok();
  }
}

function checkPositions(positions: readonly number[]): RtiErr | undefined {
  if (!Array.isArray(positions) || positions.length !== ARM_JOINTS) {
    return rtiErr('ValueError', `a target is ${ARM_JOINTS} joint positions, got ${String(positions)}`);
  }
  if (!positions.every((p) => typeof p === 'number' && Number.isFinite(p))) {
    return rtiErr('ValueError', 'every joint position must be a finite number');
  }
  return undefined;
}

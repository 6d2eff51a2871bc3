/**
 * One simulated robot on the wire: its own raw node (deleting the robot destroys the node,
 * so every key it spoke goes silent and every queryable goes away at once), state and
 * frames publishers, command and estimate subscriptions, and its service keys, declared
 * after a delay the way Unity's queryables take a moment to be discovered.
 */
import type { Executor, Node, Publisher, Timer } from '../../rclcpp/index.js';
import { err, ok, type Result, type ResultOf } from '../../result.js';
import type { Estimate, Header, Pose } from '../generated/swarmbotix-types.js';
import { cmdKey, estimateKey, framesKey, stateKey } from '../keys.js';
import { Command, EstimateState, State } from '../messages/topic-messages.js';
import { VROBOTS_NODE_OPTIONS } from '../node-options.js';
import { bodyFrameId, type RobotTypeInfo } from '../robot-type.js';
import { RawBytes } from '../tools/raw-bytes.js';
import { type CommandCheck, CommandLatch } from './command-latch.js';
import type { FaultBoard, PublishedTally } from './fault-knobs.js';
import type { RobotBody } from './robot-body.js';
import { RobotFrames } from './robot-frames.js';
import { serveRobotSegments } from './robot-service-handlers.js';
import type { SimLog } from './sim-log.js';
import { nowNs, SimStamp } from './sim-stamp.js';

/** How long a robot's state waits for its publisher's declaration before publishing regardless. */
const STATE_DECLARE_BUDGET_MS = 120_000;

/** The simulator never fills State.estimate; built once, not per published State. */
const NO_ESTIMATE = State.create().estimate;

export interface RobotSpec {
  readonly sysId: number;
  readonly type: RobotTypeInfo;
  readonly name: string;
  readonly active: boolean;
  readonly spawn: Pose;
  readonly body: RobotBody;
}

export interface RobotContext {
  readonly executor: Executor;
  readonly board: FaultBoard;
  readonly log: SimLog;
  readonly serviceDelayMs: number;
  readonly estimateStaleMs: number;
  readonly sceneFrameId: string;
  readonly checkCommand: CommandCheck;
}

export class SimRobot {
  readonly sysId: number;
  readonly type: RobotTypeInfo;
  readonly name: string;
  active: boolean;
  skin = 'default';
  /** Simulated time in ns as a double (exact for 104 days): a step adds without making a bigint. */
  private simNs = 0;
  readonly body: RobotBody;
  readonly frames: RobotFrames;
  readonly latch: CommandLatch;
  private readonly stamp: SimStamp;
  readonly keys: {
    readonly state: string;
    readonly cmd: string;
    readonly frames: string;
    readonly estimate: string;
  };
  private estimate: { readonly value: Estimate; readonly arrivedMs: number } | undefined;
  private servicesUp = false;
  /**
   * State goes out only once its publisher is declared: before that every sample would wait
   * in the publisher (up to its bound) and leave as one stale burst, which, for a swarm still
   * declaring its keys, was hundreds of thousands of samples competing with the declarations.
   */
  private stateLive = false;
  private closed = false;
  private serviceTimer: Timer | undefined;
  private readonly statesPublished: PublishedTally;

  get simTimeNs(): bigint {
    return BigInt(this.simNs);
  }

  private constructor(
    spec: RobotSpec,
    readonly ctx: RobotContext,
    readonly node: Node,
    private readonly statePub: Publisher<Uint8Array>,
    private readonly framesPub: Publisher<Uint8Array>,
  ) {
    this.sysId = spec.sysId;
    this.type = spec.type;
    this.name = spec.name;
    this.active = spec.active;
    this.body = spec.body;
    const id = spec.sysId;
    this.keys = { state: stateKey(id), cmd: cmdKey(id), frames: framesKey(id), estimate: estimateKey(id) };
    this.frames = new RobotFrames(spec.sysId, bodyFrameId(spec.type.type, spec.sysId), ctx.sceneFrameId);
    this.latch = new CommandLatch();
    this.stamp = new SimStamp(spec.type.stateFrameId);
    this.statesPublished = ctx.board.publishedTally(this.keys.state);
  }

  /** Declares the robot's node, topics and (after the delay) services. */
  static spawn(spec: RobotSpec, ctx: RobotContext): ResultOf<SimRobot> {
    const node = ctx.executor.createNode(`vrobots_sim_robot_${spec.sysId}`, VROBOTS_NODE_OPTIONS);
    if (!node.ok) return err(node.error.name, `robot ${spec.sysId}: ${node.error.message}`);
    const statePub = node.value.createPublisher(RawBytes, stateKey(spec.sysId));
    const framesPub = node.value.createPublisher(RawBytes, framesKey(spec.sysId));
    if (!statePub.ok || !framesPub.ok) {
      node.value.destroy();
      const e = !statePub.ok ? statePub.error : !framesPub.ok ? framesPub.error : undefined;
      return err(e?.name ?? 'Error', `robot ${spec.sysId}: cannot publish: ${e?.message ?? ''}`);
    }
    const robot = new SimRobot(spec, ctx, node.value, statePub.value, framesPub.value);
    void statePub.value.ready(STATE_DECLARE_BUDGET_MS).then((declared) => {
      // Past the budget it publishes anyway and the publisher queues, as before.
      if (!declared.ok) ctx.log(`robot ${spec.sysId}: ${declared.error.message}; publishing state anyway`);
      robot.stateLive = true;
    });
    const declared = robot.declareInputs();
    if (!declared.ok) {
      node.value.destroy();
      return declared;
    }
    if (ctx.serviceDelayMs <= 0) {
      const up = robot.declareServices();
      if (!up.ok) {
        node.value.destroy();
        return up;
      }
    } else {
      const timer = node.value.createOneShotTimer(ctx.serviceDelayMs, () => {
        const up = robot.declareServices();
        if (!up.ok) ctx.log(`error: robot ${spec.sysId}: ${up.error.message}`);
      });
      if (!timer.ok) {
        node.value.destroy();
        return err(timer.error.name, `robot ${spec.sysId}: ${timer.error.message}`);
      }
      robot.serviceTimer = timer.value;
    }
    return ok(robot);
  }

  private declareInputs(): Result {
    const cmd = this.node.createSubscription(RawBytes, this.keys.cmd, (bytes) => this.onCommand(bytes));
    if (!cmd.ok)
      return err(cmd.error.name, `robot ${this.sysId}: cannot subscribe ${this.keys.cmd}: ${cmd.error.message}`);
    const est = this.node.createSubscription(RawBytes, this.keys.estimate, (bytes, info) =>
      this.onEstimate(bytes, info.receivedAtMs),
    );
    if (!est.ok)
      return err(est.error.name, `robot ${this.sysId}: cannot subscribe ${this.keys.estimate}: ${est.error.message}`);
    return ok();
  }

  private declareServices(): Result {
    if (this.closed || this.servicesUp) return ok();
    const served = serveRobotSegments(this);
    if (served.ok) this.servicesUp = true;
    return served;
  }

  /** True once the service keys are declared. */
  servicesReady(): boolean {
    return this.servicesUp;
  }

  private onCommand(bytes: Uint8Array): void {
    this.ctx.board.countReceived(this.keys.cmd);
    let command: Command;
    try {
      command = Command.decode(bytes);
    } catch (thrown) {
      this.ctx.board.countMalformed(this.keys.cmd);
      this.ctx.log(`malformed Command on ${this.keys.cmd} (${bytes.byteLength} bytes) dropped: ${String(thrown)}`);
      return;
    }
    const verdict = this.ctx.checkCommand(this.type.type, command);
    if (!verdict.ok) {
      this.ctx.board.countRejectedCommand(this.keys.cmd);
      this.ctx.log(`command ${command.id} on ${this.keys.cmd} ignored: ${verdict.error.message}`);
      return;
    }
    if (!this.body.applyCommand(command.id, command.args)) {
      this.ctx.board.countRejectedCommand(this.keys.cmd);
      this.ctx.log(`command ${command.id} on ${this.keys.cmd} ignored: a ${this.type.type} does not use it`);
      return;
    }
    this.ctx.board.countAppliedCommand(this.keys.cmd);
    this.latch.apply(command);
  }

  private onEstimate(bytes: Uint8Array, receivedAtMs: number): void {
    this.ctx.board.countReceived(this.keys.estimate);
    try {
      this.estimate = { value: EstimateState.decode(bytes).estimate, arrivedMs: receivedAtMs };
    } catch (thrown) {
      this.ctx.board.countMalformed(this.keys.estimate);
      this.ctx.log(
        `malformed EstimateState on ${this.keys.estimate} (${bytes.byteLength} bytes) dropped: ${String(thrown)}`,
      );
    }
  }

  /** The client's estimate while fresh (arrived within the stale limit), else undefined. */
  freshEstimate(nowMs: number = Date.now()): Estimate | undefined {
    if (this.estimate === undefined || nowMs - this.estimate.arrivedMs > this.ctx.estimateStaleMs) return undefined;
    return this.estimate.value;
  }

  /** One physics step (a dormant robot holds still but keeps its commands latched). */
  step(dtS: number): void {
    if (this.closed) return;
    this.simNs += Math.round(dtS * 1e9);
    if (!this.active) return;
    this.body.setEstimate(this.freshEstimate());
    this.body.step(dtS);
  }

  reset(pose: Pose | undefined): void {
    this.body.reset(pose);
    this.latch.clear();
    this.simNs = 0;
  }

  /** A header as the simulator stamps it, about this robot; seq counts per key. */
  header(key: string, stampNs: bigint = nowNs()): Header {
    return this.stamp.header(key, this.sysId, stampNs);
  }

  publishState(): void {
    if (this.closed || !this.stateLive || this.ctx.board.isPublishingPaused(this.sysId)) return;
    const stamp = nowNs();
    const actuator = this.body.actuator();
    const last = this.latch.last();
    // Lent bytes: publishRaw copies what it keeps before it returns.
    const bytes = State.encodeLent({
      header: this.header(this.keys.state, stamp),
      robotType: this.type.type,
      active: this.active,
      simTimeNs: this.simTimeNs,
      kinematics: this.body.kinematics(),
      wrench: this.body.wrench(),
      actuator: {
        // Encoding is synchronous and only reads: no copy of the body's arrays is needed.
        pwm: actuator.pwm,
        normalized: actuator.normalized,
        measured: actuator.measured,
        lastCmdId: last?.id ?? 0,
        lastCmdSrcId: last?.header.srcId ?? 0,
        lastCmdSeq: last?.header.seq ?? 0n,
      },
      sensors: this.body.sensors(stamp),
      environment: this.body.environment(),
      estimate: NO_ESTIMATE,
    });
    if (this.statePub.publishRaw(bytes).ok) this.statesPublished.n++;
  }

  /** Publishes every frame in use: on change (`force`) or as the keepalive. */
  publishFrames(): void {
    if (this.closed || this.ctx.board.isPublishingPaused(this.sysId)) return;
    for (const def of this.frames.definitions(() => this.header(this.keys.frames))) {
      if (this.framesPub.publishRaw(def).ok) this.ctx.board.countPublished(this.keys.frames);
    }
  }

  /** Withdraws every key of the robot. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.serviceTimer?.cancel();
    this.node.destroy();
  }

  isClosed(): boolean {
    return this.closed;
  }
}

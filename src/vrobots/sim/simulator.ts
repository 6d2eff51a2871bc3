/**
 * `startSimulator(options)`: the headless stand-in for the Unity simulator, built only on
 * the public rclcpp API (raw naming). It serves the manager and scene keys, spawns the
 * scene-authored robots (ids from 0) and whatever clients create (ids continue, never
 * reused), steps physics at 50 Hz and publishes state at 25 Hz.
 */

import { hostId } from '../../host.js';
import { Executor, type Node } from '../../rclcpp/index.js';
import { err, ok, type Result, type ResultOf } from '../../result.js';
import { loadRtSockets } from '../arm/load-rt-sockets.js';
import type { RtSockets } from '../arm/rt-link.js';
import type { Pose } from '../generated/swarmbotix-types.js';
import { VROBOTS_NODE_OPTIONS } from '../node-options.js';
import { creatableTypes, isRobotType, robotTypeInfo } from '../robot-type.js';
import type { ArmClock } from './arm/arm-clock.js';
import { RealTimeClock } from './arm/arm-clock.js';
import { SimArm } from './arm/sim-arm.js';
import { defaultBodyFactory } from './body-factory.js';
import { checkCommandForSim } from './default-command-check.js';
import { FaultBoard, type FaultKnobs, type SimCounters } from './fault-knobs.js';
import { serveManager } from './manager-services.js';
import { QUIET } from './sim-log.js';
import { type ResolvedSimulatorOptions, resolveSimulatorOptions, type SimulatorOptions } from './sim-options.js';
import { type RobotContext, SimRobot } from './sim-robot.js';
import { SPAWN_IDENTITY } from './still-body.js';
import { TickPacer } from './tick-pacer.js';

export interface SimRobotInfo {
  readonly sysId: number;
  readonly robotType: string;
  readonly name: string;
  readonly active: boolean;
  /** Whether its service keys are declared yet (they appear after serviceDelayMs). */
  readonly servicesReady: boolean;
}

export interface CreateRobotOptions {
  readonly name?: string;
  readonly startActive?: boolean;
  readonly pose?: Pose;
}

export interface Simulator {
  /** The executor the simulator runs on (its own, or the caller's). */
  readonly executor: Executor;
  readonly faults: FaultKnobs;
  readonly sceneFrameId: string;
  counters(): SimCounters;
  robots(): readonly SimRobotInfo[];
  robot(sysId: number): SimRobotInfo | undefined;
  /** What the manager's create does, in-process (creatable types only). */
  createRobot(robotType: string, options?: CreateRobotOptions): ResultOf<number>;
  /** What the manager's delete does; NotFound for an unknown id. */
  deleteRobot(sysId: number): Result;
  /** The arm behind a sys_id (in-process: its controller, knobs and stream), undefined for other types. */
  arm(sysId: number): SimArm | undefined;
  /** The clock the arms tick on. */
  readonly armClock: ArmClock;
  /** Withdraws every key; closes the executor when the simulator opened it. */
  stop(): Promise<Result>;
}

class SimulatorImpl implements Simulator {
  readonly faults: FaultBoard;
  readonly sceneFrameId: string;
  private readonly fleet = new Map<number, SimRobot>();
  private readonly arms = new Map<number, SimArm>();
  private armsMade = 0;
  readonly armClock: ArmClock;
  private nextSysId = 0;
  private stopped = false;
  private spinning: Promise<Result> | undefined;
  private readonly ctx: RobotContext;

  constructor(
    readonly executor: Executor,
    private readonly node: Node,
    private readonly options: ResolvedSimulatorOptions,
    private readonly owned: boolean,
    board: FaultBoard,
    private readonly sockets: RtSockets | undefined,
  ) {
    this.faults = board;
    this.armClock = options.armClock ?? new RealTimeClock();
    this.sceneFrameId = options.sceneFrameId;
    this.ctx = {
      executor,
      board,
      log: options.logger ?? QUIET,
      serviceDelayMs: options.serviceDelayMs,
      estimateStaleMs: options.estimateStaleMs,
      sceneFrameId: options.sceneFrameId,
      checkCommand: options.checkCommand ?? checkCommandForSim,
    };
  }

  counters(): SimCounters {
    return this.faults.snapshot();
  }

  robots(): readonly SimRobotInfo[] {
    return [...this.fleet.values()].map((r) => this.infoOf(r));
  }

  robot(sysId: number): SimRobotInfo | undefined {
    const r = this.fleet.get(sysId);
    return r === undefined ? undefined : this.infoOf(r);
  }

  private infoOf(r: SimRobot): SimRobotInfo {
    return { sysId: r.sysId, robotType: r.type.type, name: r.name, active: r.active, servicesReady: r.servicesReady() };
  }

  /** Spawns any catalog type (scene robots) or only creatable ones (clients). */
  spawn(robotType: string, options: CreateRobotOptions, sceneAuthored: boolean): ResultOf<SimRobot> {
    if (this.stopped) return err('NotInitialized', `simulator is stopped; cannot spawn '${robotType}'`);
    const known = creatableTypes().join(', ');
    if (!isRobotType(robotType)) return err('InvalidArgument', `unknown type '${robotType}' (known: ${known})`);
    const type = robotTypeInfo(robotType);
    if (!type.creatable && !sceneAuthored) {
      return err('NotAllowed', `type '${robotType}' is scene-authored and cannot be created (known: ${known})`);
    }
    const sysId = this.nextSysId++;
    const spawn = options.pose ?? SPAWN_IDENTITY;
    const body = (this.options.bodyFactory ?? defaultBodyFactory)({
      sysId,
      robotType: type.type,
      spawn,
      noiseSeed: (this.options.noiseSeed + sysId) >>> 0,
      sensorNoise: this.options.sensorNoise,
    });
    const robot = SimRobot.spawn(
      {
        sysId,
        type,
        name: options.name !== undefined && options.name.length > 0 ? options.name : `${type.displayName} ${sysId}`,
        active: options.startActive ?? true,
        spawn,
        body,
      },
      this.ctx,
    );
    if (!robot.ok) return robot;
    if (type.type === 'arm') {
      const port = this.options.armStreamPort === 0 ? 0 : this.options.armStreamPort + this.armsMade;
      this.armsMade++;
      const arm = SimArm.attach(robot.value, {
        clock: this.armClock,
        sockets: this.sockets,
        host: this.options.armStreamHost,
        port,
      });
      if (!arm.ok) {
        robot.value.close();
        return arm;
      }
      this.arms.set(sysId, arm.value);
    }
    this.fleet.set(sysId, robot.value);
    robot.value.publishFrames();
    return robot;
  }

  createRobot(robotType: string, options: CreateRobotOptions = {}): ResultOf<number> {
    const made = this.spawn(robotType, options, false);
    return made.ok ? ok(made.value.sysId) : made;
  }

  deleteRobot(sysId: number): Result {
    const robot = this.fleet.get(sysId);
    if (robot === undefined) return err('NotFound', `unknown sys_id ${sysId}`);
    this.fleet.delete(sysId);
    this.arms.get(sysId)?.close();
    this.arms.delete(sysId);
    robot.close();
    return ok();
  }

  arm(sysId: number): SimArm | undefined {
    return this.arms.get(sysId);
  }

  /** Declares the manager keys and the timers that drive every robot. */
  start(): Result {
    const served = serveManager(this.node, this.ctx, {
      sceneFrameId: this.sceneFrameId,
      create: (r) => {
        const made = this.spawn(
          r.robotType,
          { name: r.robotName, startActive: r.startActive, ...(r.pose !== undefined ? { pose: r.pose } : {}) },
          false,
        );
        return made.ok
          ? ok({ sysId: made.value.sysId, robotType: made.value.type.type, robotName: made.value.name })
          : made;
      },
      delete: (id) => this.deleteRobot(id).ok,
    });
    if (!served.ok) return served;
    const { physicsPeriodMs, statePeriodMs } = this.options;
    const dt = physicsPeriodMs / 1000;
    const physicsPace = new TickPacer(physicsPeriodMs, performance.now());
    const statePace = new TickPacer(statePeriodMs, performance.now());
    const timers = [
      this.node.createWallTimer(physicsPeriodMs, () => {
        for (let n = physicsPace.rounds(performance.now()); n > 0; n--) for (const r of this.fleet.values()) r.step(dt);
      }),
      this.node.createWallTimer(statePeriodMs, () => {
        // One tick's states leave the socket together rather than one write each.
        const sent = this.executor.batchWrites(() => {
          for (let n = statePace.rounds(performance.now()); n > 0; n--) {
            for (const r of this.fleet.values()) r.publishState();
          }
          for (const a of this.arms.values()) a.publishStatus();
        });
        if (!sent.ok) this.ctx.log(`state tick: ${sent.error.message}`);
      }),
      this.node.createWallTimer(this.options.framesKeepaliveMs, () => {
        const sent = this.executor.batchWrites(() => {
          for (const r of this.fleet.values()) r.publishFrames();
        });
        if (!sent.ok) this.ctx.log(`frames keepalive: ${sent.error.message}`);
      }),
    ];
    for (const t of timers) if (!t.ok) return err(t.error.name, `simulator timers: ${t.error.message}`);
    for (const type of this.options.robots) {
      const made = this.spawn(type, {}, true);
      if (!made.ok) return err(made.error.name, `scene robot '${type}': ${made.error.message}`);
    }
    return ok();
  }

  async stop(): Promise<Result> {
    if (this.stopped) return ok();
    this.stopped = true;
    for (const a of this.arms.values()) a.close();
    this.arms.clear();
    for (const r of this.fleet.values()) r.close();
    this.fleet.clear();
    this.node.destroy();
    if (!this.owned) return ok();
    this.executor.cancel();
    await this.spinning;
    return this.executor.shutdown();
  }

  /** An own executor is spun in the background from start to stop. */
  spinInBackground(): void {
    if (this.owned && this.spinning === undefined) this.spinning = this.executor.spin();
  }
}

let simulators = 0;

/** Starts the simulator; with no executor given, opens its own (router or in-process) and spins it. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<ResultOf<Simulator>> {
  const resolved = resolveSimulatorOptions(options);
  if (!resolved.ok) return resolved;
  const o = resolved.value;
  let executor = o.executor;
  const owned = executor === undefined;
  if (executor === undefined) {
    const created = await Executor.create({
      router: o.router,
      tls: o.tls,
      capacity: o.capacity,
      connectBudgetMs: o.connectBudgetMs,
    });
    if (!created.ok) {
      const where = o.router === undefined ? 'the in-process backend' : `router ${o.router}`;
      return err(created.error.name, `simulator cannot open a session on ${where}: ${created.error.message}`);
    }
    executor = created.value;
  }
  const node = executor.createNode(`vrobots_sim_${hostId()}_${simulators++}`, VROBOTS_NODE_OPTIONS);
  if (!node.ok) {
    if (owned) await executor.shutdown();
    return err(node.error.name, `simulator node: ${node.error.message}`);
  }
  const board = new FaultBoard();
  let sockets = o.rtSockets;
  if (sockets === undefined) {
    const loaded = await loadRtSockets();
    sockets = loaded.ok ? loaded.value : undefined;
  }
  const sim = new SimulatorImpl(executor, node.value, o, owned, board, sockets);
  const started = sim.start();
  if (!started.ok) {
    await sim.stop();
    return started;
  }
  sim.spinInBackground();
  return ok(sim);
}

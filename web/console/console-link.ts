/**
 * The console's one session (run in the session worker): an executor on the router (or, with
 * none, on the in-process bus beside a simulator started in the page), a subscription on every
 * robot's state and one on every arm's status, and robot handles (and arm clients) opened on
 * demand for commands and services. The executor spins in the background.
 */
import { Executor, type ExecutorEvent, QoS } from '../../src/index.js';
import {
  ARM_STATUS_KEY_EXPR,
  ArmStatus,
  listTopics,
  type RobotType,
  RtiClient,
  type Simulator,
  State,
  SWARM_STATE_KEY_EXPR,
  startSimulator,
  type TopicListing,
  VirtualRobot,
  type VrResultOf,
} from '../../src/vrobots/index.js';

/** Robots of the in-page scene when there is no router. */
export const IN_PAGE_SCENE: readonly RobotType[] = ['msd', 'truck', 'multirotor'];
const CAPACITY = 8192;
/** Deep enough for over half a second of 1000 robots x 25 Hz while the worker is descheduled. */
const SWARM_QUEUE_DEPTH = 16384;
/** The control identity the arm sees for the console's knobs. */
export const CONSOLE_ARM_CLIENT = 'vrobots-web-console';

/** Where the session's traffic goes: every State, every arm status, the executor's events. */
export interface LinkSink {
  state(state: State, arrivalMs: number): void;
  armStatus(status: ArmStatus, arrivalMs: number): void;
  event(event: ExecutorEvent): void;
}

export type LinkOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

export class ConsoleLink {
  private readonly handles = new Map<number, Promise<VrResultOf<VirtualRobot>>>();
  private readonly arms = new Map<number, Promise<VrResultOf<RtiClient>>>();
  private spinning: Promise<unknown> | undefined;

  private constructor(
    readonly executor: Executor,
    readonly router: string | undefined,
    readonly simulator: Simulator | undefined,
  ) {}

  static async open(router: string | undefined, sink: LinkSink): Promise<LinkOutcome<ConsoleLink>> {
    let simulator: Simulator | undefined;
    if (router === undefined) {
      const sim = await startSimulator({ robots: [...IN_PAGE_SCENE] });
      if (!sim.ok) return { ok: false, message: `in-page simulator: ${sim.error.message}` };
      simulator = sim.value;
    }
    const created = await Executor.create({ router, capacity: CAPACITY });
    if (!created.ok) {
      await simulator?.stop();
      return { ok: false, message: created.error.message };
    }
    const link = new ConsoleLink(created.value, router, simulator);
    link.executor.onEvent((event) => sink.event(event));
    const node = link.executor.createNode(`vrobots_web_console_${Math.floor(Math.random() * 1e9)}`, { naming: 'raw' });
    const states = node.ok
      ? node.value.createSubscription(
          State,
          SWARM_STATE_KEY_EXPR,
          (state, info) => sink.state(state, info.receivedAtMs),
          QoS.sensorData().keepLast(SWARM_QUEUE_DEPTH),
        )
      : node;
    const arms =
      node.ok && states.ok
        ? node.value.createSubscription(
            ArmStatus,
            ARM_STATUS_KEY_EXPR,
            (status, info) => sink.armStatus(status, info.receivedAtMs),
            QoS.sensorData().keepLast(SWARM_QUEUE_DEPTH),
          )
        : states;
    if (!arms.ok) {
      await link.close();
      return { ok: false, message: arms.error.message };
    }
    link.spinning = link.executor.spin();
    return { ok: true, value: link };
  }

  get mode(): string {
    return this.router === undefined ? 'in-page simulator' : `router ${this.router}`;
  }

  /** A handle on a robot, attached once and reused (the first sample proves it is there). */
  robot(sysId: number, robotType: RobotType): Promise<VrResultOf<VirtualRobot>> {
    let pending = this.handles.get(sysId);
    if (pending === undefined) {
      pending = VirtualRobot.connect(robotType, sysId, { executor: this.executor });
      this.handles.set(sysId, pending);
      void pending.then((r) => {
        if (!r.ok) this.handles.delete(sysId);
      });
    }
    return pending;
  }

  /** The arm's immediate commands (its knobs) under the console's control identity, opened once. */
  arm(sysId: number): Promise<VrResultOf<RtiClient>> {
    let pending = this.arms.get(sysId);
    if (pending === undefined) {
      pending = this.robot(sysId, 'arm').then((robot) =>
        robot.ok ? RtiClient.open(robot.value, { client: CONSOLE_ARM_CLIENT }) : robot,
      );
      this.arms.set(sysId, pending);
      void pending.then((r) => {
        if (!r.ok) this.arms.delete(sysId);
      });
    }
    return pending;
  }

  /** Creates a robot through the manager (sent once), activated, first state received. */
  async create(robotType: RobotType): Promise<VrResultOf<VirtualRobot>> {
    const made = await VirtualRobot.connect(robotType, undefined, { executor: this.executor });
    if (made.ok) this.handles.set(made.value.sysId, Promise.resolve(made));
    return made;
  }

  /** Forgets the handle (and arm client) of a deleted robot. */
  forget(sysId: number): void {
    this.handles.delete(sysId);
    const arm = this.arms.get(sysId);
    this.arms.delete(sysId);
    void arm?.then((r) => (r.ok ? r.value.close() : undefined));
  }

  async topics(windowMs: number): Promise<LinkOutcome<TopicListing>> {
    const listed = await listTopics(this.executor, windowMs);
    return listed.ok ? { ok: true, value: listed.value } : { ok: false, message: listed.error.message };
  }

  async close(): Promise<void> {
    for (const pending of this.arms.values()) {
      const r = await pending;
      if (r.ok) await r.value.close();
    }
    this.arms.clear();
    for (const pending of this.handles.values()) {
      const r = await pending;
      if (r.ok) await r.value.close();
    }
    this.handles.clear();
    this.executor.cancel();
    await this.spinning;
    await this.executor.shutdown();
    await this.simulator?.stop();
  }
}

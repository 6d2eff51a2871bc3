/**
 * The VirtualRobot implementation: one robot seen through one RobotLink. Lifecycle and
 * state live here; command helpers and services are delegated to robot-commands.ts and
 * robot-services.ts, which reach the robot through the small RobotCore interface.
 */
import { EventEmitter } from 'node:events';
import type * as TypedEmitterModule from 'typed-emitter';

type TypedEmitter<E extends TypedEmitterModule.EventMap> = TypedEmitterModule.default<E>;

import type { Executor, Publisher, Timer } from '../../rclcpp/api.js';
import { checkBudget } from '../../rclcpp/index.js';
import type { MessageType } from '../../rclcpp/type-support.js';
import type { CmdArgsInput, CommandId } from '../commands/index.js';
import type {
  CameraSpec,
  CoordFrameDef,
  Estimate,
  Pose,
  SrvCartPoleConfig,
  SrvMsdConfig,
  SrvMultirotorRotorConfig,
  SrvSensorConfig,
  SrvUgvDriveConfig,
  SrvVRobotFrame,
} from '../generated/swarmbotix-types.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import type { State } from '../messages/topic-messages.js';
import type { RobotType } from '../robot-type.js';
import { listTopics as listTopicsTool } from '../tools/list-topics.js';
import { measureRate as measureRateTool } from '../tools/measure-rate.js';
import type { RateReport } from '../tools/rate-stats.js';
import type { TopicListing } from '../tools/topic-table.js';
import type { Vec3Like } from './command-helpers.js';
import type { ResolvedConnectOptions } from './connect-options.js';
import { HeaderStamp } from './header-stamp.js';
import { createRate, type Rate } from './rate.js';
import { RobotCommands } from './robot-commands.js';
import type { RobotLink } from './robot-link.js';
import { RobotServices } from './robot-services.js';
import type { SetpointStream, SubscribeCommandOptions } from './setpoint-stream.js';
import type { StateFeed } from './state-feed.js';
import type { StateStats } from './state-stats.js';
import { type SdkVersion, version } from './version.js';
import type {
  ConnectTimings,
  PhysicalParams,
  ServiceFields,
  VirtualRobot,
  VirtualRobotEvents,
} from './virtual-robot.js';
import { fromRclError, type VrErr, type VrResult, type VrResultOf, vrErr } from './vr-error.js';

/** State silence that confirms a delete (vrobots.md). */
export const DELETE_SILENCE_MS = 1000;
/** State silence after which a connected robot reports connectionLost. */
export const CONNECTION_LOST_MS = 1500;
const WATCHDOG_PERIOD_MS = 250;

const Emitter = EventEmitter as unknown as new () => TypedEmitter<VirtualRobotEvents>;

/** What the command and service helpers need from the robot. */
export interface RobotCore {
  readonly sysId: number;
  readonly robotType: RobotType;
  readonly link: RobotLink;
  readonly stamp: HeaderStamp;
  /** undefined when usable, else the error every command and service answers. */
  unusable(): VrErr | undefined;
  publisher<M>(type: MessageType<M>, key: string): VrResultOf<Publisher<M>>;
}

export class RobotHandle extends Emitter implements VirtualRobot, RobotCore {
  readonly sysId: number;
  readonly robotType: RobotType;
  readonly link: RobotLink;
  readonly stamp: HeaderStamp;
  readonly #feed: StateFeed;
  readonly #timings: ConnectTimings;
  readonly #publishers = new Map<string, Publisher<unknown>>();
  readonly #commands: RobotCommands;
  readonly #services: RobotServices;
  #watchdog: Timer | undefined;
  #deleted = false;
  #deleting = false;
  #closed = false;
  #lost = false;

  constructor(link: RobotLink, sysId: number, robotType: RobotType, feed: StateFeed, timings: ConnectTimings) {
    super();
    this.link = link;
    this.sysId = sysId;
    this.robotType = robotType;
    this.#feed = feed;
    this.#timings = timings;
    this.stamp = new HeaderStamp(link.options, sysId);
    this.#commands = new RobotCommands(this);
    this.#services = new RobotServices(this);
    const timer = link.node.createWallTimer(WATCHDOG_PERIOD_MS, () => this.#checkSilence());
    if (timer.ok) this.#watchdog = timer.value;
  }

  get options(): ResolvedConnectOptions {
    return this.link.options;
  }

  get executor(): Executor {
    return this.link.executor;
  }

  /** Called by the state feed (inside spin) for every sample. */
  onState(state: State): void {
    if (this.#lost) {
      this.#lost = false;
      this.#emit('connectionRestored');
    }
    this.#emit('state', state);
  }

  unusable(): VrErr | undefined {
    if (this.#deleted) return vrErr('deleted', `robot ${this.sysId} was deleted; this handle answers nothing else`);
    if (this.#closed) return vrErr('session', `robot ${this.sysId}: this handle is closed`);
    return undefined;
  }

  publisher<M>(type: MessageType<M>, key: string): VrResultOf<Publisher<M>> {
    const known = this.#publishers.get(key);
    if (known !== undefined) return { ok: true, value: known as Publisher<M> };
    const p = this.link.node.createPublisher(type, key);
    if (!p.ok) return { ok: false, error: fromRclError(p.error, `cannot publish on ${key}`) };
    this.#publishers.set(key, p.value as Publisher<unknown>);
    return p;
  }

  // ---- lifecycle ----

  isConnected(): boolean {
    return !this.#closed && !this.#deleted && !this.#lost;
  }

  isDeleted(): boolean {
    return this.#deleted;
  }

  activate(): Promise<VrResult> {
    return this.#services.activate();
  }

  reset(pose?: DeepPartial<Pose>): Promise<VrResult> {
    return this.#services.reset(pose);
  }

  async delete(): Promise<VrResult> {
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    if (this.#deleting) return vrErr('invalid_argument', `robot ${this.sysId}: delete is already in progress`);
    this.#deleting = true;
    try {
      const sent = await this.#services.deleteOnce();
      if (!sent.ok) return sent;
      const budget = this.link.options.serviceTimeoutMs;
      const silent = await this.link.driver.until(
        () => this.#silentForMs() >= DELETE_SILENCE_MS,
        budget + DELETE_SILENCE_MS,
      );
      if (!silent) {
        return vrErr(
          'timeout',
          `robot ${this.sysId} was deleted but ${this.#feed.key} did not go silent for ${DELETE_SILENCE_MS}ms within ${budget + DELETE_SILENCE_MS}ms`,
        );
      }
      this.#deleted = true;
      this.#release();
      this.#emit('deleted', this.sysId);
      return { ok: true, value: undefined };
    } finally {
      this.#deleting = false;
    }
  }

  async close(): Promise<VrResult> {
    if (this.#closed) return { ok: true, value: undefined };
    this.#closed = true;
    this.#release();
    return this.link.close();
  }

  connectTimings(): ConnectTimings {
    return this.#timings;
  }

  // ---- state ----

  states(): State {
    // connect returns only after the first sample, so there always is one.
    return this.#feed.latest() as State;
  }

  async waitNewState(budgetMs: number): Promise<VrResultOf<State>> {
    const budget = checkBudget('waitNewState budgetMs', budgetMs);
    if (!budget.ok) return vrErr('invalid_argument', budget.error.message);
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    const start = this.#feed.count();
    const got = await this.link.driver.until(() => this.#feed.count() > start || this.#closed, budgetMs);
    if (this.#closed) return this.unusable() ?? vrErr('session', `robot ${this.sysId}: closed while waiting`);
    if (!got) return vrErr('timeout', `no new state on ${this.#feed.key} within ${budgetMs}ms`);
    return { ok: true, value: this.#feed.latest() as State };
  }

  rate(hz: number): VrResultOf<Rate> {
    return createRate(hz, (ms) => this.link.driver.sleep(ms));
  }

  stats(): StateStats {
    return this.#feed.stats();
  }

  // ---- commands ----

  sendCmd(id: CommandId, args: CmdArgsInput): VrResult {
    return this.#commands.send(id, args);
  }
  setMrPwm(pwm: readonly number[]): VrResult {
    return this.#commands.setMrPwm(pwm);
  }
  setMrThrottle(throttle: readonly number[]): VrResult {
    return this.#commands.setMrThrottle(throttle);
  }
  setCar(steer: number, throttle: number, brake?: number): VrResult {
    return this.#commands.setCar(steer, throttle, brake);
  }
  setBodyForce(force: Vec3Like): VrResult {
    return this.#commands.setBodyForce(force);
  }
  setBodyTorque(torque: Vec3Like): VrResult {
    return this.#commands.setBodyTorque(torque);
  }
  setBodyFt(force: Vec3Like, torque: Vec3Like): VrResult {
    return this.#commands.setBodyFt(force, torque);
  }
  setAngvel(rates: Vec3Like): VrResult {
    return this.#commands.setAngvel(rates);
  }
  setMsdForce(newtons: number): VrResult {
    return this.#commands.setMsdForce(newtons);
  }
  setCartpoleForce(newtons: number): VrResult {
    return this.#commands.setCartpoleForce(newtons);
  }
  setFwCtrlMode(mode: 0 | 1): VrResult {
    return this.#commands.setFwCtrlMode(mode);
  }
  setFwSurfaces(radians: readonly number[]): VrResult {
    return this.#commands.setFwSurfaces(radians);
  }
  setFwThrust(newtons: number): VrResult {
    return this.#commands.setFwThrust(newtons);
  }
  setFwThrustBias(newtons: number): VrResult {
    return this.#commands.setFwThrustBias(newtons);
  }
  setFwEstSource(source: 0 | 1): VrResult {
    return this.#commands.setFwEstSource(source);
  }
  publishEstimate(estimate: DeepPartial<Estimate>, estimator?: string): VrResult {
    return this.#commands.publishEstimate(estimate, estimator);
  }
  subscribeCommand(id: CommandId, options?: SubscribeCommandOptions): VrResultOf<SetpointStream> {
    return this.#commands.subscribe(id, options ?? {});
  }

  // ---- services ----

  setPhysicalParams(params: PhysicalParams): Promise<VrResult> {
    return this.#services.setPhysicalParams(params);
  }
  setSkin(skin: string): Promise<VrResult> {
    return this.#services.setSkin(skin);
  }
  skin(): Promise<VrResultOf<string>> {
    return this.#services.readSkin();
  }
  configureSensors(config: ServiceFields<SrvSensorConfig>): Promise<VrResult> {
    return this.#services.configure('sensors', config);
  }
  setFrames(frames: ServiceFields<SrvVRobotFrame>): Promise<VrResult> {
    return this.#services.configure('frames', frames);
  }
  sceneFrame(): Promise<VrResultOf<string>> {
    return this.#services.sceneFrame();
  }
  frameDef(frameId?: string): Promise<VrResultOf<CoordFrameDef>> {
    return this.#services.frameDef(frameId);
  }
  configureDrive(config: ServiceFields<SrvUgvDriveConfig>): Promise<VrResult> {
    return this.#services.configure('drive', config);
  }
  configureRotors(config: ServiceFields<SrvMultirotorRotorConfig>): Promise<VrResult> {
    return this.#services.configure('rotors', config);
  }
  configureMsd(config: ServiceFields<SrvMsdConfig>): Promise<VrResult> {
    return this.#services.configure('msd', config);
  }
  configureCartpole(config: ServiceFields<SrvCartPoleConfig>): Promise<VrResult> {
    return this.#services.configure('cartpole', config);
  }
  mountCamera(camera: DeepPartial<CameraSpec> & { readonly name: string }): Promise<VrResult> {
    return this.#services.mountCamera(camera);
  }
  unmountCamera(name: string): Promise<VrResult> {
    return this.#services.unmountCamera(name);
  }
  async openCamera(name: string): Promise<VrResultOf<never>> {
    return vrErr(
      'unsupported',
      `camera '${name}' of robot ${this.sysId}: frames travel over iceoryx2 shared memory on the simulator's host (vrobots/${this.sysId}/i/cam/${name}/...), which has no JavaScript binding`,
    );
  }

  // ---- tools ----

  async listTopics(windowMs?: number): Promise<VrResultOf<TopicListing>> {
    if (this.#closed) return vrErr('session', `robot ${this.sysId}: this handle is closed`);
    const r = await listTopicsTool(this.link.executor, windowMs);
    return r.ok ? r : { ok: false, error: fromRclError(r.error) };
  }

  async measureRate(key: string, windowMs?: number): Promise<VrResultOf<RateReport>> {
    if (this.#closed) return vrErr('session', `robot ${this.sysId}: this handle is closed`);
    const r = await measureRateTool(this.link.executor, key, windowMs);
    return r.ok ? r : { ok: false, error: fromRclError(r.error) };
  }

  version(): SdkVersion {
    return version();
  }

  // ---- internals ----

  #silentForMs(): number {
    const last = this.#feed.lastArrivalMs();
    return last === undefined ? Number.POSITIVE_INFINITY : Date.now() - last;
  }

  #checkSilence(): void {
    if (this.#lost || this.#deleting || this.#deleted || this.#closed) return;
    const silent = this.#silentForMs();
    if (silent < CONNECTION_LOST_MS) return;
    this.#lost = true;
    this.#emit('connectionLost', `no state on ${this.#feed.key} for ${Math.round(silent)}ms`);
  }

  #release(): void {
    this.#watchdog?.reset();
    this.#watchdog = undefined;
    this.#feed.close();
    this.#commands.close();
    this.#services.close();
    for (const p of this.#publishers.values()) p.destroy();
    this.#publishers.clear();
  }

  /** A listener that throws must not break the SDK's own flow (nothing here rejects). */
  #emit<E extends keyof VirtualRobotEvents>(event: E, ...args: Parameters<VirtualRobotEvents[E]>): void {
    try {
      this.emit(event, ...args);
    } catch {
      // the listener's bug; the robot goes on
    }
  }
}

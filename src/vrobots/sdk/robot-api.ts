/**
 * The `VirtualRobot` interface: what `VirtualRobot.connect` answers, typed per robot type.
 * A verb that a robot type does not have (`setCar` on a multirotor, `configureRotors` on a
 * truck) takes `never` and does not compile on a handle of that type; SET_MR_PWM takes
 * exactly as many values as the type has rotors. A handle typed for any robot type
 * (`VirtualRobot`, the default) has every verb, checked at run time instead: that is the
 * handle a capability probe uses. Everything that can fail answers a VrResult.
 */
import type * as TypedEmitterModule from 'typed-emitter';
import type { Executor } from '../../rclcpp/index.js';
import type { CmdArgsInput, CommandId } from '../commands/index.js';
import type { CameraSpec, CoordFrameDef, Estimate, Pose } from '../generated/swarmbotix-types.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import type { SegmentRequest, SegmentsOf, TypeSegment } from '../messages/service-table.js';
import type { State } from '../messages/topic-messages.js';
import type { RobotType } from '../robot-type.js';
import type { RateReport } from '../tools/rate-stats.js';
import type { TopicListing } from '../tools/topic-table.js';
import type { Vec3Like } from './command-helpers.js';
import type { ResolvedConnectOptions } from './connect-options.js';
import type { Rate } from './rate.js';
import type { SetpointStream, SubscribeCommandOptions } from './setpoint-stream.js';
import type { StateStats } from './state-stats.js';
import type { SdkVersion } from './version.js';
import type { VrResult, VrResultOf } from './vr-error.js';

type TypedEmitter<E extends TypedEmitterModule.EventMap> = TypedEmitterModule.default<E>;

// A type alias (not an interface) so it satisfies typed-emitter's index-signature constraint.
export type VirtualRobotEvents = {
  /** A new state sample (runs inside the executor's spin). */
  state: (state: State) => void;
  /** delete() confirmed: the state topic went silent. */
  deleted: (sysId: number) => void;
  /** No state for the silence window while connected (simulator paused, gone, or network). */
  connectionLost: (detail: string) => void;
  /** State flows again after a connectionLost. */
  connectionRestored: () => void;
};

/** How long each step of connect took (ms); absent steps did not run. */
export interface ConnectTimings {
  readonly sessionMs: number;
  readonly probeMs?: number;
  readonly createMs?: number;
  readonly activateMs?: number;
  readonly firstStateMs: number;
  readonly totalMs: number;
}

/** Fields of SrvX requests a caller sets (the header is the SDK's). */
export type ServiceFields<T> = Omit<DeepPartial<T>, 'header'>;

export interface PhysicalParams {
  /** kg, > 0. */
  readonly mass?: number;
  /** Ixx, Iyy, Izz, kg m^2, each > 0. */
  readonly principalMoments?: Vec3Like;
}

/** The arguments of a verb only robot types `Of` have; `[never]` (no call compiles) for the others. */
export type VerbArgs<T extends RobotType, Of extends RobotType, A extends unknown[]> = [Extract<T, Of>] extends [never]
  ? [never]
  : A;

/** SET_MR_PWM / SET_MR_THROTTLE values: one per rotor (4 on a multirotor, 2 on a half drone). */
export type RotorValues<T extends RobotType> = T extends 'multirotor'
  ? readonly [number, number, number, number]
  : T extends 'halfdrone'
    ? readonly [number, number]
    : readonly number[];

/** The arguments of a type-only service's verb, from the service table. */
type ConfigArgs<T extends RobotType, S extends TypeSegment> = [S] extends [SegmentsOf<T>]
  ? [config: ServiceFields<SegmentRequest<S>>]
  : [never];

type Rotorcraft = 'multirotor' | 'halfdrone';

export interface VirtualRobot<T extends RobotType = RobotType> extends TypedEmitter<VirtualRobotEvents> {
  readonly sysId: number;
  readonly robotType: T;
  /** The options in force (defaults merged). */
  readonly options: ResolvedConnectOptions;
  /** The executor the robot lives on (its own or the caller's). */
  readonly executor: Executor;

  // lifecycle
  /** Open, not deleted, and state arrived within the silence window. */
  isConnected(): boolean;
  isDeleted(): boolean;
  activate(): Promise<VrResult>;
  /** Back to the spawn pose (or `pose`). */
  reset(pose?: DeepPartial<Pose>): Promise<VrResult>;
  /** Deletes the robot in the simulator: one request, confirmed by 1 s of state silence. */
  delete(): Promise<VrResult>;
  /** Releases this handle (never deletes the robot). */
  close(): Promise<VrResult>;
  connectTimings(): ConnectTimings;

  // state
  /** The last snapshot, forever (also after delete or close). Never blocks. */
  states(): State;
  waitNewState(budgetMs: number): Promise<VrResultOf<State>>;
  rate(hz: number): VrResultOf<Rate>;
  stats(): StateStats;

  // commands (client-side checks; refused -> invalid_argument and nothing sent)
  sendCmd(id: CommandId, args: CmdArgsInput): VrResult;
  setMrPwm(...args: VerbArgs<T, Rotorcraft, [pwm: RotorValues<T>]>): VrResult;
  setMrThrottle(...args: VerbArgs<T, Rotorcraft, [throttle: RotorValues<T>]>): VrResult;
  setCar(...args: VerbArgs<T, 'truck', [steer: number, throttle: number, brake?: number]>): VrResult;
  setBodyForce(force: Vec3Like): VrResult;
  setBodyTorque(torque: Vec3Like): VrResult;
  setBodyFt(force: Vec3Like, torque: Vec3Like): VrResult;
  setAngvel(rates: Vec3Like): VrResult;
  setMsdForce(...args: VerbArgs<T, 'msd', [newtons: number]>): VrResult;
  setCartpoleForce(...args: VerbArgs<T, 'cartpole', [newtons: number]>): VrResult;
  setFwCtrlMode(...args: VerbArgs<T, 'globalhawk', [mode: 0 | 1]>): VrResult;
  setFwSurfaces(...args: VerbArgs<T, 'globalhawk', [radians: readonly number[]]>): VrResult;
  setFwThrust(...args: VerbArgs<T, 'globalhawk', [newtons: number]>): VrResult;
  setFwThrustBias(...args: VerbArgs<T, 'globalhawk', [newtons: number]>): VrResult;
  setFwEstSource(...args: VerbArgs<T, 'globalhawk', [source: 0 | 1]>): VrResult;
  publishEstimate(estimate: DeepPartial<Estimate>, estimator?: string): VrResult;
  subscribeCommand(id: CommandId, options?: SubscribeCommandOptions): VrResultOf<SetpointStream>;

  // services (request fields from the service table; the header is the SDK's)
  setPhysicalParams(params: PhysicalParams): Promise<VrResult>;
  setSkin(skin: string): Promise<VrResult>;
  /** Reads the current skin back (payload-less GET on srv/skin). */
  skin(): Promise<VrResultOf<string>>;
  configureSensors(config: ServiceFields<SegmentRequest<'sensors'>>): Promise<VrResult>;
  setFrames(frames: ServiceFields<SegmentRequest<'frames'>>): Promise<VrResult>;
  sceneFrame(): Promise<VrResultOf<string>>;
  /** A frame definition from `z/frames` (default: the robot's moving body frame). */
  frameDef(frameId?: string): Promise<VrResultOf<CoordFrameDef>>;
  configureDrive(...args: ConfigArgs<T, 'drive'>): Promise<VrResult>;
  configureRotors(...args: ConfigArgs<T, 'rotors'>): Promise<VrResult>;
  configureMsd(...args: ConfigArgs<T, 'msd'>): Promise<VrResult>;
  configureCartpole(...args: ConfigArgs<T, 'cartpole'>): Promise<VrResult>;
  /** Mounts (or updates) a camera through `srv/cameras`. */
  mountCamera(camera: DeepPartial<CameraSpec> & { readonly name: string }): Promise<VrResult>;
  unmountCamera(name: string): Promise<VrResult>;
  /** Frames travel over iceoryx2 shared memory: answers `unsupported` in JavaScript. */
  openCamera(name: string): Promise<VrResultOf<never>>;

  // tools
  listTopics(windowMs?: number): Promise<VrResultOf<TopicListing>>;
  measureRate(key: string, windowMs?: number): Promise<VrResultOf<RateReport>>;
  version(): SdkVersion;
}

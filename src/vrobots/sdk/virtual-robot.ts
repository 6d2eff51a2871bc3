/**
 * The public face of the SDK: `VirtualRobot.connect(type, sysId?, options?)` and the
 * `VirtualRobot` handle interface. Everything that can fail answers a VrResult; nothing
 * throws or rejects. The implementation (RobotHandle) stays behind the factory.
 */
import type * as TypedEmitterModule from 'typed-emitter';

type TypedEmitter<E extends TypedEmitterModule.EventMap> = TypedEmitterModule.default<E>;

import type { Executor } from '../../rclcpp/api.js';
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
  Vec3,
} from '../generated/swarmbotix-types.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import type { State } from '../messages/topic-messages.js';
import type { RobotType } from '../robot-type.js';
import type { RateReport } from '../tools/rate-stats.js';
import type { TopicListing } from '../tools/topic-table.js';
import type { Vec3Like } from './command-helpers.js';
import { connectRobot } from './connect-flow.js';
import type { ConnectOptions, ResolvedConnectOptions } from './connect-options.js';
import type { Rate } from './rate.js';
import type { SetpointStream, SubscribeCommandOptions } from './setpoint-stream.js';
import type { StateStats } from './state-stats.js';
import type { SdkVersion } from './version.js';
import type { VrResult, VrResultOf } from './vr-error.js';

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

export interface VirtualRobot extends TypedEmitter<VirtualRobotEvents> {
  readonly sysId: number;
  readonly robotType: RobotType;
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
  setMrPwm(pwm: readonly number[]): VrResult;
  setMrThrottle(throttle: readonly number[]): VrResult;
  setCar(steer: number, throttle: number, brake?: number): VrResult;
  setBodyForce(force: Vec3Like): VrResult;
  setBodyTorque(torque: Vec3Like): VrResult;
  setBodyFt(force: Vec3Like, torque: Vec3Like): VrResult;
  setAngvel(rates: Vec3Like): VrResult;
  setMsdForce(newtons: number): VrResult;
  setCartpoleForce(newtons: number): VrResult;
  setFwCtrlMode(mode: 0 | 1): VrResult;
  setFwSurfaces(radians: readonly number[]): VrResult;
  setFwThrust(newtons: number): VrResult;
  setFwThrustBias(newtons: number): VrResult;
  setFwEstSource(source: 0 | 1): VrResult;
  publishEstimate(estimate: DeepPartial<Estimate>, estimator?: string): VrResult;
  subscribeCommand(id: CommandId, options?: SubscribeCommandOptions): VrResultOf<SetpointStream>;

  // services
  setPhysicalParams(params: PhysicalParams): Promise<VrResult>;
  setSkin(skin: string): Promise<VrResult>;
  /** Reads the current skin back (payload-less GET on srv/skin). */
  skin(): Promise<VrResultOf<string>>;
  configureSensors(config: ServiceFields<SrvSensorConfig>): Promise<VrResult>;
  setFrames(frames: ServiceFields<SrvVRobotFrame>): Promise<VrResult>;
  sceneFrame(): Promise<VrResultOf<string>>;
  /** A frame definition from `z/frames` (default: the robot's moving body frame). */
  frameDef(frameId?: string): Promise<VrResultOf<CoordFrameDef>>;
  configureDrive(config: ServiceFields<SrvUgvDriveConfig>): Promise<VrResult>;
  configureRotors(config: ServiceFields<SrvMultirotorRotorConfig>): Promise<VrResult>;
  configureMsd(config: ServiceFields<SrvMsdConfig>): Promise<VrResult>;
  configureCartpole(config: ServiceFields<SrvCartPoleConfig>): Promise<VrResult>;
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

/** The vendor-shaped entry point: `VirtualRobot.connect(...)`. */
export const VirtualRobot = {
  /**
   * Attaches to robot `sysId`, or creates one of `type` when no sysId is given; returns once
   * its state topic speaks. Options are validated before anything touches the network.
   */
  connect(type: RobotType | string, sysId?: number, options?: ConnectOptions): Promise<VrResultOf<VirtualRobot>> {
    return connectRobot(type, sysId, options);
  },
} as const;

export type { Vec3 };

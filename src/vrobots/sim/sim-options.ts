/**
 * Options of the headless simulator, their defaults, and their validation (InvalidArgument
 * naming the option, before anything is opened or declared).
 */
import { DEFAULT_CONNECT_BUDGET_MS, type Executor, type RouterTls } from '../../rclcpp/index.js';
import { err, ok, type ResultOf } from '../../result.js';
import type { RtSockets } from '../arm/rt-link.js';
import { catalogKeys, isRobotType } from '../robot-type.js';
import type { ArmClock } from './arm/arm-clock.js';
import type { RobotBodyFactory } from './body-factory.js';
import type { CommandCheck } from './command-latch.js';
import type { SimLog } from './sim-log.js';

export const DEFAULT_SERVICE_DELAY_MS = 300;
export const DEFAULT_PHYSICS_PERIOD_MS = 20;
export const DEFAULT_STATE_PERIOD_MS = 40;
export const DEFAULT_FRAMES_KEEPALIVE_MS = 1000;
export const DEFAULT_ESTIMATE_STALE_MS = 500;
export const DEFAULT_SCENE_FRAME_ID = 'fru';
/** Own executor: each robot takes about ten entries (services, subscriptions, timers). */
export const DEFAULT_SIM_CAPACITY = 4096;
export const DEFAULT_ARM_STREAM_HOST = '127.0.0.1';

export interface SimulatorOptions {
  /** Run on this executor (the caller spins it). Otherwise the simulator opens and spins its own. */
  readonly executor?: Executor | undefined;
  /** Own executor over zenoh through this router (`ws/127.0.0.1:10000`), or a failover list; none: in-process. */
  readonly router?: string | readonly string[] | undefined;
  /** Certificate checking of a `wss/` router (`{ caFile }`, Node), for the own executor. */
  readonly tls?: RouterTls | undefined;
  /** Budget of opening the own executor's session; default: the executor's (DEFAULT_CONNECT_BUDGET_MS). */
  readonly connectBudgetMs?: number;
  /** Arena capacity of the simulator's own executor. */
  readonly capacity?: number;
  /** Scene-authored robots (catalog keys), given ids 0, 1, ... in this order. */
  readonly robots?: readonly string[];
  /** Delay before a new robot's service keys appear (clients exercise their retry path). */
  readonly serviceDelayMs?: number;
  readonly physicsPeriodMs?: number;
  readonly statePeriodMs?: number;
  readonly framesKeepaliveMs?: number;
  /** A client estimate older than this is ignored. */
  readonly estimateStaleMs?: number;
  readonly sceneFrameId?: string;
  /** Seed of the sensor noise (repeatable runs). */
  readonly noiseSeed?: number;
  /** Sensor noise on (default) or off (exact truth in the sensor block). */
  readonly sensorNoise?: boolean;
  /** Log sink; quiet when absent. */
  readonly logger?: SimLog | undefined;
  /** Replaces the physics/sensor models (tests). */
  readonly bodyFactory?: RobotBodyFactory;
  /** Replaces the command acceptability check (tests). */
  readonly checkCommand?: CommandCheck;
  /** The arms' clock: real time by default; a SteppableClock makes every tick a test's call. */
  readonly armClock?: ArmClock;
  /** Address the arms' real-time stream ports bind to (default 127.0.0.1). */
  readonly armStreamHost?: string;
  /** First arm's stream port (udp and tcp); the n-th arm created gets port + n. 0 (default): any free port. */
  readonly armStreamPort?: number;
  /** The sockets of the real-time stream; default: Node's, loaded when the simulator starts. */
  readonly rtSockets?: RtSockets;
}

export interface ResolvedSimulatorOptions {
  readonly executor: Executor | undefined;
  readonly router: string | readonly string[] | undefined;
  readonly tls: RouterTls | undefined;
  readonly connectBudgetMs: number;
  readonly capacity: number;
  readonly robots: readonly string[];
  readonly serviceDelayMs: number;
  readonly physicsPeriodMs: number;
  readonly statePeriodMs: number;
  readonly framesKeepaliveMs: number;
  readonly estimateStaleMs: number;
  readonly sceneFrameId: string;
  readonly noiseSeed: number;
  readonly sensorNoise: boolean;
  readonly logger: SimLog | undefined;
  readonly bodyFactory: RobotBodyFactory | undefined;
  readonly checkCommand: CommandCheck | undefined;
  readonly armClock: ArmClock | undefined;
  readonly armStreamHost: string;
  readonly armStreamPort: number;
  readonly rtSockets: RtSockets | undefined;
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): ResultOf<number> {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
    return err(
      'InvalidArgument',
      `simulator option ${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of ms, got ${String(value)}`,
    );
  }
  return ok(v);
}

export function resolveSimulatorOptions(options: SimulatorOptions = {}): ResultOf<ResolvedSimulatorOptions> {
  if (typeof options !== 'object' || options === null)
    return err('InvalidArgument', `simulator options must be an object, got ${String(options)}`);
  if (options.executor !== undefined && options.router !== undefined) {
    return err(
      'InvalidArgument',
      'simulator options executor and router exclude each other (the executor already has its session)',
    );
  }
  const robots = options.robots ?? [];
  if (!Array.isArray(robots)) return err('InvalidArgument', 'simulator option robots must be an array of catalog keys');
  for (const r of robots) {
    if (!isRobotType(r)) {
      return err(
        'InvalidArgument',
        `simulator option robots: unknown type '${String(r)}' (known: ${catalogKeys().join(', ')})`,
      );
    }
  }
  const checks = [
    positive('serviceDelayMs', options.serviceDelayMs, DEFAULT_SERVICE_DELAY_MS, true),
    positive('physicsPeriodMs', options.physicsPeriodMs, DEFAULT_PHYSICS_PERIOD_MS),
    positive('statePeriodMs', options.statePeriodMs, DEFAULT_STATE_PERIOD_MS),
    positive('framesKeepaliveMs', options.framesKeepaliveMs, DEFAULT_FRAMES_KEEPALIVE_MS),
    positive('estimateStaleMs', options.estimateStaleMs, DEFAULT_ESTIMATE_STALE_MS),
    positive('connectBudgetMs', options.connectBudgetMs, DEFAULT_CONNECT_BUDGET_MS),
  ] as const;
  for (const c of checks) if (!c.ok) return c;
  const [serviceDelayMs, physicsPeriodMs, statePeriodMs, framesKeepaliveMs, estimateStaleMs, connectBudgetMs] =
    checks.map((c) => (c.ok ? c.value : 0)) as [number, number, number, number, number, number];
  const sceneFrameId = options.sceneFrameId ?? DEFAULT_SCENE_FRAME_ID;
  if (typeof sceneFrameId !== 'string' || sceneFrameId.length === 0)
    return err('InvalidArgument', 'simulator option sceneFrameId must be a non-empty string');
  const noiseSeed = options.noiseSeed ?? 1;
  if (!Number.isInteger(noiseSeed) || noiseSeed < 0 || noiseSeed > 0xffffffff)
    return err('InvalidArgument', `simulator option noiseSeed must be a u32, got ${String(noiseSeed)}`);
  const armStreamPort = options.armStreamPort ?? 0;
  if (!Number.isInteger(armStreamPort) || armStreamPort < 0 || armStreamPort > 65535)
    return err(
      'InvalidArgument',
      `simulator option armStreamPort must be a port 0..65535, got ${String(armStreamPort)}`,
    );
  const armStreamHost = options.armStreamHost ?? DEFAULT_ARM_STREAM_HOST;
  if (typeof armStreamHost !== 'string' || armStreamHost.length === 0)
    return err('InvalidArgument', 'simulator option armStreamHost must be a non-empty address');
  return ok({
    executor: options.executor,
    router: options.router,
    tls: options.tls,
    connectBudgetMs,
    capacity: options.capacity ?? DEFAULT_SIM_CAPACITY,
    robots: [...robots],
    serviceDelayMs,
    physicsPeriodMs,
    statePeriodMs,
    framesKeepaliveMs,
    estimateStaleMs,
    sceneFrameId,
    noiseSeed,
    sensorNoise: options.sensorNoise ?? true,
    logger: options.logger,
    bodyFactory: options.bodyFactory,
    checkCommand: options.checkCommand,
    armClock: options.armClock,
    armStreamHost,
    armStreamPort,
    rtSockets: options.rtSockets,
  });
}

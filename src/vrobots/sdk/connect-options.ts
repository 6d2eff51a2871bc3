/**
 * ConnectOptions: every field and default of the vendor SDK (docs/vrobots-protocol.md), camelCase, times
 * in milliseconds, plus `executor` so a robot can live inside the caller's loop. Validated
 * once, before anything touches the network; a bad field answers invalid_argument naming it.
 */

import { checkBudget, checkRouterTls, type Executor, parseRouterLocators, type RouterTls } from '../../rclcpp/index.js';
import { describeThrown, ok } from '../../result.js';
import { AxisConvention } from '../generated/swarmbotix-types.js';
import { type VrResultOf, vrErr } from './vr-error.js';

export { AxisConvention };

export const DEFAULT_SRC_ID = 122;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_PROBE_TIMEOUT_MS = 15_000;
export const DEFAULT_SERVICE_TIMEOUT_MS = 8_000;
export const DEFAULT_CAMERA_TIMEOUT_MS = 5_000;
export const DEFAULT_CLIENT_NAME = 'vrobots-sdk';
export const DEFAULT_START_ACTIVE = true;
export const DEFAULT_ACTIVATE_AFTER_CREATE = true;
export const DEFAULT_COORD_FRAME_ID = 'unity';
export const DEFAULT_AXIS_CONVENTION: AxisConvention = AxisConvention.UNITY;

export interface ConnectOptions {
  /** Header src_id of everything this client sends (u32, 0 is the simulator's and refused). Default 122. */
  readonly srcId?: number;
  /**
   * zenoh router locator `ws/HOST:PORT`, or several for failover (an array or commas: tried in
   * order, the next after a loss); absent = the in-process backend. Ignored when `executor` is given.
   */
  readonly router?: string | readonly string[] | undefined;
  /** Certificate checking of a `wss/` router: `{ caFile }`, the CA that signed it (Node). */
  readonly tls?: RouterTls | undefined;
  /** Budget of opening the session and of the manager probe (create path). Default 5000 ms. */
  readonly connectTimeoutMs?: number;
  /** Budget of the first state sample (attach and create). Default 15000 ms. */
  readonly probeTimeoutMs?: number;
  /** Budget of each service call (retried within it) and of the create reply. Default 8000 ms. */
  readonly serviceTimeoutMs?: number;
  /** Budget of camera operations. Default 5000 ms. */
  readonly cameraTimeoutMs?: number;
  /** Name of a created robot; absent = the catalog default. */
  readonly robotName?: string | undefined;
  /** Header `name` of what this client sends. Default `vrobots-sdk`. */
  readonly clientName?: string;
  /** Create the robot active (physics running). Default true. */
  readonly startActive?: boolean;
  /** Send `srv/activate` after create. Default true. */
  readonly activateAfterCreate?: boolean;
  /** Header coord_frame_id of what this client sends. Default `unity`. */
  readonly coordFrameId?: string;
  /** Header axis_convention. Default UNITY (1). */
  readonly axisConvention?: AxisConvention;
  /** Run on the caller's executor (the caller spins it); absent = the robot owns one. */
  readonly executor?: Executor | undefined;
}

/** Every field set (router, robotName and executor may stay absent). */
export interface ResolvedConnectOptions {
  readonly srcId: number;
  readonly router: string | undefined;
  readonly tls: RouterTls | undefined;
  readonly connectTimeoutMs: number;
  readonly probeTimeoutMs: number;
  readonly serviceTimeoutMs: number;
  readonly cameraTimeoutMs: number;
  readonly robotName: string | undefined;
  readonly clientName: string;
  readonly startActive: boolean;
  readonly activateAfterCreate: boolean;
  readonly coordFrameId: string;
  readonly axisConvention: AxisConvention;
  readonly executor: Executor | undefined;
}

export function defaultConnectOptions(): ResolvedConnectOptions {
  return {
    srcId: DEFAULT_SRC_ID,
    router: undefined,
    tls: undefined,
    connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
    probeTimeoutMs: DEFAULT_PROBE_TIMEOUT_MS,
    serviceTimeoutMs: DEFAULT_SERVICE_TIMEOUT_MS,
    cameraTimeoutMs: DEFAULT_CAMERA_TIMEOUT_MS,
    robotName: undefined,
    clientName: DEFAULT_CLIENT_NAME,
    startActive: DEFAULT_START_ACTIVE,
    activateAfterCreate: DEFAULT_ACTIVATE_AFTER_CREATE,
    coordFrameId: DEFAULT_COORD_FRAME_ID,
    axisConvention: DEFAULT_AXIS_CONVENTION,
    executor: undefined,
  };
}

const U32_MAX = 0xffff_ffff;

function bad(field: string, why: string): VrResultOf<never> {
  return vrErr('invalid_argument', `ConnectOptions.${field} ${why}`);
}

function checkText(v: unknown, allowEmpty: boolean): string | undefined {
  if (typeof v !== 'string') return `must be a string (got ${typeof v})`;
  if (!allowEmpty && v.length === 0) return 'must not be empty';
  if (v.includes('\0')) return 'must not contain NUL characters';
  return undefined;
}

/** Merges the defaults once and validates every field; nothing is sent. */
export function resolveConnectOptions(options: ConnectOptions | undefined): VrResultOf<ResolvedConnectOptions> {
  try {
    return resolve(options);
  } catch (e) {
    // A throwing getter, a revoked Proxy, an executor whose isShutdown() throws.
    return vrErr('invalid_argument', `ConnectOptions could not be read: ${describeThrown(e)}`);
  }
}

function resolve(options: ConnectOptions | undefined): VrResultOf<ResolvedConnectOptions> {
  const d = defaultConnectOptions();
  if (options === undefined) return ok(d);
  if (typeof options !== 'object' || options === null)
    return vrErr('invalid_argument', 'options must be a ConnectOptions object');
  const o = { ...d } as { -readonly [K in keyof ResolvedConnectOptions]: ResolvedConnectOptions[K] };

  if (options.srcId !== undefined) {
    const v = options.srcId;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > U32_MAX)
      return bad('srcId', `must be a u32 integer (got ${String(v)})`);
    if (v === 0) return bad('srcId', 'must not be 0 (src_id 0 is the simulator)');
    o.srcId = v;
  }
  if (options.router !== undefined) {
    const parsed = parseRouterLocators(options.router);
    if (!parsed.ok) return bad('router', `is refused: ${parsed.error.message}`);
    o.router = parsed.value.joined;
  }
  const tls = checkRouterTls(options.tls);
  if (!tls.ok) return bad('tls', `is refused: ${tls.error.message}`);
  o.tls = tls.value;
  for (const field of ['connectTimeoutMs', 'probeTimeoutMs', 'serviceTimeoutMs', 'cameraTimeoutMs'] as const) {
    const v = options[field];
    if (v === undefined) continue;
    const budget = checkBudget(`ConnectOptions.${field}`, v);
    if (!budget.ok) return vrErr('invalid_argument', budget.error.message);
    o[field] = v;
  }
  if (options.robotName !== undefined) {
    const why = checkText(options.robotName, false);
    if (why !== undefined) return bad('robotName', why);
    o.robotName = options.robotName;
  }
  for (const field of ['clientName', 'coordFrameId'] as const) {
    const v = options[field];
    if (v === undefined) continue;
    // An empty coord_frame_id is legal: the axis_convention number then speaks.
    const why = checkText(v, field === 'coordFrameId');
    if (why !== undefined) return bad(field, why);
    o[field] = v;
  }
  for (const field of ['startActive', 'activateAfterCreate'] as const) {
    const v = options[field];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') return bad(field, `must be a boolean (got ${typeof v})`);
    o[field] = v;
  }
  if (options.axisConvention !== undefined) {
    const v = options.axisConvention;
    if (!Object.values(AxisConvention).includes(v))
      return bad('axisConvention', `must be one of 0 (UNSPECIFIED), 1 (UNITY), 2 (FRD), 3 (CV) (got ${String(v)})`);
    o.axisConvention = v;
  }
  if (options.executor !== undefined) {
    const x = options.executor as Partial<Executor> | null;
    if (typeof x !== 'object' || x === null || typeof x.createNode !== 'function' || typeof x.spinOnce !== 'function') {
      return bad('executor', 'must be an rclts Executor');
    }
    if (options.executor.isShutdown()) return bad('executor', 'is shut down');
    o.executor = options.executor;
  }
  return ok(o);
}

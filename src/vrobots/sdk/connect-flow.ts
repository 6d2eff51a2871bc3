/**
 * `connect(type, sysId?, options?)`, the vendor's algorithm (docs/vrobots-sdk.md, "connect"):
 * - attach (sysId given): subscribe `z/state`, wait for the first sample, timeout after
 *   probe_timeout naming the id; never touches the manager, never activates.
 * - create (no sysId), four steps:
 *   1. payload-less GET on `manager/srv/create`: is a manager there? (retried; no_responder)
 *   2. the real SrvVRobotCreate, sent EXACTLY ONCE (a retry that lands spawns a second robot)
 *   3. `srv/activate` with retry (a new robot's keys take a while to be discovered)
 *   4. the first state sample; connect returns only then, so states() has real data at once.
 * Everything is validated before the session opens; a failure after it closes what it opened.
 */

import { ok } from '../../result.js';
import { MANAGER_CREATE_KEY as CREATE_KEY, isSysId, srvKey as serviceKey, stateKey } from '../keys.js';
import { SrvVRobotCreate } from '../messages/service-messages.js';
import type { State } from '../messages/topic-messages.js';
import { parseRobotType, type RobotType } from '../robot-type.js';
import { type ConnectOptions, resolveConnectOptions } from './connect-options.js';
import { ConnectedRobot } from './connected-robot.js';
import { HeaderStamp } from './header-stamp.js';
import { ManagerCreate, PayloadLessAck } from './payload-less.js';
import type { ConnectTimings, VirtualRobot } from './robot-api.js';
import { RobotLink } from './robot-link.js';
import { StateFeed } from './state-feed.js';
import { type VrErr, type VrResultOf, vrErr, vrFail } from './vr-error.js';

/** What the caller asked for, checked. */
interface ConnectRequest {
  readonly robotType: RobotType;
  readonly sysId: number | undefined;
}

export function checkConnectArguments(type: unknown, sysId: unknown): VrResultOf<ConnectRequest> {
  if (typeof type !== 'string')
    return vrErr('invalid_argument', `connect: type must be a robot type name (got ${typeof type})`);
  const robotType = parseRobotType(type, 'connect: type');
  if (!robotType.ok) return vrFail(robotType.error);
  if (sysId !== undefined && !isSysId(sysId)) {
    return vrErr('invalid_argument', `connect: sysId ${String(sysId)} is not a sys_id (an integer 0..4294967295)`);
  }
  return ok({ robotType: robotType.value, sysId });
}

function withContext(e: VrErr, context: string): VrErr {
  return vrErr(e.error.kind, `${context}: ${e.error.detail}`);
}

export async function connectRobot(
  type: unknown,
  sysId: unknown,
  options: ConnectOptions | undefined,
): Promise<VrResultOf<VirtualRobot>> {
  const t0 = performance.now();
  const opts = resolveConnectOptions(options);
  if (!opts.ok) return opts;
  const req = checkConnectArguments(type, sysId);
  if (!req.ok) return req;
  const link = await RobotLink.open(opts.value);
  if (!link.ok) return link;
  const r =
    req.value.sysId === undefined
      ? await createPath(link.value, req.value.robotType, t0)
      : await attachPath(link.value, req.value.robotType, req.value.sysId, t0);
  if (!r.ok) await link.value.close();
  return r;
}

/** Subscribes the state topic; the handle is wired in once it exists. */
function openFeed(
  link: RobotLink,
  sysId: number,
  target: { handle: ConnectedRobot | undefined },
): VrResultOf<StateFeed> {
  return StateFeed.open(link.node, link.driver, stateKey(sysId), (s: State) => target.handle?.onState(s));
}

/**
 * Waits for a sample beyond the `seen` already received, or (`acceptActive`) for any sample
 * showing the robot active: one that arrived while activate was under way is as good as the
 * next, which the 25 Hz cadence makes wait up to 40 ms.
 */
async function firstSample(
  link: RobotLink,
  feed: StateFeed,
  sysId: number,
  created: boolean,
  seen = 0,
  acceptActive = false,
): Promise<VrResultOf<State>> {
  const budget = link.options.probeTimeoutMs;
  const got = await link.driver.until(
    () => feed.count() > seen || (acceptActive && feed.latest()?.active === true),
    budget,
  );
  const latest = feed.latest();
  if (!got || latest === undefined) {
    const after = created ? ' after create' : '';
    return vrErr('timeout', `no state on ${stateKey(sysId)} within ${budget}ms${after}`);
  }
  return ok(latest);
}

async function attachPath(
  link: RobotLink,
  robotType: RobotType,
  sysId: number,
  t0: number,
): Promise<VrResultOf<VirtualRobot>> {
  const target: { handle: ConnectedRobot | undefined } = { handle: undefined };
  const feed = openFeed(link, sysId, target);
  if (!feed.ok) return feed;
  const tState = performance.now();
  const first = await firstSample(link, feed.value, sysId, false);
  if (!first.ok) return first;
  const parsed = first.value.robotType === '' ? undefined : parseRobotType(first.value.robotType);
  const seen = parsed?.ok === true ? parsed.value : undefined;
  if (seen !== undefined && seen !== robotType) {
    return vrErr('config', `robot ${sysId} is a ${seen}, not a ${robotType} (from ${stateKey(sysId)})`);
  }
  const now = performance.now();
  const timings: ConnectTimings = { sessionMs: link.sessionMs, firstStateMs: now - tState, totalMs: now - t0 };
  target.handle = new ConnectedRobot(link, sysId, robotType, feed.value, timings);
  return ok(target.handle);
}

async function createPath(link: RobotLink, robotType: RobotType, t0: number): Promise<VrResultOf<VirtualRobot>> {
  const o = link.options;
  // 1. probe: free, retried, reserves nothing; its first GET goes out at once.
  const tProbe = performance.now();
  // A request budget covering both calls: a slow manager's probe reply (connect_timeout) still
  // counts; the create's own wait is service_timeout (callOnce's budget).
  const manager = link.channel(ManagerCreate, CREATE_KEY, Math.max(o.connectTimeoutMs, o.serviceTimeoutMs));
  if (!manager.ok) return manager;
  const probed = await manager.value.callWithRetry(undefined, o.connectTimeoutMs);
  if (!probed.ok) {
    if (probed.error.kind === 'no_responder')
      return vrErr('no_responder', `no vrobots manager answers on ${CREATE_KEY} within ${o.connectTimeoutMs}ms`);
    return withContext(probed, 'probing the manager');
  }
  // 2. create: exactly once.
  const tCreate = performance.now();
  const stamp = new HeaderStamp(o, 0);
  const request = SrvVRobotCreate.create({
    header: stamp.next(CREATE_KEY),
    robotType,
    robotName: o.robotName ?? '',
    startActive: o.startActive,
    clientName: o.clientName,
  });
  const created = await manager.value.callOnce(request, o.serviceTimeoutMs);
  if (!created.ok) return withContext(created, `creating a ${robotType}`);
  if (!created.value.ok)
    return vrErr('service', `${CREATE_KEY} refused to create a ${robotType}: ${created.value.message}`);
  const sysId = created.value.sysId;
  const target: { handle: ConnectedRobot | undefined } = { handle: undefined };
  const feed = openFeed(link, sysId, target);
  if (!feed.ok) return feed;
  // 3. activate, retried until its queryable is discovered.
  const tActivate = performance.now();
  if (o.activateAfterCreate) {
    const key = serviceKey(sysId, 'activate');
    const activate = link.channel(PayloadLessAck, key);
    if (!activate.ok) return activate;
    const done = await activate.value.callWithRetry(undefined, o.serviceTimeoutMs);
    if (!done.ok) return withContext(done, `robot ${sysId} was created but activating it failed`);
    if (!done.value.ok) {
      return vrErr(
        'service',
        `robot ${sysId} was created but activating it failed: ${key} refused: ${done.value.message}`,
      );
    }
  }
  // 4. the first state sample: one received after activate, or one already showing the robot active.
  const tState = performance.now();
  const first = await firstSample(link, feed.value, sysId, true, feed.value.count(), o.activateAfterCreate);
  if (!first.ok) return first;
  const now = performance.now();
  const timings: ConnectTimings = {
    sessionMs: link.sessionMs,
    probeMs: tCreate - tProbe,
    createMs: tActivate - tCreate,
    ...(o.activateAfterCreate ? { activateMs: tState - tActivate } : {}),
    firstStateMs: now - tState,
    totalMs: now - t0,
  };
  target.handle = new ConnectedRobot(link, sysId, robotType, feed.value, timings);
  return ok(target.handle);
}

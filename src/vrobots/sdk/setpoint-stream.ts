/**
 * The command bus reader (`robot.subscribeCommand(id)`): `z/cmd` is many-to-many, so a
 * controller, a logger or a second client can read the setpoints others send. One stream
 * follows one command id and keeps the latest setpoint; `fresh()` answers it only while it
 * is younger than the freshness window. This client's own publishes appear too (zenoh
 * delivers them locally); pass `ignoreSrcId` (e.g. your own src_id) to filter them out.
 */

import { checkBudget, type Node, type SubscriptionHandle } from '../../rclcpp/index.js';
import { ok } from '../../result.js';
import type { CmdArgs, Command, Header } from '../messages/topic-messages.js';
import { Command as CommandType } from '../messages/topic-messages.js';
import { RawBytes } from '../tools/raw-bytes.js';
import type { LoopDriver } from './loop-driver.js';
import { type VrResult, type VrResultOf, vrErr, vrFail } from './vr-error.js';

/** A setpoint older than this is not fresh (the estimate's staleness rule, 0.5 s). */
export const DEFAULT_SETPOINT_FRESH_MS = 500;

export interface Setpoint {
  readonly id: number;
  readonly args: CmdArgs;
  readonly header: Header;
  readonly srcId: number;
  /** Date.now() at arrival. */
  readonly receivedAtMs: number;
}

export interface SetpointStats {
  readonly received: number;
  readonly decodeErrors: number;
  /** Commands of other ids on the same key (not kept). */
  readonly otherIds: number;
  /** Dropped because they came from `ignoreSrcId`. */
  readonly ignored: number;
  /** Forward seq jumps per sender, summed. */
  readonly seqGaps: number;
  readonly lastSeq: bigint | undefined;
}

export interface SubscribeCommandOptions {
  /** Drop setpoints whose header src_id is this (your own publishes). */
  readonly ignoreSrcId?: number;
  /** Freshness window of `fresh()`. Default 500 ms. */
  readonly freshMs?: number;
}

export interface SetpointStream {
  readonly commandId: number;
  readonly key: string;
  /** The latest setpoint if it is younger than the freshness window. */
  fresh(): Setpoint | undefined;
  /** The latest setpoint, however old. */
  latest(): Setpoint | undefined;
  /** Waits for a setpoint newer than the current one; timeout after the budget. */
  waitNewSetpoint(budgetMs: number): Promise<VrResultOf<Setpoint>>;
  stats(): SetpointStats;
  close(): VrResult;
}

export function openSetpointStream(
  node: Node,
  driver: LoopDriver,
  key: string,
  commandId: number,
  options: SubscribeCommandOptions,
): VrResultOf<SetpointStream> {
  const freshMs = options.freshMs ?? DEFAULT_SETPOINT_FRESH_MS;
  if (!Number.isFinite(freshMs) || freshMs <= 0)
    return vrErr('invalid_argument', `subscribeCommand freshMs must be > 0 (got ${freshMs})`);
  let latest: Setpoint | undefined;
  let received = 0;
  let decodeErrors = 0;
  let otherIds = 0;
  let ignored = 0;
  let seqGaps = 0;
  let lastSeq: bigint | undefined;
  const lastSeqBySrc = new Map<number, bigint>();
  let handle: SubscriptionHandle | undefined;

  const onCommand = (bytes: Uint8Array, receivedAtMs: number): void => {
    let cmd: Command;
    try {
      cmd = CommandType.decode(bytes);
    } catch {
      decodeErrors++;
      return;
    }
    if (cmd.id !== commandId) {
      otherIds++;
      return;
    }
    if (options.ignoreSrcId !== undefined && cmd.header.srcId === options.ignoreSrcId) {
      ignored++;
      return;
    }
    const prev = lastSeqBySrc.get(cmd.header.srcId);
    if (prev !== undefined && cmd.header.seq > prev + 1n) seqGaps++;
    lastSeqBySrc.set(cmd.header.srcId, cmd.header.seq);
    lastSeq = cmd.header.seq;
    received++;
    latest = { id: cmd.id, args: cmd.args, header: cmd.header, srcId: cmd.header.srcId, receivedAtMs };
    driver.wake.notify();
  };

  const sub = node.createSubscription(RawBytes, key, (bytes, info) => onCommand(bytes, info.receivedAtMs));
  if (!sub.ok) return vrFail(sub.error, `cannot subscribe ${key}`);
  handle = sub.value;

  const stream: SetpointStream = {
    commandId,
    key,
    fresh: () => (latest !== undefined && Date.now() - latest.receivedAtMs <= freshMs ? latest : undefined),
    latest: () => latest,
    async waitNewSetpoint(budgetMs: number): Promise<VrResultOf<Setpoint>> {
      const budget = checkBudget('waitNewSetpoint budgetMs', budgetMs);
      if (!budget.ok) return vrErr('invalid_argument', budget.error.message);
      if (handle === undefined) return vrErr('session', `setpoint stream on ${key} is closed`);
      const start = received;
      const got = await driver.until(() => received > start, budgetMs);
      if (!got || latest === undefined)
        return vrErr('timeout', `no new setpoint ${commandId} on ${key} within ${budgetMs}ms`);
      return ok(latest);
    },
    stats: () => ({ received, decodeErrors, otherIds, ignored, seqGaps, lastSeq }),
    close(): VrResult {
      handle?.reset();
      handle = undefined;
      return ok();
    },
  };
  return ok(stream);
}

/**
 * `vrobots arm VERB ID`: the arm's real-time session from the command line, on an arm in a
 * simulator reached through --router. `status` prints mode, owner, flags, joints and the
 * contract; `connect`, `claim`, `release`, `disconnect` send one immediate command each (the
 * control owner is --client, the same across invocations); `sweep` connects, claims, streams
 * a sine sweep of every joint from where the arm stands, then releases and disconnects.
 */
import {
  ARM_JOINTS,
  type ArmModeName,
  armModeName,
  type ArmStatus,
  RtiClient,
  type RtiResult,
  summarizeMs,
  VirtualRobot,
} from '../../vrobots/index.js';
import type { ArmCliCommand } from './cli-args.js';
import { type CliIo, ExitCode } from './cli-io.js';
import { NO_ROUTER_NOTE } from './cli-session.js';

/** The sweep's frequency: slow enough to stay inside every joint's speed limit at 1 rad. */
const SWEEP_HZ = 0.25;

const fmt = (xs: readonly number[]): string => xs.map((x) => x.toFixed(4)).join(' ');

export function statusLines(s: ArmStatus): string[] {
  const c = s.contract;
  return [
    `mode ${armModeName(s.mode)}  owner ${s.owner || '(none)'}  claimed ${s.claimed}  stopping ${s.stopping}`,
    `enabled ${s.enabled}  homed ${s.homed}  error ${s.errorLatched ? s.errorReason : '(none)'}`,
    `pc ${s.pcIp || '-'}  transport ${s.transport || '-'}  rate ${s.rateHz > 0 ? `${s.rateHz} Hz` : '-'}  stream port ${s.streamPort}  tick ${s.tick}`,
    `positions  ${fmt(s.positions)}`,
    `velocities ${fmt(s.velocities)}`,
    `contract: command timeout ${c.commandTimeoutS} s, servo ${c.servoGenerator}, rate limiter ${c.rateLimiter}, start-pose check ${c.startPoseCheck}, gravity comp ${c.rtGravityComp}, tool speed cap ${c.toolSpeedCap}`,
    ...(s.stopReason !== '' ? [`last stop: ${s.stopReason}`] : []),
  ];
}

export async function runArm(io: CliIo, cmd: ArmCliCommand): Promise<ExitCode> {
  if (cmd.router === undefined) {
    io.err(`vrobots arm ${cmd.verb}: no simulator in this process`);
    io.err(NO_ROUTER_NOTE);
    return ExitCode.Failed;
  }
  io.err(`connecting to ${cmd.router}...`);
  const robot = await VirtualRobot.connect('arm', cmd.sysId, {
    router: cmd.router,
    clientName: cmd.client,
    probeTimeoutMs: cmd.timeoutMs,
    serviceTimeoutMs: cmd.timeoutMs,
  });
  if (!robot.ok) {
    io.err(`vrobots arm ${cmd.verb}: ${robot.error.message}`);
    return ExitCode.Failed;
  }
  const rti = await RtiClient.open(robot.value, {
    client: cmd.client,
    ...(cmd.armHost !== undefined ? { armHost: cmd.armHost } : {}),
  });
  if (!rti.ok) {
    await robot.value.close();
    io.err(`vrobots arm ${cmd.verb}: ${rti.error.message}`);
    return ExitCode.Failed;
  }
  try {
    return await run(io, cmd, rti.value);
  } finally {
    await rti.value.close();
    await robot.value.close();
  }
}

function report(io: CliIo, what: string, r: RtiResult): ExitCode {
  if (r.ok) {
    io.out(`${what}: ok`);
    return ExitCode.Ok;
  }
  io.err(`vrobots arm ${what}: ${r.error.vendor}: ${r.error.detail}`);
  return ExitCode.Failed;
}

async function run(io: CliIo, cmd: ArmCliCommand, rti: RtiClient): Promise<ExitCode> {
  const connectArgs = {
    pcIp: cmd.pcIp,
    rateHz: cmd.rateHz,
    transport: cmd.transport,
    wait: cmd.wait,
  };
  switch (cmd.verb) {
    case 'status': {
      const s = await rti.latestStatus();
      if (!s.ok) return report(io, 'status', s);
      for (const line of statusLines(s.value)) io.out(line);
      return ExitCode.Ok;
    }
    case 'connect':
      return report(io, 'connect', await rti.connect(connectArgs));
    case 'claim':
      return report(io, 'claim', await rti.claim());
    case 'release':
      return report(io, 'release', await rti.release());
    case 'disconnect':
      return report(io, 'disconnect', await rti.disconnect());
    case 'sweep':
      return sweep(io, cmd, rti, connectArgs);
  }
}

async function sweep(
  io: CliIo,
  cmd: ArmCliCommand,
  rti: RtiClient,
  connectArgs: Parameters<RtiClient['connect']>[0],
): Promise<ExitCode> {
  const connected = await rti.connect({ ...connectArgs, wait: true });
  if (!connected.ok) return report(io, 'sweep: connect', connected);
  const start = await rti.latestStatus();
  if (!start.ok) return report(io, 'sweep: status', start);
  const claimed = await rti.claim();
  if (!claimed.ok) return report(io, 'sweep: claim', claimed);
  const mode: ArmModeName = cmd.rateHz === undefined ? 'RTI' : 'SOFT_RTI';
  const periodMs = cmd.rateHz === undefined ? 4 : 1000 / cmd.rateHz;
  const count = Math.max(1, Math.round(cmd.sweepMs / periodMs));
  const from = start.value.positions;
  io.err(
    `sweeping ${ARM_JOINTS} joints by ${cmd.amplitude} rad at ${SWEEP_HZ} Hz for ${cmd.sweepMs / 1000} s (${mode})...`,
  );
  const stream = rti.stream((i) =>
    i < count
      ? from.map(
          (p, j) =>
            p +
            cmd.amplitude * Math.sin(2 * Math.PI * SWEEP_HZ * ((i * periodMs) / 1000) + j * 0.3) -
            cmd.amplitude * Math.sin(j * 0.3),
        )
      : undefined,
  );
  if (!stream.ok) return report(io, 'sweep: stream', stream);
  await stream.value.done;
  const end = await rti.latestStatus();
  const stats = rti.streamStats();
  await rti.release();
  await rti.disconnect();
  const lat = summarizeMs(stats?.latencyMs ?? []);
  io.out(
    `sweep: ${stream.value.sent()} targets sent, ${stats?.statesReceived ?? 0} states received; target-to-state latency p50 ${lat.p50.toFixed(2)} ms, p99 ${lat.p99.toFixed(2)} ms, max ${lat.max.toFixed(2)} ms`,
  );
  if (end.ok && end.value.stopReason !== '' && !end.value.claimed) {
    io.err(`vrobots arm sweep: the arm stopped early: ${end.value.stopReason}`);
    return ExitCode.Failed;
  }
  return ExitCode.Ok;
}

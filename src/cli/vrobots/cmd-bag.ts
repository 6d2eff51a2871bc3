/**
 * `vrobots bag record`: the swarm's vrobots topics into a rosbag2 MCAP folder (recordSwarm) until
 * Ctrl-C or -d; `vrobots bag play`: a bag's vrobots topics published back on their keys in their
 * recorded timing, so a console (or any client) sees the run again.
 */
import { nodeBagFiles, openBagReader, openBagWriter } from '../../index.js';
import { recordSwarm, replaySwarm } from '../../vrobots/index.js';
import type { BagCliCommand } from './cli-bag-args.js';
import { type CliIo, ExitCode } from './cli-io.js';
import { NO_ROUTER_NOTE, openCliExecutor } from './cli-session.js';

type Record = Extract<BagCliCommand, { kind: 'bag-record' }>;
type Play = Extract<BagCliCommand, { kind: 'bag-play' }>;

export async function runBagRecord(io: CliIo, cmd: Record): Promise<ExitCode> {
  if (cmd.router === undefined) {
    io.err(`vrobots bag record: nothing to record without --router. ${NO_ROUTER_NOTE}`);
    return ExitCode.Failed;
  }
  const executor = await openCliExecutor(cmd.router, io);
  if (!executor.ok) {
    io.err(`vrobots bag record: ${executor.error.message}`);
    return ExitCode.Failed;
  }
  try {
    const writer = await openBagWriter({ files: nodeBagFiles(cmd.output) });
    if (!writer.ok) {
      io.err(`vrobots bag record: ${writer.error.message}`);
      return ExitCode.Failed;
    }
    const recording = recordSwarm(executor.value, { writer: writer.value });
    if (!recording.ok) {
      io.err(`vrobots bag record: ${recording.error.message}`);
      return ExitCode.Failed;
    }
    io.err(`recording vrobots/*/z/{state,estimate,cmd,frames} into ${cmd.output}; Ctrl-C stops`);
    const spinning = executor.value.spin();
    const timer =
      cmd.durationMs === undefined ? undefined : new Promise<void>((resolve) => setTimeout(resolve, cmd.durationMs));
    await Promise.race(timer === undefined ? [io.stopRequested] : [io.stopRequested, timer]);
    executor.value.cancel();
    await spinning;
    const stopped = await recording.value.stop();
    if (!stopped.ok) {
      io.err(`vrobots bag record: ${stopped.error.message}`);
      return ExitCode.Failed;
    }
    const { stats, metadata } = stopped.value;
    io.out(
      `vrobots bag record: ${stats.written} message(s) on ${stats.topics.length} topic(s) in ${cmd.output} (${metadata.bagSizeBytes} B), ${stats.dropped} dropped${stats.firstDrop === undefined ? '' : ` (first: ${stats.firstDrop})`}`,
    );
    return stats.dropped === 0 ? ExitCode.Ok : ExitCode.Failed;
  } finally {
    await executor.value.shutdown();
  }
}

export async function runBagPlay(io: CliIo, cmd: Play): Promise<ExitCode> {
  if (cmd.router === undefined) {
    io.err(`vrobots bag play: nobody would see it without --router. ${NO_ROUTER_NOTE}`);
    return ExitCode.Failed;
  }
  const reader = await openBagReader({ files: nodeBagFiles(cmd.path) });
  if (!reader.ok) {
    io.err(`vrobots bag play: ${reader.error.message}`);
    return ExitCode.Failed;
  }
  const executor = await openCliExecutor(cmd.router, io);
  if (!executor.ok) {
    await reader.value.close();
    io.err(`vrobots bag play: ${executor.error.message}`);
    return ExitCode.Failed;
  }
  try {
    const playback = replaySwarm(executor.value, reader.value, { rate: cmd.rate });
    if (!playback.ok) {
      io.err(`vrobots bag play: ${playback.error.message}`);
      return ExitCode.Failed;
    }
    io.err(`playing ${cmd.path} at rate ${cmd.rate}; Ctrl-C stops`);
    void io.stopRequested.then(() => playback.value.stop());
    const done = await playback.value.done;
    if (!done.ok) {
      io.err(`vrobots bag play: ${done.error.message}`);
      return ExitCode.Failed;
    }
    const { played, keys, failed, firstFailure } = done.value;
    io.out(
      `vrobots bag play: ${played} message(s) published on ${keys} key(s), ${failed} failed${firstFailure === undefined ? '' : ` (first: ${firstFailure})`}`,
    );
    return failed === 0 ? ExitCode.Ok : ExitCode.Failed;
  } finally {
    await reader.value.close();
    await executor.value.shutdown();
  }
}

/** `vrobots topic list` and `vrobots topic hz`. */
import { listTopics, measureRate } from '../../vrobots/index.js';
import { type CliIo, ExitCode } from './cli-io.js';
import { NO_ROUTER_NOTE, openCliExecutor } from './cli-session.js';
import { formatRateReport, formatTopicList } from './topic-report.js';

/** Windows at least this long announce themselves on stderr. */
const ANNOUNCE_FROM_MS = 2000;

export async function runTopicList(
  io: CliIo,
  router: string | undefined,
  windowMs: number,
  keyword: string | undefined,
): Promise<ExitCode> {
  if (router === undefined) {
    io.out('(no topics)');
    io.err(NO_ROUTER_NOTE);
    return ExitCode.Ok;
  }
  const executor = await openCliExecutor(router, io);
  if (!executor.ok) {
    io.err(`vrobots topic list: ${executor.error.message}`);
    return ExitCode.Failed;
  }
  try {
    if (windowMs >= ANNOUNCE_FROM_MS) io.err(`observing vrobots/** for ${windowMs / 1000}s...`);
    const listing = await listTopics(executor.value, windowMs, { keyword });
    if (!listing.ok) {
      io.err(`vrobots topic list: ${listing.error.message}`);
      return ExitCode.Failed;
    }
    for (const line of formatTopicList(listing.value, router)) io.out(line);
    return ExitCode.Ok;
  } finally {
    await executor.value.shutdown();
  }
}

export async function runTopicHz(
  io: CliIo,
  router: string | undefined,
  key: string,
  windowMs: number,
): Promise<ExitCode> {
  if (router === undefined) {
    io.err(`vrobots topic hz: no samples on ${key}`);
    io.err(NO_ROUTER_NOTE);
    return ExitCode.Failed;
  }
  const executor = await openCliExecutor(router, io);
  if (!executor.ok) {
    io.err(`vrobots topic hz: ${executor.error.message}`);
    return ExitCode.Failed;
  }
  try {
    io.err(`observing ${key} for ${windowMs / 1000}s...`);
    const report = await measureRate(executor.value, key, windowMs);
    if (!report.ok) {
      io.err(`vrobots topic hz: ${report.error.message}`);
      return ExitCode.Failed;
    }
    if (report.value.samples === 0) {
      io.err(
        `vrobots topic hz: no samples on ${key} within ${windowMs / 1000}s (is the robot alive? try: vrobots topic list --router ${router})`,
      );
      return ExitCode.Failed;
    }
    for (const line of formatRateReport(report.value)) io.out(line);
    return ExitCode.Ok;
  } finally {
    await executor.value.shutdown();
  }
}

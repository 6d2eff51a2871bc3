/**
 * `rclts bag record [topics...] [-a] [-e regex] [-x regex] [-o DIR] [--max-bag-size B]
 * [--max-bag-duration S] [--compression-format zstd|lz4]`: ros2 bag record (ros2bag's record
 * verb, rosbag2_transport's Recorder) on the library's `startRecording`. Records until Ctrl-C,
 * then dispatches what is still queued, closes the last file and writes metadata.yaml. Drops are
 * printed as they happen and in the closing summary, never hidden.
 */
import { existsSync } from 'node:fs';
import {
  type BagCompression,
  definitionFiles,
  nodeBagFiles,
  openBagWriter,
  type RecorderEvent,
  type RecordStats,
  startRecording,
  TypeRegistry,
} from '../../index.js';
import { isUsageError, type OptionsConfig, parseCommandLine } from '../usage.js';
import { type CliIo, ExitCode } from './cli-args.js';
import { openSession } from './cli-session.js';

const OPTIONS: OptionsConfig = {
  all: { type: 'boolean', short: 'a' },
  regex: { type: 'string', short: 'e' },
  'exclude-regex': { type: 'string', short: 'x' },
  output: { type: 'string', short: 'o' },
  'max-bag-size': { type: 'string', short: 'b' },
  'max-bag-duration': { type: 'string', short: 'd' },
  'compression-format': { type: 'string' },
  'include-hidden-topics': { type: 'boolean' },
  'polling-interval': { type: 'string', short: 'p' },
  router: { type: 'string' },
  domain: { type: 'string' },
  interfaces: { type: 'string' },
};

/** How long stopping may take: the last rounds, the last chunk, metadata.yaml. */
const STOP_BUDGET_MS = 30_000;

/** rosbag2's default output name: rosbag2_YYYY_MM_DD-HH_MM_SS (local time). */
export function defaultBagName(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `rosbag2_${d.getFullYear()}_${p(d.getMonth() + 1)}_${p(d.getDate())}-${p(d.getHours())}_${p(d.getMinutes())}_${p(d.getSeconds())}`;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
const dropsOf = (s: RecordStats): number => s.dropped.queue_overflow + s.dropped.message_lost + s.dropped.write_failed;

export function statsLine(s: RecordStats, seconds: number): string {
  const d = s.dropped;
  return `recorded ${s.messages} messages (${mb(s.bytes)} MB) on ${s.topics.length} topics in ${seconds.toFixed(1)} s; dropped ${dropsOf(s)} (queue overflow ${d.queue_overflow}, lost ${d.message_lost}, write failed ${d.write_failed})`;
}

function count(v: string | boolean | undefined, name: string, scale: number): number | bigint | string | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'string' ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n < 0) return `--${name} must be a number >= 0, got ${String(v)}`;
  return scale === 1 ? Math.floor(n) : BigInt(Math.round(n * scale));
}

function describe(e: RecorderEvent): string {
  if (e.type === 'subscribed')
    return `[INFO] Subscribed to topic '${e.topic}' (${e.typeName}, ${e.qos.reliability}, ${e.qos.durability})\n`;
  if (e.type === 'skipped') return `[WARN] not recording ${e.message}\n`;
  if (e.type === 'qos_warning') return `[WARN] ${e.message}\n`;
  return `[WARN] dropped ${e.count} on '${e.topic}' (${e.why}): ${e.message}\n`;
}

export async function runBagRecord(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseCommandLine(argv, OPTIONS);
  if (isUsageError(parsed)) {
    io.err(`rclts: ${parsed.message}\n`);
    return ExitCode.Misuse;
  }
  const v = parsed.values;
  const topics = parsed.positionals;
  if (topics.length === 0 && v.all !== true && v.regex === undefined) {
    io.err('rclts: bag record needs topics, -a (all) or -e REGEX\n');
    return ExitCode.Misuse;
  }
  const compression = v['compression-format'] ?? 'none';
  if (compression !== 'none' && compression !== 'zstd' && compression !== 'lz4') {
    io.err(`rclts: --compression-format must be zstd or lz4, got ${String(compression)}\n`);
    return ExitCode.Misuse;
  }
  const size = count(v['max-bag-size'], 'max-bag-size', 1);
  const duration = count(v['max-bag-duration'], 'max-bag-duration', 1e9);
  const polling = count(v['polling-interval'], 'polling-interval', 1);
  for (const bad of [size, duration, polling]) {
    if (typeof bad === 'string') {
      io.err(`rclts: ${bad}\n`);
      return ExitCode.Misuse;
    }
  }
  const out = typeof v.output === 'string' ? v.output : defaultBagName();
  if (existsSync(out)) {
    io.err(`rclts: output folder '${out}' already exists (ros2 bag record refuses it too)\n`);
    return ExitCode.Failed;
  }
  const dirs = typeof v.interfaces === 'string' ? v.interfaces.split(',').filter((d) => d !== '') : [];
  const registry = TypeRegistry.load({ directories: dirs });
  const definitions = definitionFiles(dirs);
  if (!registry.ok || !definitions.ok) {
    io.err(`rclts: ${registry.ok ? (definitions.ok ? '' : definitions.error.message) : registry.error.message}\n`);
    return ExitCode.Failed;
  }
  const options = new Map<string, string | true>();
  if (typeof v.router === 'string') options.set('router', v.router);
  if (typeof v.domain === 'string') options.set('domain', v.domain);
  const session = await openSession({ positionals: [], options }, io, 0);
  if (!session.ok) {
    io.err(`rclts: ${session.error.message}\n`);
    return ExitCode.Failed;
  }
  const { executor, node } = session.value;
  const writer = await openBagWriter({
    files: nodeBagFiles(out),
    maxBagSizeBytes: size as number | undefined,
    maxBagDurationNs: duration as bigint | undefined,
    compression: compression as BagCompression,
  });
  if (!writer.ok) {
    io.err(`rclts: ${writer.error.message}\n`);
    await session.value.close();
    return ExitCode.Failed;
  }
  const recorder = startRecording(
    node,
    {
      writer: writer.value,
      topics,
      all: v.all === true,
      regex: v.regex as string | undefined,
      excludeRegex: v['exclude-regex'] as string | undefined,
      includeHidden: v['include-hidden-topics'] === true,
      discoveryPeriodMs: polling as number | undefined,
      registry: registry.value,
      definitions: definitions.value,
    },
    (e) => io.err(describe(e)),
  );
  if (!recorder.ok) {
    io.err(`rclts: ${recorder.error.message}\n`);
    await writer.value.close();
    await session.value.close();
    return ExitCode.Failed;
  }
  io.err(`[INFO] Recording to '${out}'... (Ctrl-C stops)\n`);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const tty = process.stderr.isTTY === true;
  // A progress line: rewritten in place on a terminal, one every 10 s otherwise.
  const progress = node.createWallTimer(tty ? 1000 : 10_000, () => {
    const line = statsLine(recorder.value.stats(), seconds());
    io.err(tty ? `\r${line}\u001b[K` : `${line}\n`);
  });
  const spinning = executor.spin();
  await io.stopRequested;
  if (progress.ok) progress.value.reset();
  executor.cancel();
  await spinning;
  if (tty) io.err('\n');
  const report = await recorder.value.stop(STOP_BUDGET_MS);
  await session.value.close();
  if (!report.ok) {
    io.err(`rclts: ${report.error.message}\n`);
    return ExitCode.Failed;
  }
  io.err(`[INFO] ${statsLine(report.value.stats, seconds())}\n`);
  io.err(`[INFO] wrote ${report.value.metadata.relativeFilePaths.join(', ')} and metadata.yaml in '${out}'\n`);
  return ExitCode.Ok;
}

/**
 * `rclts bag play <bag> [--rate R] [--loop] [--topics T...] [--remap A:=B...] [--start-offset S]
 * [--clock [HZ]] [--start-paused] [-e regex] [-x regex]`: ros2 bag play (ros2bag's play verb,
 * rosbag2_transport's Player) on the library's `createPlayer`. In a terminal the keys are
 * rosbag2's: space pauses and resumes, right arrow (or s) plays the next message while paused,
 * up and down change the rate by 0.1. Ends when the bag is played (never with --loop) or at Ctrl-C.
 */
import {
  type BagMetadata,
  createPlayer,
  DEFAULT_CLOCK_HZ,
  type Node,
  nodeBagFiles,
  openBagReader,
  type Player,
  type PlayerEvent,
  type Timer,
  TypeRegistry,
} from '../../index.js';
import { isUsageError, type OptionsConfig, parseCommandLine } from '../usage.js';
import { type CliIo, ExitCode } from './cli-args.js';
import { openSession } from './cli-session.js';

const OPTIONS: OptionsConfig = {
  rate: { type: 'string', short: 'r' },
  loop: { type: 'boolean', short: 'l' },
  topics: { type: 'string', multiple: true },
  remap: { type: 'string', short: 'm', multiple: true },
  'start-offset': { type: 'string' },
  clock: { type: 'string' },
  'start-paused': { type: 'boolean', short: 'p' },
  regex: { type: 'string', short: 'e' },
  'exclude-regex': { type: 'string', short: 'x' },
  'disable-keyboard-controls': { type: 'boolean' },
  'read-ahead-queue-size': { type: 'string' },
  router: { type: 'string' },
  domain: { type: 'string' },
  interfaces: { type: 'string' },
};

/**
 * argparse's forms parseArgs lacks: `--topics a b`, `--remap a:=b c:=d` (values up to the next
 * option) become repeated options, and a bare `--clock` takes rosbag2's 40 Hz.
 */
export function expandPlayArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--topics' || a === '--remap' || a === '-m') {
      while (i + 1 < argv.length && !argv[i + 1]!.startsWith('-'))
        out.push(`${a === '-m' ? '--remap' : a}=${argv[++i]}`);
      continue;
    }
    if (a === '--clock') {
      const next = argv[i + 1];
      out.push(`--clock=${next !== undefined && /^\d+(\.\d+)?$/.test(next) ? argv[++i] : DEFAULT_CLOCK_HZ}`);
      continue;
    }
    out.push(a);
  }
  return out;
}

function positive(v: unknown, name: string, orZero = false): number | string | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && (n > 0 || (orZero && n === 0))
    ? n
    : `--${name} must be a number ${orZero ? '>=' : '>'} 0, got ${String(v)}`;
}

function remaps(rules: readonly string[]): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const r of rules) {
    const [from, to, ...rest] = r.split(':=');
    if (from === undefined || to === undefined || from === '' || to === '' || rest.length > 0) {
      return `--remap takes old_topic:=new_topic, got '${r}'`;
    }
    out[from] = to;
  }
  return out;
}

/** rosbag2's keyboard controls, while stdin is a terminal; answers the undo. */
function bindKeys(player: Player, io: CliIo, stop: () => void): () => void {
  const stdin = process.stdin;
  if (stdin.isTTY !== true) return () => {};
  io.err(
    '[INFO] Press SPACE for Pause/Resume, CURSOR_RIGHT or s for Play Next Message, CURSOR_UP/DOWN for rate +/- 0.1\n',
  );
  const onKey = (chunk: Buffer): void => {
    const k = chunk.toString();
    if (k === ' ') {
      player.togglePaused();
      io.err(`[INFO] ${player.isPaused() ? 'Paused' : 'Resumed'}\n`);
    } else if (k === 's' || k === '\u001b[C') {
      const r = player.playNext();
      if (!r.ok) io.err(`[WARN] ${r.error.message}\n`);
    } else if (k === '\u001b[A' || k === '\u001b[B') {
      const rate = Math.round((player.getRate() + (k === '\u001b[A' ? 0.1 : -0.1)) * 10) / 10;
      const r = player.setRate(rate);
      io.err(r.ok ? `[INFO] Set rate to ${rate}\n` : `[WARN] Failed to set rate to invalid value ${rate}\n`);
    } else if (k === '\u0003') stop();
  };
  stdin.setRawMode(true);
  stdin.on('data', onKey);
  stdin.resume();
  return () => {
    stdin.off('data', onKey);
    stdin.setRawMode(false);
    stdin.pause();
  };
}

/** rosbag2's playback progress line, rewritten in place on a terminal. */
function showProgress(node: Node, player: Player, m: BagMetadata, io: CliIo): Timer | undefined {
  const seconds = (ns: bigint): string => (Number(ns) / 1e9).toFixed(3);
  const t = node.createWallTimer(250, () => {
    const now = player.now();
    const state = player.isPaused() ? 'PAUSED ' : 'RUNNING';
    io.err(
      `\r[${state}] Bag Time ${seconds(now)}  Duration ${seconds(now - m.startingTimeNs)}/${seconds(m.durationNs)}  rate ${player.getRate().toFixed(1)}\u001b[K`,
    );
  });
  return t.ok ? t.value : undefined;
}

export async function runBagPlay(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseCommandLine(expandPlayArgs(argv), OPTIONS);
  if (isUsageError(parsed)) {
    io.err(`rclts: ${parsed.message}\n`);
    return ExitCode.Misuse;
  }
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const [path, ...extra] = parsed.positionals;
  if (path === undefined || extra.length > 0) {
    io.err(
      `rclts: bag play takes one bag (a folder or an .mcap file)${extra.length > 0 ? `, got also ${extra.join(' ')}` : ''}\n`,
    );
    return ExitCode.Misuse;
  }
  const rate = positive(v.rate, 'rate');
  const offset = positive(v['start-offset'], 'start-offset', true);
  const clock = positive(v.clock, 'clock');
  const readAhead = positive(v['read-ahead-queue-size'], 'read-ahead-queue-size');
  const remap = remaps((v.remap as string[] | undefined) ?? []);
  for (const bad of [rate, offset, clock, readAhead, remap]) {
    if (typeof bad === 'string') {
      io.err(`rclts: ${bad}\n`);
      return ExitCode.Misuse;
    }
  }
  const dirs = typeof v.interfaces === 'string' ? v.interfaces.split(',').filter((d) => d !== '') : [];
  const registry = TypeRegistry.load({ directories: dirs });
  if (!registry.ok) {
    io.err(`rclts: ${registry.error.message}\n`);
    return ExitCode.Failed;
  }
  const reader = await openBagReader({ files: nodeBagFiles(path) });
  if (!reader.ok) {
    io.err(`rclts: ${reader.error.message}\n`);
    return ExitCode.Failed;
  }
  const options = new Map<string, string | true>();
  if (typeof v.router === 'string') options.set('router', v.router);
  if (typeof v.domain === 'string') options.set('domain', v.domain);
  const session = await openSession({ positionals: [], options }, io, 0);
  if (!session.ok) {
    io.err(`rclts: ${session.error.message}\n`);
    await reader.value.close();
    return ExitCode.Failed;
  }
  const { executor, node } = session.value;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  const onEvent = (e: PlayerEvent): void => {
    if (e.type === 'finished') {
      if (e.error !== undefined) io.err(`[ERROR] ${e.error}\n`);
      finished();
    } else if (e.type === 'skipped' || e.type === 'publish_failed') io.err(`[WARN] ${e.message}\n`);
  };
  const player = createPlayer(
    node,
    {
      reader: reader.value,
      rate: rate as number | undefined,
      loop: v.loop === true,
      topics: v.topics as string[] | undefined,
      regex: v.regex as string | undefined,
      excludeRegex: v['exclude-regex'] as string | undefined,
      remap: remap as Record<string, string>,
      startOffsetNs: offset === undefined ? undefined : BigInt(Math.round((offset as number) * 1e9)),
      clockHz: clock as number | undefined,
      startPaused: v['start-paused'] === true,
      readAheadQueueSize: readAhead === undefined ? undefined : Math.floor(readAhead as number),
      registry: registry.value,
    },
    onEvent,
  );
  if (!player.ok) {
    io.err(`rclts: ${player.error.message}\n`);
    await reader.value.close();
    await session.value.close();
    return ExitCode.Failed;
  }
  const ready = await player.value.ready(5000);
  if (!ready.ok) io.err(`[WARN] ${ready.error.message}\n`);
  const unbind = v['disable-keyboard-controls'] === true ? () => {} : bindKeys(player.value, io, () => finished());
  const played = player.value.play();
  if (!played.ok) finished();
  const progress =
    process.stderr.isTTY === true ? showProgress(node, player.value, reader.value.metadata, io) : undefined;
  const spinning = executor.spin();
  await Promise.race([done, io.stopRequested]);
  if (progress !== undefined) {
    progress.reset();
    io.err('\n');
  }
  unbind();
  player.value.stop();
  executor.cancel();
  await spinning;
  const s = player.value.stats();
  io.err(
    `[INFO] played ${s.published} messages on ${s.topics.length} topics${s.loops > 0 ? ` (${s.loops + 1} loops)` : ''}${s.failed > 0 ? `; ${s.failed} failed to publish` : ''}\n`,
  );
  await reader.value.close();
  await session.value.close();
  return played.ok && s.failed === 0 ? ExitCode.Ok : ExitCode.Failed;
}

/**
 * `npm run bench` (quick, a few minutes) and `npm run bench -- --full`. Starts its own router
 * on loopback, runs every benchmark with each rclts case next to its baseline in the same run,
 * prints progress, then a markdown table, and writes bench/results/<timestamp>.json.
 *
 * Options: --full, --only=<name,...> (service, pubsub, executor, interfaces, codec, swarm, connect, memory, web, mesh, arm, params, actions, rclpy, startup, bag),
 * --rclpy (make the venv of the real-ROS 2 baseline when missing; without it and without the venv the rclpy rows are skipped),
 * --compare=<earlier results.json> (each row's change against that run; rows more than 10 % worse are listed),
 * --help (this text).
 */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchActions } from './actions.js';
import { benchArmRti } from './arm-rti.js';
import { benchBag } from './bag.js';
import { benchExecutor } from './executor-dispatch.js';
import type { BenchContext, BenchMode } from './harness/context.js';
import { comparisonTable, compareRows, readEarlierRows } from './harness/compare.js';
import { benchInterfacesCdr } from './interfaces-cdr.js';
import { Recorder } from './harness/recorder.js';
import { describeMachine, markdownTable, writeRunFile } from './harness/report.js';
import { type RunningRouter, startBenchRouter } from './harness/router.js';
import { benchMemory } from './memory.js';
import { benchParameters } from './parameters.js';
import { benchPubSubThroughput } from './pubsub-throughput.js';
import { benchRclpy } from './rclpy.js';
import { benchRouterMesh } from './router-mesh.js';
import { benchServiceRoundTrip } from './service-round-trip.js';
import { benchStartup } from './startup.js';
import { benchSwarm } from './swarm.js';
import { benchVrobotsCodec } from './vrobots-codec.js';
import { benchVrobotsConnect } from './vrobots-connect.js';
import { benchWebConsole } from './web-console.js';

const BENCHES: ReadonlyArray<{
  readonly name: string;
  readonly needsRouter: boolean;
  readonly run: (bc: BenchContext) => Promise<void>;
}> = [
  { name: 'service', needsRouter: true, run: benchServiceRoundTrip },
  { name: 'pubsub', needsRouter: true, run: benchPubSubThroughput },
  { name: 'executor', needsRouter: false, run: benchExecutor },
  { name: 'interfaces', needsRouter: false, run: benchInterfacesCdr },
  { name: 'codec', needsRouter: false, run: benchVrobotsCodec },
  { name: 'swarm', needsRouter: true, run: benchSwarm },
  { name: 'connect', needsRouter: true, run: benchVrobotsConnect },
  { name: 'memory', needsRouter: true, run: benchMemory },
  { name: 'web', needsRouter: true, run: benchWebConsole },
  // Starts routers of its own (one, a mesh of two, a mesh of two with TLS).
  { name: 'mesh', needsRouter: false, run: benchRouterMesh },
  { name: 'arm', needsRouter: true, run: benchArmRti },
  { name: 'params', needsRouter: true, run: benchParameters },
  { name: 'actions', needsRouter: true, run: benchActions },
  // rclts against rclpy on rmw_zenoh_cpp (when scripts/rmw-zenoh-peer.sh built it) and over Fast DDS (when the venv of scripts/rclpy-venv.sh exists).
  { name: 'rclpy', needsRouter: true, run: benchRclpy },
  { name: 'startup', needsRouter: true, run: benchStartup },
  { name: 'bag', needsRouter: true, run: benchBag },
];

const HELP = `npm run bench [-- options]   (or: npx tsx bench/run.ts [options]); quick mode unless --full
  --only=<name,...>   ${BENCHES.map((b) => b.name).join(', ')}
  --rclpy             make the Fast DDS rclpy venv when missing (scripts/rclpy-venv.sh)
  --compare=<file>    each row's change against an earlier bench/results/*.json
The rclpy rows run on rmw_zenoh_cpp when scripts/rmw-zenoh-peer.sh has built the peer, and over
Fast DDS when the venv exists; each says in one line how to enable it when absent.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      full: { type: 'boolean', default: false },
      only: { type: 'string' },
      compare: { type: 'string' },
      rclpy: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help === true) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const mode: BenchMode = values.full === true ? 'full' : 'quick';
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((n) => !BENCHES.some((b) => b.name === n)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(
      `unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}\n`,
    );
    return 2;
  }
  // Read before the run so that a wrong path costs nothing.
  const earlier = values.compare === undefined ? undefined : readEarlierRows(values.compare);
  if (typeof earlier === 'string') {
    process.stderr.write(`--compare: ${earlier}\n`);
    return 2;
  }
  const chosen = BENCHES.filter((b) => only === undefined || only.includes(b.name));
  const rec = new Recorder();
  const machine = describeMachine();
  const started = Date.now();
  rec.log(`rclts bench, ${mode} mode: ${chosen.map((b) => b.name).join(', ')}`);
  rec.log(
    `machine: ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverage}`,
  );

  let router: RunningRouter | undefined;
  if (chosen.some((b) => b.needsRouter)) {
    try {
      router = await startBenchRouter();
      rec.log(`router up at ${router.locator} (pid ${router.pid}, ${router.startupMs} ms)`);
    } catch (e) {
      rec.error('router', 'start', '-', e instanceof Error ? e.message : String(e));
    }
  }
  const bc: BenchContext = {
    rec,
    mode,
    locator: router?.locator,
    linkLocator: router?.linkLocator,
    makeRclpyVenv: values.rclpy,
  };
  try {
    for (const b of chosen) {
      rec.log(`=== ${b.name} ===`);
      try {
        await b.run(bc);
      } catch (e) {
        rec.error(b.name, 'run', '-', e instanceof Error ? e.message : String(e));
      }
    }
  } finally {
    await router?.stop();
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const path = writeRunFile(join(here, 'results'), {
    machine,
    mode,
    durationMs: Date.now() - started,
    router: router === undefined ? undefined : { locator: router.locator, binary: router.binary },
    rows: rec.rows,
    measurements: rec.measurements,
  });
  const table = markdownTable(rec.rows);
  process.stdout.write(
    `\n## rclts bench (${mode}) — ${machine.cpus} cores, Node ${machine.node}, ${machine.date.slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s\n\n${table}\n\nresults: ${path}\n`,
  );
  if (earlier !== undefined && values.compare !== undefined) {
    const changes = compareRows(rec.rows, earlier);
    const worse = changes.filter((c) => c.worse);
    process.stdout.write(
      `\n## against ${values.compare}\n\n${comparisonTable(changes, basename(values.compare))}\n\n${worse.length} row(s) more than 10 % worse${worse.length > 0 ? `: ${worse.map((c) => `${c.row.case} / ${c.row.subject}`).join('; ')}` : ''}\n`,
    );
  }
  return rec.rows.some((r) => r.error !== undefined) ? 1 : 0;
}

// Lingering transport handles (zenoh-ts sockets, timers) must not keep a finished run alive.
main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);

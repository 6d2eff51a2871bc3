/**
 * A swarm run recorded by recordSwarm over a real router (a simulator with two robots) is read
 * by Foxglove's mcap + mcap-protobuf-support from PyPI (.venv-bags, scripts/bags-venv.sh): every
 * message comes back through the descriptor pool built from the bag's FileDescriptorSet schema,
 * decoding equal to the bytes the simulator sent. The same bag plays back through playSwarm in
 * its order and timing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../../scripts/zenoh-router-lib.mjs';
import { runCli } from '../../../src/cli/vrobots/run-cli.js';
import { Executor, nodeBagFiles, openBagReader, openBagWriter } from '../../../src/index.js';
import { playSwarm, recordSwarm } from '../../../src/vrobots/bag/index.js';
import { State } from '../../../src/vrobots/index.js';
import { type Simulator, startSimulator } from '../../../src/vrobots/sim/index.js';
import { RawBytes } from '../../../src/vrobots/tools/raw-bytes.js';
import { VROBOTS_NODE_OPTIONS } from '../../../src/vrobots/node-options.js';

const ROOT = join(import.meta.dirname, '../../..');
const PYTHON = join(ROOT, '.venv-bags/bin/python');
const VENV_BUDGET_MS = 300_000;
const PYTHON_BUDGET_MS = 120_000;
const RECORD_MS = 1500;

let router: RunningRouter | undefined;
let sim: Simulator | undefined;
let executor: Executor | undefined;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rclts-vrobots-bag-'));
  execFileSync('bash', [join(ROOT, 'scripts/bags-venv.sh')], { stdio: 'pipe', timeout: VENV_BUDGET_MS });
  router = await startRouter({ binary: inject('routerBinary') });
  const started = await startSimulator({ router: router.locator, robots: ['msd', 'truck'], serviceDelayMs: 0 });
  if (!started.ok) throw new Error(started.error.message);
  sim = started.value;
  const made = await Executor.create({ router: router.locator });
  if (!made.ok) throw new Error(made.error.message);
  executor = made.value;
}, VENV_BUDGET_MS + 30_000);

afterAll(async () => {
  await executor?.shutdown();
  await sim?.stop();
  await router?.stop();
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

interface PyMessage {
  topic: string;
  messageEncoding: string;
  schemaName: string;
  schemaEncoding: string;
  decodedType: string;
  logTime: string;
  seq: string;
  sysId: number;
  bytes: string;
}

describe('recordSwarm', () => {
  it('writes protobuf topics that mcap-protobuf-support decodes equal to what was sent', async () => {
    if (executor === undefined) throw new Error('setup failed');
    const bag = join(dir, 'swarm');
    const writer = await openBagWriter({ files: nodeBagFiles(bag) });
    if (!writer.ok) throw new Error(writer.error.message);
    // What the simulator sent, seen by a subscription of its own: key and seq -> bytes.
    const sent = new Map<string, Uint8Array>();
    const watcher = executor.createNode('vrobots_bag_watcher', VROBOTS_NODE_OPTIONS);
    if (!watcher.ok) throw new Error(watcher.error.message);
    watcher.value.createSubscription(RawBytes, 'vrobots/*/z/state', (bytes, info) => {
      sent.set(`${info.key}#${State.decode(bytes).header?.seq}`, bytes.slice());
    });
    const recording = recordSwarm(executor, { writer: writer.value });
    if (!recording.ok) throw new Error(recording.error.message);
    await executor.spinFor(RECORD_MS);
    const stopped = await recording.value.stop();
    watcher.value.destroy();
    if (!stopped.ok) throw new Error(stopped.error.message);
    const { stats, metadata } = stopped.value;
    expect(stats.dropped).toBe(0);
    expect(stats.topics).toEqual(expect.arrayContaining(['vrobots/0/z/state', 'vrobots/1/z/state']));
    expect(metadata.messageCount).toBe(stats.written);
    expect(metadata.topicsWithMessageCount.find((t) => t.name === 'vrobots/0/z/state')).toMatchObject({
      type: 'swarmbotix.states.State',
      serializationFormat: 'protobuf',
    });

    const read = JSON.parse(
      execFileSync(PYTHON, [join(ROOT, 'test/interop/bags/read_protobuf_bag.py'), bag], {
        timeout: PYTHON_BUDGET_MS,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
      }).toString('utf8'),
    ) as PyMessage[];
    const states = read.filter((m) => m.topic.endsWith('/z/state'));
    expect(read.length).toBe(stats.written);
    // 25 Hz per robot, two robots, for RECORD_MS.
    expect(states.length).toBeGreaterThan(RECORD_MS / 40);
    let compared = 0;
    for (const m of states) {
      expect(m).toMatchObject({
        messageEncoding: 'protobuf',
        schemaEncoding: 'protobuf',
        schemaName: 'swarmbotix.states.State',
        decodedType: 'swarmbotix.states.State',
      });
      const original = sent.get(`${m.topic}#${m.seq}`);
      if (original === undefined) continue; // the watcher joined a moment after the recorder
      expect(State.decode(new Uint8Array(Buffer.from(m.bytes, 'base64')))).toEqual(State.decode(original));
      compared++;
    }
    expect(compared).toBeGreaterThan(states.length * 0.9);

    // Played back in log-time order, paced as recorded (rate 4: a quarter of the span).
    const reader = await openBagReader({ files: nodeBagFiles(bag) });
    if (!reader.ok) throw new Error(reader.error.message);
    const times: bigint[] = [];
    const began = performance.now();
    const playback = playSwarm(reader.value, (message) => times.push(message.recvTimestampNs), { rate: 4 });
    if (!playback.ok) throw new Error(playback.error.message);
    const played = await playback.value.done;
    const tookMs = performance.now() - began;
    await reader.value.close();
    expect(played).toEqual({ ok: true, value: stats.written });
    expect([...times].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(times);
    const spanMs = Number(metadata.durationNs) / 1e6;
    expect(tookMs).toBeGreaterThan(spanMs / 4 - 20);
    expect(tookMs).toBeLessThan(spanMs / 4 + 500);
  }, 60_000);

  it('vrobots bag record writes the run; vrobots bag play publishes it again on its keys', async () => {
    if (executor === undefined || router === undefined) throw new Error('setup failed');
    const bag = join(dir, 'cli');
    const io = (out: string[]) => ({
      out: (l: string) => out.push(l),
      err: () => {},
      stopRequested: new Promise<void>(() => {}),
    });
    const recordOut: string[] = [];
    expect(await runCli(['bag', 'record', '-o', bag, '-d', '1', '--router', router.locator], io(recordOut))).toBe(0);
    const recorded = Number(/(\d+) message\(s\)/.exec(recordOut.join('\n'))?.[1]);
    expect(recorded).toBeGreaterThan(20);

    // The replay, seen on the router: robot 0's states again (the live ones carry newer seqs).
    const reader = await openBagReader({ files: nodeBagFiles(bag) });
    if (!reader.ok) throw new Error(reader.error.message);
    const wanted = new Set<string>();
    for await (const m of reader.value.messages({ topics: ['vrobots/0/z/state'] })) {
      if (m.ok) wanted.add(Buffer.from(m.value.data).toString('base64'));
    }
    await reader.value.close();
    expect(wanted.size).toBeGreaterThan(10);
    const seen = new Set<string>();
    const watcher = executor.createNode('vrobots_bag_replay_watcher', VROBOTS_NODE_OPTIONS);
    if (!watcher.ok) throw new Error(watcher.error.message);
    watcher.value.createSubscription(RawBytes, 'vrobots/0/z/state', (bytes) => {
      const text = Buffer.from(bytes).toString('base64');
      if (wanted.has(text)) seen.add(text);
    });
    const spinning = executor.spin();
    const playOut: string[] = [];
    const code = await runCli(['bag', 'play', bag, '--rate', '2', '--router', router.locator], io(playOut));
    await new Promise((resolve) => setTimeout(resolve, 300));
    executor.cancel();
    await spinning;
    watcher.value.destroy();
    expect(code).toBe(0);
    expect(playOut.join('\n')).toMatch(new RegExp(`${recorded} message\\(s\\) published on \\d+ key\\(s\\), 0 failed`));
    expect(seen.size).toBe(wanted.size);
  }, 60_000);
});

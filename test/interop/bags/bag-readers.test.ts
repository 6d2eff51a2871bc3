/**
 * Bags against readers and a writer nobody here wrote, all from PyPI (.venv-bags, made by
 * scripts/bags-venv.sh from test/interop/bags/requirements.txt):
 * - a bag rclts writes with a message of every bundled message type (random values, split into
 *   several files; and zstd and lz4 chunk compression) is read by rosbags' rosbag2 Reader
 *   (types from the definitions in the bag, deserialize_cdr) and by Foxglove's mcap +
 *   mcap-ros2-support, and every message decodes equal to what was written, with its times;
 * - a bag rosbags' Writer writes (MCAP storage) is read by rclts with the same timestamps and
 *   the same values.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledModules } from '../../../src/interface-compiler/bundled.js';
import {
  type BagCompression,
  definitionFiles,
  messageDefinitionFor,
  nodeBagFiles,
  openBagReader,
  openBagWriter,
  type RmwQos,
} from '../../../src/index.js';
import type { StructDef } from '../../../src/rclcpp/interfaces/definitions/index.js';
import * as msgs from '../../../src/rclcpp/interfaces/generated/index.js';
import type { MessageClass } from '../../../src/rclcpp/interfaces/runtime/index.js';
import { hasWString, MessageArbitraries } from '../../support/interface-arbitraries.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';
import { type Canon, canonical } from './bag-canon.js';

const ROOT = join(import.meta.dirname, '../../..');
const PYTHON = join(ROOT, '.venv-bags/bin/python');
const VENV_BUDGET_MS = 300_000;
const PYTHON_BUDGET_MS = 120_000;

const compiled = bundledModules(join(ROOT, 'interfaces'));
if (!compiled.ok) throw new Error(compiled.error.message);
const structs = new Map<string, StructDef>(
  compiled.value.interfaces.flatMap((i) => i.structs.map((s) => [s.typeName, s] as const)),
);
const messageTypes = compiled.value.interfaces.filter((i) => i.kind === 'msg').map((i) => i.typeName);
const packages = new Set(messageTypes.map((t) => t.split('/')[0]));

function messageClass(typeName: string): MessageClass<Record<string, unknown>> {
  const [pkg, kind, name] = typeName.split('/') as [string, string, string];
  return (msgs as unknown as Record<string, Record<string, Record<string, MessageClass<Record<string, unknown>>>>>)[
    pkg
  ]![kind]![name]!;
}

const QOS: readonly RmwQos[] = [
  ROS_DEFAULT_QOS,
  { ...ROS_DEFAULT_QOS, reliability: 'best_effort', durability: 'transient_local', depth: 3 },
];

interface Written {
  topic: string;
  type: string;
  log: bigint;
  publish: bigint;
  value: Canon;
  /** The value as rosbags reads it (`byte` signed). */
  rosbagsValue: Canon;
  /** The value as mcap-ros2-support reads it (`char` signed). */
  mcapValue: Canon;
}

let dir = '';
let venvProblem: Error | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rclts-bags-'));
  try {
    execFileSync('bash', [join(ROOT, 'scripts/bags-venv.sh')], { stdio: 'pipe', timeout: VENV_BUDGET_MS });
  } catch (thrown) {
    venvProblem = new Error(`scripts/bags-venv.sh failed (budget ${VENV_BUDGET_MS} ms): ${String(thrown)}`);
  }
}, VENV_BUDGET_MS + 10_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function python(args: readonly string[]): unknown {
  if (venvProblem !== undefined) throw venvProblem;
  const out = execFileSync(PYTHON, args, {
    timeout: PYTHON_BUDGET_MS,
    maxBuffer: 256 * 1024 * 1024,
    // no __pycache__ left in the test tree
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  return JSON.parse(out.toString('utf8'));
}

/** A bag of every bundled message type (`perType` random messages each), as rclts writes it. */
async function writeEveryType(
  path: string,
  perType: number,
  options: { compression?: BagCompression; maxBagDurationNs?: bigint },
): Promise<Written[]> {
  const defs = definitionFiles();
  if (!defs.ok) throw new Error(defs.error.message);
  const writer = await openBagWriter({ files: nodeBagFiles(path), ...options });
  if (!writer.ok) throw new Error(writer.error.message);
  const arbitraries = new MessageArbitraries(structs, { ascii: false, maxSequence: 3 });
  const written: Written[] = [];
  let t = 1_733_000_000_000_000_000n;
  messageTypes.forEach((type, k) => {
    const cls = messageClass(type);
    const topic = `/every/${type.replaceAll('/msg/', '/')}`;
    const definition = messageDefinitionFor(type, defs.value);
    if (!definition.ok || definition.value.encoding !== 'ros2msg') throw new Error(`no definition of ${type}`);
    const created = writer.value.createTopic(
      {
        name: topic,
        type,
        serializationFormat: 'cdr',
        offeredQosProfiles: [QOS[k % 2]!],
        typeDescriptionHash: cls.typeHash,
      },
      definition.value,
    );
    if (!created.ok) throw new Error(created.error.message);
    for (const value of fc.sample(arbitraries.of(type), { numRuns: perType, seed: 31 + k })) {
      t += 1_000_123n;
      const publish = t - 777n;
      const r = writer.value.write(topic, cls.encode(value), t, publish);
      if (!r.ok) throw new Error(r.error.message);
      written.push({
        topic,
        type,
        log: t,
        publish,
        value: canonical(value, type, structs),
        rosbagsValue: canonical(value, type, structs, { signed: ['byte'] }),
        mcapValue: canonical(value, type, structs, { signed: ['char'] }),
      });
    }
  });
  const closed = await writer.value.close();
  if (!closed.ok) throw new Error(closed.error.message);
  return written;
}

interface PyRead {
  rosbags: {
    messages: { topic: string; log: string; value: Canon }[];
    start: string;
    count: number;
    skipped: string[];
    topics: Record<string, { type: string; count: number; format: string; qos: Record<string, unknown>[] }>;
  };
  mcap: {
    messages: { topic: string; log: string; publish: string; schema: string; encoding: string; value: Canon }[];
    headers: { profile: string; library: string }[];
  };
}

/** Neither Python reader parses wstring fields: those types are left out of the comparison. */
function checkRead(read: PyRead, all: readonly Written[]): void {
  expect(read.rosbags.count).toBe(all.length);
  expect(read.rosbags.start).toBe(String(all[0]!.log));
  const wide = new Set(all.filter((w) => hasWString(w.type, structs)).map((w) => w.topic));
  expect(new Set(read.rosbags.skipped)).toEqual(wide);
  const written = all.filter((w) => !wide.has(w.topic));
  expect(read.rosbags.messages.length).toBe(written.length);
  expect(read.mcap.messages.length).toBe(written.length);
  written.forEach((w, i) => {
    const a = read.rosbags.messages[i]!;
    const b = read.mcap.messages[i]!;
    expect({ topic: a.topic, log: a.log, value: a.value }, `rosbags, ${w.type}`).toEqual({
      topic: w.topic,
      log: String(w.log),
      value: w.rosbagsValue,
    });
    expect({ topic: b.topic, log: b.log, publish: b.publish, value: b.value }, `mcap-ros2, ${w.type}`).toEqual({
      topic: w.topic,
      log: String(w.log),
      publish: String(w.publish),
      value: w.mcapValue,
    });
    expect([b.schema, b.encoding]).toEqual([w.type, 'ros2msg']);
  });
  for (const h of read.mcap.headers) expect(h.profile).toBe('ros2');
}

describe('bags rclts writes, read by rosbags and by mcap + mcap-ros2-support', () => {
  it(
    'a message of every bundled message type, split into several files, decodes equal',
    async () => {
      expect(packages.size).toBeGreaterThanOrEqual(18);
      const path = join(dir, 'every');
      const written = await writeEveryType(path, 2, { maxBagDurationNs: 120_000_000n });
      const read = python([join(ROOT, 'test/interop/bags/read_bag.py'), path]) as PyRead;
      expect(read.mcap.headers.length).toBeGreaterThan(1);
      checkRead(read, written);
      const chatter = read.rosbags.topics['/every/std_msgs/String']!;
      expect(chatter.format).toBe('cdr');
      expect(
        Object.values(read.rosbags.topics)
          .map((t) => t.qos[0])
          .slice(0, 2),
      ).toEqual([
        { history: 'KEEP_LAST', depth: 10, reliability: 'RELIABLE', durability: 'VOLATILE' },
        { history: 'KEEP_LAST', depth: 3, reliability: 'BEST_EFFORT', durability: 'TRANSIENT_LOCAL' },
      ]);
    },
    PYTHON_BUDGET_MS + 60_000,
  );

  it.each(['zstd', 'lz4'] as const)(
    '%s chunk compression reads back in both',
    async (compression) => {
      const path = join(dir, compression);
      const written = await writeEveryType(path, 1, { compression });
      checkRead(python([join(ROOT, 'test/interop/bags/read_bag.py'), path]) as PyRead, written);
    },
    PYTHON_BUDGET_MS + 60_000,
  );
});

describe('bags rosbags writes, read by rclts', () => {
  it.each(['none', 'file', 'message', 'storage'])(
    'same timestamps and values (%s)',
    async (compression) => {
      const path = join(dir, `rosbags-${compression}`);
      const expected = python([join(ROOT, 'test/fixtures/bags/write_rosbags_bag.py'), path, compression]) as {
        topic: string;
        type: string;
        log: string;
        value: Canon;
      }[];
      const reader = await openBagReader({ files: nodeBagFiles(path) });
      if (!reader.ok) throw new Error(reader.error.message);
      expect(reader.value.metadata.messageCount).toBe(expected.length);
      expect(reader.value.metadata.storageIdentifier).toBe('mcap');
      const types = new Map(reader.value.topics.map((t) => [t.name, t.type]));
      const got: { topic: string; type: string; log: string; value: Canon }[] = [];
      for await (const m of reader.value.messages()) {
        if (!m.ok) throw new Error(m.error.message);
        const type = types.get(m.value.topic)!;
        got.push({
          topic: m.value.topic,
          type,
          log: String(m.value.recvTimestampNs),
          value: canonical(messageClass(type).decode(m.value.data), type, structs),
        });
      }
      expect(got).toEqual(expected);
      await reader.value.close();
    },
    PYTHON_BUDGET_MS,
  );
});

// `rclts tf echo` in its own OS process on the shared router: the latest transform of an rclts
// tree (a static and a dynamic broadcaster) printed as tf2_echo prints it, and a frame nobody
// broadcasts answered within --budget with the reason.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Executor, type Node, tf2, Result } from '../../src/index.js';

const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
// /tf is one topic for the whole router: frames of this run only.
const P = `cli_tf_${randomBytes(3).toString('hex')}`;
let executor: Executor;
let node: Node;

function rclts(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--router', inject('zenohLocator')],
      { timeout: 90_000 },
      (error, out, err) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, out, err }),
    );
  });
}

const must = Result.unwrap;

/** Spins (and runs `each` every 100 ms) until the CLI process ends. */
async function whileRunning<T>(p: Promise<T>, each: () => void): Promise<T> {
  let done = false;
  const watched = p.finally(() => {
    done = true;
  });
  while (!done) {
    each();
    await executor.spinFor(100);
  }
  return watched;
}

/** A negative zero prints as -0.000 (as std::fixed does); the tree's zeros may carry either sign. */
const unsignZero = (text: string): string =>
  text.replace(/(?<=[[ ])-0\.000(?=[,\]])/g, '0.000').replace(/ -0\.000(?=\s)/g, '  0.000');

beforeAll(async () => {
  executor = must(await Executor.create({ router: inject('zenohLocator') }));
  node = must(executor.createNode('tf_tree'));
}, 60_000);

afterAll(async () => {
  await executor.shutdown();
});

describe('rclts tf echo through the router', () => {
  it('prints the latest transform through a static and a dynamic link as tf2_echo does', async () => {
    const s = Math.SQRT1_2;
    const statics = must(tf2.StaticTransformBroadcaster.create(node));
    must(
      statics.sendTransform({
        header: { stamp: { sec: 0, nanosec: 0 }, frame_id: `${P}_map` },
        child_frame_id: `${P}_odom`,
        transform: { translation: { x: 1, y: 2, z: 3 }, rotation: { x: 0, y: 0, z: s, w: s } },
      }),
    );
    const dynamic = must(tf2.TransformBroadcaster.create(node));
    const moving = {
      header: { stamp: { sec: 42, nanosec: 5000 }, frame_id: `${P}_odom` },
      child_frame_id: `${P}_base_link`,
      transform: { translation: { x: 1, y: 0, z: 0 }, rotation: { x: 0, y: 0, z: 0, w: 1 } },
    };
    const echo = rclts('tf', 'echo', `${P}_map`, `${P}_base_link`, '--rate', '5', '--count', '2', '--budget', '60000');
    const { code, out, err } = await whileRunning(echo, () => must(dynamic.sendTransform(moving)));
    expect(code, err).toBe(0);
    const one = [
      'At time 42.5000',
      '- Translation: [1.000, 3.000, 3.000]',
      '- Rotation: in Quaternion (xyzw) [0.000, 0.000, 0.707, 0.707]',
      '- Rotation: in RPY (radian) [0.000, 0.000, 1.571]',
      '- Rotation: in RPY (degree) [0.000, 0.000, 90.000]',
      '- Matrix:',
      '  0.000 -1.000  0.000  1.000',
      '  1.000  0.000  0.000  3.000',
      '  0.000  0.000  1.000  3.000',
      '  0.000  0.000  0.000  1.000',
    ].join('\n');
    expect(unsignZero(out)).toBe(`${one}\n${one}\n`);
    statics.destroy();
    dynamic.destroy();
  }, 90_000);

  it('a frame nobody broadcasts: says why while waiting and fails within --budget', async () => {
    const t0 = performance.now();
    const { code, out, err } = await whileRunning(
      rclts('tf', 'echo', `${P}_nowhere`, `${P}_nothing`, '--budget', '1500', '--rate', '4'),
      () => {},
    );
    const ms = performance.now() - t0;
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain(`Waiting for transform ${P}_nowhere ->  ${P}_nothing`);
    expect(err).toContain(`no transform from ${P}_nothing to ${P}_nowhere within --budget 1500 ms`);
    expect(ms).toBeLessThan(15_000);
  }, 30_000);

  it('misuse: one frame is a usage error', async () => {
    const { code, err } = await rclts('tf', 'echo', 'only_one');
    expect(code).toBe(2);
    expect(err).toContain('tf echo needs a target frame and a source frame');
  }, 30_000);
});

/**
 * Executor.batchWrites as a verb: it runs the function at once and answers a Result; bad input
 * and a shut-down executor are refused without running anything; a throw comes back as an
 * Error naming it, and what was published before the throw is still delivered.
 */
import { describe, expect, it } from 'vitest';
import { Executor, QoS, std_msgs, Result } from '../../../src/index.js';

const unwrap = Result.unwrap;

async function pair() {
  const exec = unwrap(await Executor.create());
  const node = unwrap(exec.createNode('batch'));
  const got: string[] = [];
  unwrap(node.createSubscription(std_msgs.msg.String, '/batch', (m) => void got.push(m.data), QoS.default().keepAll()));
  const pub = unwrap(node.createPublisher(std_msgs.msg.String, '/batch', QoS.default().keepAll()));
  return { exec, pub, got };
}

describe('Executor.batchWrites', () => {
  it('runs the function now and its publications are delivered in order', async () => {
    const { exec, pub, got } = await pair();
    let ran = false;
    const r = exec.batchWrites(() => {
      ran = true;
      for (let i = 0; i < 5; i++) unwrap(pub.publish({ data: `m${i}` }));
    });
    expect(r).toEqual({ ok: true, value: undefined });
    expect(ran).toBe(true);
    unwrap(await exec.spinUntil(() => got.length === 5, 2000));
    expect(got).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    await exec.shutdown();
  });

  it('refuses what is not a function, naming it', async () => {
    const { exec } = await pair();
    for (const bad of [undefined, null, 42, 'fn', {}]) {
      const r = exec.batchWrites(bad as unknown as () => void);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message).toContain('batchWrites takes a function');
      }
    }
    await exec.shutdown();
  });

  it('answers a throw as an Error naming it; what was published before the throw is delivered', async () => {
    const { exec, pub, got } = await pair();
    const r = exec.batchWrites(() => {
      unwrap(pub.publish({ data: 'before' }));
      throw new Error('tick failed');
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('Error');
      expect(r.error.message).toContain('tick failed');
    }
    unwrap(await exec.spinUntil(() => got.length === 1, 2000));
    expect(got).toEqual(['before']);
    await exec.shutdown();
  });

  it('after shutdown, answers NotInitialized without running the function', async () => {
    const { exec } = await pair();
    await exec.shutdown();
    let ran = false;
    const r = exec.batchWrites(() => {
      ran = true;
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.name).toBe('NotInitialized');
    expect(ran).toBe(false);
  });

  it('works inside a handler, and a batch nested in a batch runs once', async () => {
    const { exec, pub, got } = await pair();
    const node = unwrap(exec.createNode('tick'));
    let ran = 0;
    unwrap(
      node.createWallTimer(1, () => {
        if (ran > 0) return;
        unwrap(
          exec.batchWrites(() => {
            ran++;
            unwrap(exec.batchWrites(() => unwrap(pub.publish({ data: 'inner' }))));
          }),
        );
      }),
    );
    unwrap(await exec.spinUntil(() => got.length === 1, 2000));
    expect(ran).toBe(1);
    expect(got).toEqual(['inner']);
    await exec.shutdown();
  });
});

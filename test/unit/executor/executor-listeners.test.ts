/**
 * onEvent listeners and shutdown callbacks: what unsubscribing does, and which outcomes of a
 * listener count as listener errors. Written against mutants the mutation run left alive in
 * src/executor/event-hub.ts (docs/testing.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Executor, type ExecutorEvent, type Node } from '../../../src/index.js';

type AnExecutor = Node['executor'];
const opened: AnExecutor[] = [];
afterEach(async () => {
  for (const e of opened.splice(0)) await e.shutdown();
});

async function executorWithFailingGuard(): Promise<{ executor: AnExecutor; fail: () => void }> {
  const created = await Executor.create({ backend: 'local' });
  if (!created.ok) throw new Error(created.error.message);
  const executor = created.value;
  opened.push(executor);
  const node = executor.createNode('listeners');
  if (!node.ok) throw new Error(node.error.message);
  const guard = node.value.createGuardCondition(() => {
    throw new Error('guard handler fails on purpose');
  });
  if (!guard.ok) throw new Error(guard.error.message);
  return {
    executor,
    fail: () => {
      guard.value.trigger();
      executor.spinSome();
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('executor listeners', () => {
  it('an unsubscribed onEvent listener hears nothing more; the others still do', async () => {
    const { executor, fail } = await executorWithFailingGuard();
    const first: ExecutorEvent[] = [];
    const second: ExecutorEvent[] = [];
    const stop = executor.onEvent((e) => first.push(e));
    executor.onEvent((e) => second.push(e));
    fail();
    expect(first.map((e) => e.type)).toEqual(['handler_error']);
    stop();
    fail();
    expect(first).toHaveLength(1);
    expect(second.map((e) => e.type)).toEqual(['handler_error', 'handler_error']);
  });

  it('a listener that throws or rejects is counted; one that resolves or returns a value is not', async () => {
    const { executor, fail } = await executorWithFailingGuard();
    executor.onEvent(() => Promise.resolve('fine'));
    executor.onEvent(() => 42);
    fail();
    await settle();
    expect(executor.stats().listenerErrors).toBe(0);
    executor.onEvent(() => {
      throw new Error('listener fails on purpose');
    });
    executor.onEvent(() => Promise.reject(new Error('listener rejects on purpose')));
    fail();
    await settle();
    expect(executor.stats().listenerErrors).toBe(2);
  });

  it('a removed shutdown callback is not called; the others are, once', async () => {
    const { executor } = await executorWithFailingGuard();
    const called: string[] = [];
    const remove = executor.addShutdownCallback(() => called.push('removed'));
    executor.addShutdownCallback(() => called.push('kept'));
    remove();
    await executor.shutdown();
    await executor.shutdown();
    expect(called).toEqual(['kept']);
  });
});

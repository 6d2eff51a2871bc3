import { describe, expect, it } from 'vitest';
import { runStep } from '../../setup/setup-step.js';

describe('the test setup’s provisioning steps', () => {
  it('end a step that outlives its budget and say so', async () => {
    const started = Date.now();
    const outcome = await runStep('sleep', ['30'], { cwd: process.cwd(), log: () => {}, budgetMs: 200 });
    expect(outcome.code).toBe(-1);
    expect(outcome.lines.join('\n')).toContain('still running after its budget of 0s; ended');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('report the exit code and the last lines of a step that finishes', async () => {
    const outcome = await runStep('sh', ['-c', 'echo one; echo two; exit 3'], {
      cwd: process.cwd(),
      log: () => {},
    });
    expect(outcome.code).toBe(3);
    expect(outcome.lines).toEqual(['one', 'two']);
  });
});

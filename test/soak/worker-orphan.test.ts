/**
 * A churn worker whose runner is gone exits. The first 60-minute run's runner died at its end
 * and both workers churned on, orphaned, for ten minutes and more until killed by hand.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

describe('a soak worker', () => {
  it('exits once its IPC channel to the runner closes', async () => {
    // Routers nobody listens on: the worker keeps trying to connect (for up to 60 s) meanwhile.
    const config = { seed: 1, workers: 2, worker: 0, generation: 0, routers: ['ws/127.0.0.1:9'] };
    const child = fork(WORKER, [JSON.stringify(config)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise((r) => setTimeout(r, 3000));
      const closedAt = Date.now();
      child.disconnect();
      const code = await Promise.race([exited, new Promise<'alive'>((r) => setTimeout(() => r('alive'), 10_000))]);
      expect(code).toBe(2);
      expect(Date.now() - closedAt).toBeLessThan(10_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});

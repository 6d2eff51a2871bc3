/**
 * For the faults' and actors' own tests: two real routers in router mode on loopback (B links
 * to A, directly or through a LinkProxy) wrapped as the contract's SoakRouters, and a
 * SoakContext around them with a seeded PRNG and fake churn workers (sleeping processes).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type RunningRouter, startRouter } from '../../../scripts/zenoh-router-lib.mjs';
import type { SoakContext, SoakRouter } from '../contract.js';
import { seededRandom } from '../random.js';
import { type LinkProxy, startLinkProxy } from './link-proxy.js';

class TestRouter implements SoakRouter {
  private constructor(
    readonly name: string,
    private running: RunningRouter,
    private readonly start: (ports: { wsPort?: number; tcpPort?: number }) => Promise<RunningRouter>,
  ) {}

  static async start(
    name: string,
    start: (ports: { wsPort?: number; tcpPort?: number }) => Promise<RunningRouter>,
  ): Promise<TestRouter> {
    return new TestRouter(name, await start({}), start);
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.running.wsPort}`;
  }
  get tcpEndpoint(): string {
    return `tcp/127.0.0.1:${this.running.tcpPort}`;
  }
  get pid(): number {
    return this.running.pid;
  }
  kill(signal: NodeJS.Signals): void {
    process.kill(this.running.pid, signal);
  }
  async restart(): Promise<void> {
    await this.running.kill('SIGKILL');
    this.running = await this.start({ wsPort: this.running.wsPort, tcpPort: this.running.tcpPort });
  }
  stop(): Promise<void> {
    process.kill(this.running.pid, 'SIGCONT');
    return this.running.stop();
  }
}

export interface TestMesh {
  readonly ctx: SoakContext;
  readonly routers: readonly SoakRouter[];
  readonly proxy: LinkProxy | undefined;
  readonly lines: string[];
  readonly restartedWorkers: number[];
  close(): Promise<void>;
}

export async function startTestMesh(
  binary: string,
  options: { viaProxy?: boolean; seed?: number; workers?: number } = {},
): Promise<TestMesh> {
  const a = await TestRouter.start('A', (p) => startRouter({ binary, mode: 'router', ...p }));
  const proxy = options.viaProxy ? await startLinkProxy(a.tcpEndpoint) : undefined;
  const link = proxy?.endpoint ?? a.tcpEndpoint;
  const b = await TestRouter.start('B', (p) => startRouter({ binary, mode: 'router', connect: [link], ...p }));
  const workers: ChildProcess[] = [];
  const sleeper = () => {
    const w = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    workers.push(w);
    return w;
  };
  for (let i = 0; i < (options.workers ?? 2); i++) sleeper();
  const lines: string[] = [];
  const restartedWorkers: number[] = [];
  const routers = [a, b];
  const ctx: SoakContext = {
    seed: options.seed ?? 1,
    random: seededRandom(options.seed ?? 1),
    routers,
    deadlineMs: Date.now() + 10 * 60_000,
    log: (line) => void lines.push(line),
    workerPids: () => workers.filter((w) => w.exitCode === null && w.signalCode === null).map((w) => w.pid!),
    restartWorker: async (pid) => {
      restartedWorkers.push(pid);
      sleeper();
    },
  };
  return {
    ctx,
    routers,
    proxy,
    lines,
    restartedWorkers,
    close: async () => {
      for (const w of workers) w.kill('SIGKILL');
      await Promise.all(routers.map((r) => r.stop()));
      await proxy?.close();
    },
  };
}

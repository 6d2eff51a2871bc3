/**
 * The soak's two meshed routers on loopback (router mode; B connects to A, through a link
 * proxy when one is given so a fault can cut the link), each restartable on its own ports.
 */
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { SoakRouter } from './contract.js';

const READY_BUDGET_MS = 20_000;
/** After a SIGKILL the ports may take a moment to be free again. */
const RESTART_BUDGET_MS = 20_000;

interface Spec {
  readonly wsPort: number;
  readonly tcpPort: number;
  readonly connect: string[];
}

class LoopbackRouter implements SoakRouter {
  /** Unexpected exits (not while a restart was asked for): the runner reports them. */
  exits = 0;
  restarts = 0;

  private constructor(
    readonly name: string,
    private running: RunningRouter,
    private readonly spec: Spec,
  ) {}

  static async start(name: string, connect: string[]): Promise<LoopbackRouter> {
    const r = await startRouter({ mode: 'router', connect, readyBudgetMs: READY_BUDGET_MS });
    return new LoopbackRouter(name, r, { wsPort: r.wsPort, tcpPort: r.tcpPort, connect });
  }

  get wsUrl(): string {
    return this.running.locator;
  }
  get tcpEndpoint(): string {
    return this.running.linkLocator;
  }
  get pid(): number {
    return this.running.pid;
  }

  kill(signal: NodeJS.Signals): void {
    try {
      process.kill(this.running.pid, signal);
    } catch {
      // Already gone: the restart that follows brings it back.
    }
  }

  async restart(): Promise<void> {
    // A stopped (SIGSTOP) router would hold its ports forever: end it first.
    this.kill('SIGCONT');
    await this.running.kill('SIGKILL');
    const by = Date.now() + RESTART_BUDGET_MS;
    for (;;) {
      try {
        this.running = await startRouter({
          mode: 'router',
          wsPort: this.spec.wsPort,
          tcpPort: this.spec.tcpPort,
          connect: this.spec.connect,
          readyBudgetMs: READY_BUDGET_MS,
        });
        this.restarts += 1;
        return;
      } catch (e) {
        if (Date.now() > by) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  async stop(): Promise<void> {
    this.kill('SIGCONT');
    await this.running.stop();
  }
}

export interface SoakRouters {
  readonly routers: readonly LoopbackRouter[];
  stop(): Promise<void>;
}

/** `linkTo` turns A's link endpoint into what B dials (a proxy's endpoint), when given. */
export async function startSoakRouters(linkTo?: (aEndpoint: string) => Promise<string>): Promise<SoakRouters> {
  const a = await LoopbackRouter.start('router A', []);
  try {
    const dial = linkTo === undefined ? a.tcpEndpoint : await linkTo(a.tcpEndpoint);
    const b = await LoopbackRouter.start('router B', [dial]);
    const routers = [a, b];
    return { routers, stop: async () => void (await Promise.all(routers.map((r) => r.stop()))) };
  } catch (e) {
    await a.stop();
    throw e;
  }
}

export type { LoopbackRouter };

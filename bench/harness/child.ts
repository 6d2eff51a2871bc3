/**
 * A benchmark child process running a TypeScript file through tsx, with a typed IPC link:
 * every wait on the child has a budget, and kill() never leaves it behind.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BudgetExceeded } from './recorder.js';

export interface ChildMessage {
  readonly type: string;
  readonly [field: string]: unknown;
}

export class ChildLink {
  private readonly inbox: ChildMessage[] = [];
  private waiters: (() => void)[] = [];
  private exitInfo: string | undefined;
  private readonly stderrTail: string[] = [];

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (m: ChildMessage) => this.receive(m));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail.push(...String(chunk).split('\n').filter(Boolean));
      this.stderrTail.splice(0, Math.max(0, this.stderrTail.length - 20));
    });
    child.on('exit', (code, signal) => {
      this.exitInfo = `exited (code ${code}, signal ${signal})`;
      this.wakeAll();
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Takes one message from the child (IPC here; a subclass may read another channel). */
  protected receive(m: ChildMessage): void {
    this.inbox.push(m);
    this.wakeAll();
  }

  private wakeAll(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(message: unknown): void {
    if (this.exitInfo === undefined && this.child.connected) this.child.send(message as never);
  }

  /** The next message of `type` (an `error` message or the child's exit throws), within the budget. */
  async next(type: string, budgetMs: number): Promise<ChildMessage> {
    const deadline = Date.now() + budgetMs;
    for (;;) {
      const i = this.inbox.findIndex((m) => m.type === type || m.type === 'error');
      if (i >= 0) {
        const [m] = this.inbox.splice(i, 1);
        if (m!.type === 'error') throw new Error(`${this.name}: ${String(m!.message)}`);
        return m!;
      }
      if (this.exitInfo !== undefined)
        throw new Error(`${this.name} ${this.exitInfo} before sending '${type}'${this.tail()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new BudgetExceeded(`${this.name}: waiting for '${type}'`, budgetMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async request(message: unknown, replyType: string, budgetMs: number): Promise<ChildMessage> {
    this.send(message);
    return this.next(replyType, budgetMs);
  }

  private tail(): string {
    return this.stderrTail.length > 0 ? `\n${this.stderrTail.join('\n')}` : '';
  }

  /** Asks politely (`stop`), then SIGKILL after the budget. */
  async stop(budgetMs = 4000): Promise<void> {
    if (this.exitInfo !== undefined) return;
    this.send({ cmd: 'stop' });
    const deadline = Date.now() + budgetMs;
    while (this.exitInfo === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    this.kill();
  }

  kill(): void {
    if (this.exitInfo === undefined) this.child.kill('SIGKILL');
  }
}

const live = new Set<ChildLink>();
process.on('exit', () => {
  for (const c of live) c.kill();
});

/**
 * Forks `bench/child/<file>` under tsx (plus extra node flags such as --expose-gc); with
 * `loader: 'none'`, a JavaScript child under plain node, as a user runs an installed package.
 */
export function forkBenchChild(
  file: string,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
  options: { readonly loader?: 'tsx' | 'none' } = {},
): ChildLink {
  const path = fileURLToPath(new URL(`../child/${file}`, import.meta.url));
  const loader = options.loader === 'none' ? [] : ['--import', 'tsx'];
  const child = fork(path, [...args], {
    execArgv: [...nodeFlags, ...loader],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  return tracked(new ChildLink(`${file} (pid ${child.pid})`, child), child);
}

/** Kills `link`'s process when the bench exits, so that no child outlives a run. */
export function tracked<L extends ChildLink>(link: L, child: ChildProcess): L {
  live.add(link);
  child.on('exit', () => live.delete(link));
  return link;
}

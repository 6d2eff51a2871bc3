/**
 * A child process of an actor, run through tsx with an IPC channel: the latest 'progress'
 * message is kept (never queued, so hours of them cost nothing), any other message is waited
 * for by type within a budget; the child never outlives the soak.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { reapOnExit } from '../reap-on-exit.js';

export interface ChildMessage {
  readonly type: string;
  readonly [field: string]: unknown;
}

export class ActorChild {
  latestProgress: ChildMessage | undefined;
  private readonly inbox: ChildMessage[] = [];
  private wake: (() => void) | undefined;
  private exitInfo: string | undefined;
  private readonly stderrTail: string[] = [];
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    path: string,
    args: readonly string[],
  ) {
    this.child = fork(path, [...args], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    reapOnExit(this.child);
    this.child.on('message', (m: ChildMessage) => {
      if (m.type === 'progress') this.latestProgress = m;
      else this.inbox.push(m);
      this.wake?.();
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail.push(...String(chunk).split('\n').filter(Boolean));
      this.stderrTail.splice(0, Math.max(0, this.stderrTail.length - 10));
    });
    // A send racing the child's exit fails with EPIPE, emitted here: an unheard 'error' event
    // would end the runner (and lose the run's summary) at the very end of an hour.
    this.child.on('error', (e) => {
      this.stderrTail.push(`(runner) ${e.message}`);
      this.stderrTail.splice(0, Math.max(0, this.stderrTail.length - 10));
    });
    this.child.on('exit', (code, signal) => {
      this.exitInfo = `exited (code ${code}, signal ${signal})`;
      this.wake?.();
    });
  }

  get pid(): number | undefined {
    return this.exitInfo === undefined ? this.child.pid : undefined;
  }

  send(message: unknown): void {
    if (this.exitInfo === undefined && this.child.connected) {
      // With a callback, a failed send is answered there instead of as an 'error' event.
      this.child.send(message as never, (e) => {
        if (e) this.stderrTail.push(`(runner) send: ${e.message}`);
      });
    }
  }

  /** The next message of `type`; an 'error' message, the child's exit or the budget throw. */
  async next(type: string, budgetMs: number): Promise<ChildMessage> {
    const deadline = Date.now() + budgetMs;
    for (;;) {
      const i = this.inbox.findIndex((m) => m.type === type || m.type === 'error');
      if (i >= 0) {
        const m = this.inbox.splice(i, 1)[0]!;
        if (m.type === 'error') throw new Error(`${this.name}: ${String(m.message)}`);
        return m;
      }
      const tail = this.stderrTail.length > 0 ? `: ${this.stderrTail.join(' | ')}` : '';
      if (this.exitInfo !== undefined) throw new Error(`${this.name} ${this.exitInfo} before '${type}'${tail}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.name}: no '${type}' within ${budgetMs} ms${tail}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async request(cmd: string, budgetMs = 10_000): Promise<ChildMessage> {
    this.send({ cmd });
    return this.next(cmd, budgetMs);
  }

  /** Asks with 'stop', SIGKILL after the budget. */
  async stop(budgetMs = 5000): Promise<void> {
    this.send({ cmd: 'stop' });
    const deadline = Date.now() + budgetMs;
    while (this.exitInfo === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (this.exitInfo === undefined) this.child.kill('SIGKILL');
  }
}

/**
 * Runs test/interop/zenoh_ext_peer.py (eclipse-zenoh's zenoh-ext from PyPI, an implementation
 * nobody here wrote) in the venv .ci/run creates, and reads what it prints. A missing venv
 * fails the test with how to make it: the interop tests never skip.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(here, '../..');
const VENV = '.venv-interop/bin/python';
const SCRIPT = resolve(here, 'zenoh_ext_peer.py');

/** The main checkout of this repository when this one is a git worktree of it. */
function mainCheckout(): string | undefined {
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      cwd: REPO,
      stdio: 'pipe',
      timeout: 10_000,
    });
    return dirname(common.toString().trim());
  } catch {
    return undefined;
  }
}

/** The venv's python: this checkout's, else (a git worktree) the main checkout's. */
const VENV_PYTHON = [REPO, mainCheckout()]
  .filter((d): d is string => d !== undefined)
  .map((d) => resolve(d, VENV))
  .reduce((found, p) => (existsSync(found) ? found : p));

/** Throws, naming the fix, unless the venv has eclipse-zenoh's zenoh-ext and xxhash. */
export function checkInteropVenv(): void {
  const fix = 'run scripts/interop-venv.sh (.ci/run does) to make .venv-interop from test/interop/requirements.txt';
  if (!existsSync(VENV_PYTHON)) throw new Error(`the interop venv is missing (${resolve(REPO, VENV)}): ${fix}`);
  try {
    execFileSync(VENV_PYTHON, ['-c', 'import zenoh, zenoh.ext, xxhash; zenoh.ext.AdvancedSubscriber'], {
      stdio: 'pipe',
      timeout: 60_000,
    });
  } catch (thrown) {
    throw new Error(`the interop venv cannot import zenoh.ext and xxhash: ${fix}\n${String(thrown)}`);
  }
}

export interface PeerSample {
  readonly key: string;
  readonly payload: string;
  readonly timestamp: string | null;
  readonly seq: number | null;
  readonly gid: string | null;
}

export interface PeerDone {
  readonly done: number;
  readonly graph_gids: Record<string, string>;
}

export class Peer {
  readonly lines: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private exited = false;
  private readonly waiters = new Set<() => void>();

  /** `script`: another Python peer of this folder (by default zenoh_ext_peer.py). */
  constructor(args: readonly string[], script = SCRIPT) {
    this.child = spawn(VENV_PYTHON, [script, ...args], { stdio: 'pipe' });
    let partial = '';
    const take = (chunk: Buffer): void => {
      partial += chunk.toString();
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      this.lines.push(...parts.filter((l) => l.length > 0));
      for (const w of this.waiters) w();
    };
    this.child.stdout.on('data', take);
    this.child.stderr.on('data', (c: Buffer) => this.lines.push(`stderr: ${c.toString().trim()}`));
    this.child.once('exit', () => {
      this.exited = true;
      for (const w of this.waiters) w();
    });
  }

  /** The first line `pick` accepts, waiting up to `budgetMs`; throws with everything printed otherwise. */
  async line<T>(pick: (line: string) => T | undefined, budgetMs: number, what: string): Promise<T> {
    const deadline = Date.now() + budgetMs;
    for (;;) {
      for (const l of this.lines) {
        const v = pick(l);
        if (v !== undefined) return v;
      }
      if (this.exited || Date.now() > deadline) {
        throw new Error(
          `zenoh-ext peer: no ${what} (${this.exited ? 'it exited' : 'budget ran out'}):\n${this.lines.join('\n')}`,
        );
      }
      await new Promise<void>((r) => {
        const done = (): void => {
          clearTimeout(t);
          this.waiters.delete(done);
          r();
        };
        const t = setTimeout(done, Math.max(1, deadline - Date.now()));
        this.waiters.add(done);
      });
    }
  }

  ready(budgetMs = 30_000): Promise<true> {
    return this.line((l) => (l === 'ready' || l === 'published' ? true : undefined), budgetMs, 'ready line');
  }

  samples(): PeerSample[] {
    return this.lines.filter((l) => l.startsWith('{"key"')).map((l) => JSON.parse(l) as PeerSample);
  }

  finished(budgetMs = 60_000): Promise<PeerDone> {
    return this.line(
      (l) => {
        if (!l.startsWith('{"done"')) return undefined;
        return JSON.parse(l) as PeerDone;
      },
      budgetMs,
      'closing line',
    );
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.stdin.end();
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(kill);
  }
}

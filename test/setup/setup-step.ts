/**
 * One provisioning step of the test setup as a child process: its output forwarded line by line
 * under a tag (so concurrent steps stay readable), a "still running" line when it is quiet for
 * long, and its exit code and last lines kept for the one-line verdict.
 */
import { spawn } from 'node:child_process';

const QUIET_LINE_EVERY_MS = 30_000;
const KEPT_LINES = 20;
/**
 * The longest a step may take before it is ended: well past the slowest cold build measured
 * here (real ROS 2, about 16-25 minutes on 2 cores), well inside CI's 90 minutes.
 */
export const DEFAULT_STEP_BUDGET_MS = 45 * 60_000;

export interface StepOutcome {
  /** Exit code; -1 when the command could not be started or died from a signal. */
  readonly code: number;
  /** The last lines it printed (stdout and stderr interleaved). */
  readonly lines: readonly string[];
  readonly ms: number;
}

export type SetupLog = (line: string) => void;

/** A logger that writes `[tag] line` to the setup's console. */
export function tagged(tag: string): SetupLog {
  return (line) => console.log(`[${tag}] ${line}`);
}

export function formatSeconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export interface StepOptions {
  readonly cwd: string;
  readonly log: SetupLog;
  readonly env?: NodeJS.ProcessEnv;
  /** Forward the command's own lines (default true). */
  readonly echo?: boolean;
  /** Ended (SIGTERM, then SIGKILL) after this long; its outcome is then code -1 (default 45 min). */
  readonly budgetMs?: number;
  /** Ended the same way when this aborts, with its reason as the last line. */
  readonly signal?: AbortSignal;
}

export function runStep(command: string, args: readonly string[], options: StepOptions): Promise<StepOutcome> {
  const started = Date.now();
  const lines: string[] = [];
  let lastOutput = started;
  const keep = (text: string): void => {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      if (options.echo !== false) options.log(line);
    }
    lastOutput = Date.now();
  };
  return new Promise((resolve) => {
    // A group of its own, so that ending it ends what it started too (cargo under cmake under
    // bash), and an exit hook, so that a run that ends leaves none of them behind.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const killOnExit = (): void => signalGroup('SIGKILL');
    process.on('exit', killOnExit);
    const end = (why: string): void => {
      keep(why);
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), 5_000).unref();
    };
    const onAbort = (): void => end(`${command}: stopped: ${String(options.signal?.reason ?? 'aborted')}`);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    // Partial lines are held until their newline so two steps never interleave inside a line.
    const splitter = () => {
      let held = '';
      return (chunk: Buffer): void => {
        const text = held + chunk.toString('utf8');
        const cut = text.lastIndexOf('\n');
        held = cut < 0 ? text : text.slice(cut + 1);
        if (cut >= 0) keep(text.slice(0, cut));
      };
    };
    child.stdout.on('data', splitter());
    child.stderr.on('data', splitter());
    const quiet = setInterval(() => {
      if (Date.now() - lastOutput >= QUIET_LINE_EVERY_MS) {
        options.log(`  still running (${formatSeconds(Date.now() - started)})`);
        lastOutput = Date.now();
      }
    }, 5_000);
    const budgetMs = options.budgetMs ?? DEFAULT_STEP_BUDGET_MS;
    const overBudget = setTimeout(
      () => end(`${command}: still running after its budget of ${formatSeconds(budgetMs)}; ended`),
      budgetMs,
    );
    let settled = false;
    const done = (code: number): void => {
      if (settled) return;
      settled = true;
      clearInterval(quiet);
      clearTimeout(overBudget);
      options.signal?.removeEventListener('abort', onAbort);
      process.off('exit', killOnExit);
      resolve({ code, lines, ms: Date.now() - started });
    };
    child.on('error', (error) => {
      keep(`${command}: ${error.message}`);
      done(-1);
    });
    child.on('close', (code) => done(code ?? -1));
  });
}

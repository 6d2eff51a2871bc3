/**
 * Where the CLI writes and what stops a long-running command: the process entry wires
 * stdout/stderr and SIGINT/SIGTERM; tests pass their own.
 */
export interface CliIo {
  /** One line of results (stdout). */
  out(line: string): void;
  /** One line of progress, hints and errors (stderr). */
  err(line: string): void;
  /** Resolves when a long-running command (`sim`) should stop. */
  readonly stopRequested: Promise<void>;
}

export { ExitCode } from '../usage.js';

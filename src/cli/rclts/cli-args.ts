/**
 * Options and positionals of one `rclts` command, parsed by the CLIs' one `node:util` parseArgs
 * (../usage.ts: strict, an unknown option is a usage error); the exit codes every command uses.
 */
import { type OptionsConfig, parseCommandLine } from '../usage.js';

export { ExitCode } from '../usage.js';

/** Where a command writes, and what stops a command that runs until interrupted. */
export interface CliIo {
  /** Text of results (stdout); lines end with \n. */
  out(text: string): void;
  /** Progress, hints and errors (stderr). */
  err(text: string): void;
  /** Resolves on Ctrl-C (SIGINT/SIGTERM). */
  readonly stopRequested: Promise<void>;
}

export interface ParsedArgs {
  readonly positionals: string[];
  /** By long name: the value of a valued option, `true` for a flag given. */
  readonly options: Map<string, string | true>;
}

/** The flags `rclts` knows, by long name, with their one-letter forms. */
export const FLAGS: OptionsConfig = {
  'show-types': { type: 'boolean', short: 't' },
  feedback: { type: 'boolean', short: 'f' },
  once: { type: 'boolean' },
  'include-hidden': { type: 'boolean' },
  'only-msgs': { type: 'boolean' },
  'only-srvs': { type: 'boolean' },
};

/** `--name value` for options in `valued`, the flags of FLAGS; a sentence when argv is misused. */
export function parseArgs(argv: readonly string[], valued: readonly string[]): ParsedArgs | string {
  const config: OptionsConfig = { ...FLAGS };
  for (const name of valued) config[name] = { type: 'string' };
  // Values are YAML and numbers may be negative (`param set n x -5`): keep `-5` a positional.
  const parsed = parseCommandLine(argv, config, true);
  if ('kind' in parsed) return parsed.message;
  const options = new Map<string, string | true>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string') options.set(name, value);
    else if (value === true) options.set(name, true);
  }
  return { positionals: parsed.positionals, options };
}

/** A non-negative integer option, or the default; a string sentence when it is not one. */
export function intOption(args: ParsedArgs, name: string, fallback: number): number | string {
  const v = args.options.get(name);
  if (v === undefined) return fallback;
  const n = typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : `--${name} must be a whole number, got ${String(v)}`;
}

export function numberOption(args: ParsedArgs, name: string, fallback: number): number | string {
  const v = args.options.get(name);
  if (v === undefined) return fallback;
  const n = typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : `--${name} must be a positive number, got ${String(v)}`;
}

/** `--interfaces a,b`: package folders of the user's own types. */
export function interfaceDirs(args: ParsedArgs): string[] {
  const v = args.options.get('interfaces');
  return typeof v === 'string' ? v.split(',').filter((d) => d !== '') : [];
}

/** Options and positionals of one `rclts` command, with the exit codes every command uses. */

export const ExitCode = { Ok: 0, Failed: 1, Misuse: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

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
  readonly options: Map<string, string | true>;
}

/** `--name value` for options in `valued`, `--flag` / `-t` otherwise. */
export function parseArgs(argv: readonly string[], valued: readonly string[]): ParsedArgs | string {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-') && a.length > 1 && !/^-\d/.test(a)) {
      const name = a.replace(/^--?/, '');
      if (valued.includes(name)) {
        const v = argv[++i];
        if (v === undefined) return `${a} needs a value`;
        options.set(name, v);
      } else {
        options.set(name, true);
      }
    } else {
      positionals.push(a);
    }
  }
  return { positionals, options };
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

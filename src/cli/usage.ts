/**
 * What the `rclts` and `vrobots` commands share: one exit-code convention and `node:util`
 * `parseArgs` (strict: an unknown option is a usage error) with its messages said in one line.
 *
 * Exit codes: 0 ok; 1 the command ran and failed (a timeout, a refusal, nothing found);
 * 2 usage error: one line saying what was wrong, then the usage, both on stderr.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

export const ExitCode = { Ok: 0, Failed: 1, Misuse: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The line both help texts end with. */
export const EXIT_CODES_HELP =
  'exit codes: 0 ok, 1 ran and failed, 2 usage error (the message and the usage on stderr)';

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | undefined>;

export interface ParsedCommandLine {
  readonly values: OptionValues;
  readonly positionals: string[];
}

/** A usage error: the sentence saying what was wrong (without the program's name). */
export interface UsageError {
  readonly kind: 'usage-error';
  readonly message: string;
}

export const usageError = (message: string): UsageError => ({ kind: 'usage-error', message });

export function isUsageError(x: unknown): x is UsageError {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'usage-error';
}

/** parseArgs's own messages are long and name its internals; say the same thing in one line. */
function parseArgsProblem(thrown: unknown): string {
  const e = thrown as { code?: unknown; message?: unknown };
  const text = typeof e?.message === 'string' ? e.message : '';
  const option = /'(-{1,2}[^' ]+)/.exec(text)?.[1];
  switch (e?.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return /^-\d/.test(option ?? '')
        ? `'${option}' is not a valid value here (numbers are >= 0)`
        : `unknown option '${option ?? '?'}'`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `option '${option ?? '?'}' needs a value`;
    default:
      return text.split('\n')[0] ?? 'bad arguments';
  }
}

// A negative number given as a positional (`param set n x -5`) is kept a positional: parseArgs
// would read it as a short option.
const NEGATIVE = /^-\d/;
const NEGATIVE_MARK = '\u0000';

/**
 * Parses `args` against `options`. `negativePositionals`: `-5` (and `-1.5e3`) are positionals or
 * option values rather than unknown options.
 */
export function parseCommandLine(
  args: readonly string[],
  options: OptionsConfig,
  negativePositionals = false,
): ParsedCommandLine | UsageError {
  const marked = negativePositionals ? args.map((a) => (NEGATIVE.test(a) ? NEGATIVE_MARK + a : a)) : [...args];
  const unmark = (s: string): string => (s.startsWith(NEGATIVE_MARK) ? s.slice(1) : s);
  try {
    const parsed = parseArgs({ args: marked, options, allowPositionals: true, strict: true });
    const values: OptionValues = {};
    for (const [k, v] of Object.entries(parsed.values)) values[k] = typeof v === 'string' ? unmark(v) : (v as boolean);
    return { values, positionals: parsed.positionals.map(unmark) };
  } catch (thrown) {
    return usageError(parseArgsProblem(thrown));
  }
}

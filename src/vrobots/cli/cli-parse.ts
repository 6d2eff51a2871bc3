/**
 * The option work every `vrobots` command shares: node:util parseArgs (strict: an unknown
 * option is misuse) with its messages said in one line, seconds, and --router.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { parseRouterLocators } from '../../rclcpp/index.js';
import { type CliMisuse, misuse } from './cli-usage.js';

export function seconds(name: string, text: string | undefined, fallback: number): number | CliMisuse {
  if (text === undefined) return fallback * 1000;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    return misuse(`${name} must be a positive number of seconds, got '${text}'`);
  return value * 1000;
}

export function routerOf(values: { router?: string | boolean | undefined }): string | undefined | CliMisuse {
  const router = values.router;
  if (router === undefined) return undefined;
  if (typeof router !== 'string' || router.trim() === '')
    return misuse('--router needs an endpoint, e.g. ws/127.0.0.1:10000');
  const parsed = parseRouterLocators(router);
  return parsed.ok ? parsed.value.joined : misuse(`--router: ${parsed.error.message}`);
}

export type Values = Record<string, string | boolean | undefined>;

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

export function parse(
  args: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): { values: Values; positionals: string[] } | CliMisuse {
  try {
    const parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: parsed.values as Values, positionals: parsed.positionals };
  } catch (thrown) {
    return misuse(parseArgsProblem(thrown));
  }
}

export const ROUTER = { router: { type: 'string' } } as const;

/**
 * The option work every `vrobots` command shares: the CLIs' one parseArgs (../usage.ts) with a
 * misuse carrying this command's usage line, seconds, and --router.
 */
import { parseRouterLocators } from '../../index.js';
import { isUsageError, type OptionsConfig, type OptionValues, parseCommandLine } from '../usage.js';
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

export type Values = OptionValues;

export function parse(
  args: readonly string[],
  options: OptionsConfig,
): { values: Values; positionals: string[] } | CliMisuse {
  const parsed = parseCommandLine(args, options);
  return isUsageError(parsed) ? misuse(parsed.message) : parsed;
}

export const ROUTER = { router: { type: 'string' } } as const;

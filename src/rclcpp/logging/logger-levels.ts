/**
 * The level table every logger reads, as rcutils keeps it: a default level (Info) and levels
 * set per logger name; a logger without its own level takes its nearest dotted ancestor's
 * (`a.b.c` -> `a.b` -> `a` -> the default). Process-wide, like rcutils's: `--log-level` given
 * to one node sets it for all, as rcl_logging_configure does.
 *
 * Loggers cache their effective level with the table's generation, so a call below the level
 * is one comparison and allocates nothing.
 */

import { describeValue, err, ok, type Result } from '../../result.js';
import { isLoggerLevel, LogLevel, type LoggerLevel, parseLogLevel, UNSET_LEVEL } from './severity.js';

/** Past this many named levels a new one is refused: names come from code and arguments, not data. */
export const MAX_LOGGER_LEVELS = 10_000;

let defaultLevel: LogLevel = LogLevel.Info;
const levels = new Map<string, LogLevel>();
let generation = 0;

/** Bumped by every change; a logger recomputes its effective level when it differs. */
export function levelGeneration(): number {
  return generation;
}

export function effectiveLevel(name: string): LogLevel {
  if (levels.size === 0) return defaultLevel;
  let n = name;
  for (;;) {
    const own = levels.get(n);
    if (own !== undefined) return own;
    const dot = n.lastIndexOf('.');
    if (dot < 0) return defaultLevel;
    n = n.slice(0, dot);
  }
}

/** The level set on `name` itself (UNSET_LEVEL when it inherits). */
export function ownLevel(name: string): LoggerLevel {
  return levels.get(name) ?? UNSET_LEVEL;
}

/** rcutils_logging_set_logger_level: UNSET_LEVEL makes the logger inherit again. */
export function setLoggerLevel(name: string, level: unknown): Result {
  if (typeof name !== 'string')
    return err('InvalidArgument', `logger name must be a string, got ${describeValue(name)}`);
  if (!isLoggerLevel(level)) {
    return err(
      'InvalidArgument',
      `level of logger '${name}' must be a LogLevel or UNSET_LEVEL, got ${describeValue(level)}`,
    );
  }
  if (name === '') return setDefaultLoggerLevel(level);
  if (level === UNSET_LEVEL) levels.delete(name);
  else {
    if (!levels.has(name) && levels.size >= MAX_LOGGER_LEVELS) {
      return err('Full', `logger '${name}': ${MAX_LOGGER_LEVELS} logger levels are set already`);
    }
    levels.set(name, level);
  }
  generation++;
  return ok();
}

/** rcutils_logging_set_default_logger_level: UNSET_LEVEL restores Info. */
export function setDefaultLoggerLevel(level: unknown): Result {
  if (!isLoggerLevel(level)) {
    return err('InvalidArgument', `default log level must be a LogLevel or UNSET_LEVEL, got ${describeValue(level)}`);
  }
  defaultLevel = level === UNSET_LEVEL ? LogLevel.Info : level;
  generation++;
  return ok();
}

/** One `--log-level` argument: `level` alone sets the default, `name:=level` one logger. */
export interface LogLevelPair {
  readonly name: string | undefined;
  readonly level: string;
}

/**
 * Applies `--log-level` arguments in order (a later one wins, as in rcl). Every pair is checked
 * first: one bad level is InvalidArgument naming it, and nothing is applied.
 */
export function applyLogLevels(pairs: readonly LogLevelPair[]): Result {
  let read: Array<{ readonly name: unknown; readonly level: unknown }>;
  try {
    if (!Array.isArray(pairs)) throw new TypeError('not an array');
    read = pairs.map((p: unknown) => {
      const o = typeof p === 'object' && p !== null ? (p as { name?: unknown; level?: unknown }) : {};
      return { name: o.name, level: o.level };
    });
  } catch {
    return err('InvalidArgument', 'log levels must be an array of { name, level }');
  }
  const checked: Array<readonly [string | undefined, LoggerLevel]> = [];
  for (const { name, level } of read) {
    if (name !== undefined && typeof name !== 'string') {
      return err('InvalidArgument', `--log-level: logger name ${describeValue(name)} is not a string`);
    }
    const parsed = parseLogLevel(name === undefined ? '--log-level' : `--log-level ${name}`, level);
    if (!parsed.ok) return parsed;
    checked.push([name, parsed.value]);
  }
  for (const [name, level] of checked) {
    const r = name === undefined ? setDefaultLoggerLevel(level) : setLoggerLevel(name, level);
    if (!r.ok) return r;
  }
  return ok();
}

/** Back to rcutils's start: default Info, no named levels. For tests and a fresh start. */
export function resetLoggerLevels(): void {
  levels.clear();
  defaultLevel = LogLevel.Info;
  generation++;
}

/**
 * Log severities as rcutils names them (DEBUG ... FATAL, the numbers of rcl_interfaces/msg/Log)
 * and how `--log-level` spells them: case-insensitive, `unset` meaning "inherit".
 */

import { describeValue, err, ok, type ResultOf } from '../../result.js';
import { Log } from '../interfaces/generated/rcl_interfaces/msg.js';

/**
 * Severities, numbered as rcl_interfaces/msg/Log's constants (taken from the message so they
 * cannot drift). Kept free of builtins/rosout.ts's imports so that api.ts can name the Logger
 * without a cycle.
 */
export const LogLevel = {
  Debug: Log.DEBUG,
  Info: Log.INFO,
  Warn: Log.WARN,
  Error: Log.ERROR,
  Fatal: Log.FATAL,
} as const;
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/** A logger's own level when it has none: it takes its nearest ancestor's (rcutils's UNSET). */
export const UNSET_LEVEL = 0;
/** What `setLevel` takes: a severity, or UNSET_LEVEL to inherit again. */
export type LoggerLevel = LogLevel | typeof UNSET_LEVEL;

const NAMES: Readonly<Record<number, string>> = {
  [UNSET_LEVEL]: 'UNSET',
  [LogLevel.Debug]: 'DEBUG',
  [LogLevel.Info]: 'INFO',
  [LogLevel.Warn]: 'WARN',
  [LogLevel.Error]: 'ERROR',
  [LogLevel.Fatal]: 'FATAL',
};

/** `DEBUG`, `INFO`, ... as the console prints it. */
export function severityName(level: number): string {
  return NAMES[level] ?? String(level);
}

export function isLoggerLevel(x: unknown): x is LoggerLevel {
  return typeof x === 'number' && NAMES[x] !== undefined;
}

/** A level name as rcutils_logging_severity_level_from_string reads it; InvalidArgument naming it otherwise. */
export function parseLogLevel(what: string, text: unknown): ResultOf<LoggerLevel> {
  if (typeof text === 'string') {
    const upper = text.toUpperCase();
    for (const [n, name] of Object.entries(NAMES)) if (name === upper) return ok(Number(n) as LoggerLevel);
  }
  return err(
    'InvalidArgument',
    `${what}: ${typeof text === 'string' ? `'${text}'` : describeValue(text)} is not a log level (debug, info, warn, error, fatal or unset)`,
  );
}

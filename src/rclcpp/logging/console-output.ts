/**
 * Where console lines go, as rcutils decides it: every severity to stderr, or to stdout with
 * RCUTILS_LOGGING_USE_STDOUT=1; colour with RCUTILS_COLORIZED_OUTPUT=1, none with 0, else
 * when the stream is a TTY; the format from RCUTILS_CONSOLE_OUTPUT_FORMAT. The environment is
 * read once, at the first line. In a page (no process streams) a line goes to the page's
 * console by severity (console.debug/info/warn/error), uncoloured.
 *
 * The sink is replaceable (`setLogOutput`), for tests and hosts with their own log; nothing
 * here replaces or patches the global console.
 */

import { describeValue, err, ok, type Result } from '../../result.js';
import {
  type ConsoleFormat,
  type ConsoleRecord,
  DEFAULT_CONSOLE_FORMAT,
  formatConsoleLine,
  parseConsoleFormat,
} from './console-format.js';
import { LogLevel } from './severity.js';
import { loggingNotes } from './logging-notes.js';

/** Takes one formatted line (no trailing newline) and the record it came from. */
export type LogOutput = (line: string, record: ConsoleRecord) => void;

/** What `configureConsoleOutput` sets; each left out keeps its value (first: the environment's). */
export interface ConsoleOutputOptions {
  /** RCUTILS_CONSOLE_OUTPUT_FORMAT's tokens; default `[{severity}] [{time}] [{name}]: {message}`. */
  readonly format?: string | undefined;
  /** `auto`: colour when the stream is a TTY (rcutils's default). */
  readonly colorized?: boolean | 'auto' | undefined;
  /** RCUTILS_LOGGING_USE_STDOUT: stdout instead of stderr, for every severity. */
  readonly useStdout?: boolean | undefined;
}

interface Stream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

interface Settings {
  format: ConsoleFormat;
  colorized: boolean | 'auto';
  useStdout: boolean;
}

let settings: Settings | undefined;
let output: LogOutput | undefined;

function environment(): Readonly<Record<string, string | undefined>> {
  const env = (globalThis as { process?: { env?: unknown } }).process?.env;
  return typeof env === 'object' && env !== null ? (env as Record<string, string | undefined>) : {};
}

function fromEnvironment(): Settings {
  const env = environment();
  const format = env.RCUTILS_CONSOLE_OUTPUT_FORMAT;
  const color = env.RCUTILS_COLORIZED_OUTPUT;
  return {
    format: parseConsoleFormat(format === undefined || format === '' ? DEFAULT_CONSOLE_FORMAT : format),
    colorized: color === '1' ? true : color === '0' ? false : 'auto',
    useStdout: env.RCUTILS_LOGGING_USE_STDOUT === '1',
  };
}

function current(): Settings {
  settings ??= fromEnvironment();
  return settings;
}

/** The format in use (the logger asks whether it needs the call site). */
export function consoleFormat(): ConsoleFormat {
  return current().format;
}

export function configureConsoleOutput(options: ConsoleOutputOptions): Result {
  if (typeof options !== 'object' || options === null) {
    return err('InvalidArgument', `console output options must be an object, got ${describeValue(options)}`);
  }
  const { format, colorized, useStdout } = options;
  if (format !== undefined && typeof format !== 'string') {
    return err('InvalidArgument', `console output format must be a string, got ${describeValue(format)}`);
  }
  if (colorized !== undefined && typeof colorized !== 'boolean' && colorized !== 'auto') {
    return err('InvalidArgument', `colorized must be true, false or 'auto', got ${describeValue(colorized)}`);
  }
  if (useStdout !== undefined && typeof useStdout !== 'boolean') {
    return err('InvalidArgument', `useStdout must be a boolean, got ${describeValue(useStdout)}`);
  }
  const s = current();
  if (format !== undefined) s.format = parseConsoleFormat(format);
  if (colorized !== undefined) s.colorized = colorized;
  if (useStdout !== undefined) s.useStdout = useStdout;
  return ok();
}

/** Replaces the sink (undefined: back to the process streams or the page console). */
export function setLogOutput(sink: LogOutput | undefined): Result {
  if (sink !== undefined && typeof sink !== 'function') {
    return err('InvalidArgument', `log output must be a function or undefined, got ${describeValue(sink)}`);
  }
  output = sink;
  return ok();
}

/** Back to the environment's settings and the default sink. */
export function resetConsoleOutput(): void {
  settings = undefined;
  output = undefined;
}

function processStream(useStdout: boolean): Stream | undefined {
  const proc = (globalThis as { process?: { stdout?: unknown; stderr?: unknown } }).process;
  const s = useStdout ? proc?.stdout : proc?.stderr;
  return typeof s === 'object' && s !== null && typeof (s as Stream).write === 'function' ? (s as Stream) : undefined;
}

function pageConsole(line: string, severity: LogLevel): void {
  const c = globalThis.console;
  if (severity >= LogLevel.Error) c.error(line);
  else if (severity === LogLevel.Warn) c.warn(line);
  else if (severity === LogLevel.Info) c.info(line);
  else c.debug(line);
}

/** Formats and writes one record; a sink that throws is counted, never thrown. */
export function writeConsole(record: ConsoleRecord): void {
  try {
    const s = current();
    const sink = output;
    const stream = sink === undefined ? processStream(s.useStdout) : undefined;
    const colorized = s.colorized === 'auto' ? sink === undefined && stream?.isTTY === true : s.colorized;
    const line = formatConsoleLine(s.format, record, colorized);
    if (sink !== undefined) sink(line, record);
    else if (stream !== undefined) stream.write(`${line}\n`);
    else pageConsole(line, record.severity);
  } catch {
    loggingNotes.outputErrors++;
  }
}

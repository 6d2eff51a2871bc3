/**
 * The console line as rcutils formats it: RCUTILS_CONSOLE_OUTPUT_FORMAT's tokens ({severity},
 * {name}, {message}, {function_name}, {file_name}, {line_number}, {time},
 * {time_as_nanoseconds}, {date_time_with_ms}) expanded, anything else copied as written, and
 * the escapes `\a \b \n \r \t \x1b` in the format decoded. Colours wrap the whole line as
 * rcutils's do: DEBUG green, INFO plain, WARN yellow, ERROR and FATAL red.
 */

import { LogLevel, severityName } from './severity.js';

/** rcutils's RCUTILS_DEFAULT_OUTPUT_FORMAT. */
export const DEFAULT_CONSOLE_FORMAT = '[{severity}] [{time}] [{name}]: {message}';

/** What one console line is made of. */
export interface ConsoleRecord {
  readonly severity: LogLevel;
  readonly name: string;
  readonly message: string;
  /** System time, ns since the Unix epoch, as rcutils stamps console output. */
  readonly timeNs: bigint;
  readonly file: string;
  readonly function: string;
  readonly line: number;
}

const TOKENS = [
  'severity',
  'name',
  'message',
  'function_name',
  'file_name',
  'line_number',
  'time',
  'time_as_nanoseconds',
  'date_time_with_ms',
] as const;
type Token = (typeof TOKENS)[number];

/** A parsed format: literal text and tokens in order. */
export interface ConsoleFormat {
  readonly text: string;
  readonly parts: ReadonlyArray<{ readonly literal: string } | { readonly token: Token }>;
  /** Whether a token needs the call site (file, function, line). */
  readonly wantsLocation: boolean;
}

const ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', n: '\n', r: '\r', t: '\t' };

function decodeEscapes(format: string): string {
  return format.replace(/\\(x1b|[abnrt])/g, (_, e: string) => (e === 'x1b' ? '\x1b' : (ESCAPES[e] ?? e)));
}

export function parseConsoleFormat(format: string): ConsoleFormat {
  const text = decodeEscapes(format);
  const parts: Array<{ literal: string } | { token: Token }> = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) {
      literal += text.slice(i);
      break;
    }
    literal += text.slice(i, open);
    const close = text.indexOf('}', open);
    const token = close < 0 ? undefined : TOKENS.find((t) => t === text.slice(open + 1, close));
    if (token === undefined) {
      // Not a token: the brace is text, and the search goes on after it (as rcutils does).
      literal += '{';
      i = open + 1;
      continue;
    }
    if (literal !== '') parts.push({ literal });
    literal = '';
    parts.push({ token });
    i = close + 1;
  }
  if (literal !== '') parts.push({ literal });
  const wantsLocation = parts.some(
    (p) => 'token' in p && (p.token === 'file_name' || p.token === 'function_name' || p.token === 'line_number'),
  );
  return { text: format, parts, wantsLocation };
}

/** `%.10d.%.9d` of rcutils_time_point_value_as_seconds_string: seconds padded to 10 digits. */
export function secondsText(ns: bigint): string {
  const abs = ns < 0n ? -ns : ns;
  const sign = ns < 0n ? '-' : '';
  return `${sign}${String(abs / 1_000_000_000n).padStart(10, '0')}.${String(abs % 1_000_000_000n).padStart(9, '0')}`;
}

/** Local `YYYY-MM-DD hh:mm:ss.mmm`, as {date_time_with_ms}. */
export function dateTimeText(ns: bigint): string {
  const ms = Number(ns / 1_000_000n);
  const d = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  return `${date} ${time}.${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')}`;
}

function expand(token: Token, r: ConsoleRecord): string {
  switch (token) {
    case 'severity':
      return severityName(r.severity);
    case 'name':
      return r.name;
    case 'message':
      return r.message;
    case 'function_name':
      return r.function;
    case 'file_name':
      return r.file;
    case 'line_number':
      return String(r.line);
    case 'time':
      return secondsText(r.timeNs);
    case 'time_as_nanoseconds':
      return String(r.timeNs);
    case 'date_time_with_ms':
      return dateTimeText(r.timeNs);
  }
}

const COLOR_NORMAL = '\x1b[0m';

function colorOf(severity: LogLevel): string {
  if (severity === LogLevel.Debug) return '\x1b[32m';
  if (severity === LogLevel.Warn) return '\x1b[33m';
  if (severity >= LogLevel.Error) return '\x1b[31m';
  return COLOR_NORMAL;
}

/** One line, without the trailing newline. */
export function formatConsoleLine(format: ConsoleFormat, r: ConsoleRecord, colorized: boolean): string {
  let out = colorized ? colorOf(r.severity) : '';
  for (const p of format.parts) out += 'literal' in p ? p.literal : expand(p.token, r);
  return colorized ? out + COLOR_NORMAL : out;
}

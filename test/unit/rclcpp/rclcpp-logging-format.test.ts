/**
 * The console line as rcutils writes it: the default format, every RCUTILS_CONSOLE_OUTPUT_FORMAT
 * token, the escapes, the colours, and which stream (stderr unless RCUTILS_LOGGING_USE_STDOUT=1).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Executor, getLogger, LogLevel, setLogOutput } from '../../../src/index.js';
import {
  DEFAULT_CONSOLE_FORMAT,
  dateTimeText,
  formatConsoleLine,
  parseConsoleFormat,
  secondsText,
} from '../../../src/rclcpp/logging/console-format.js';
import { configureConsoleOutput } from '../../../src/rclcpp/logging/console-output.js';
import { captureConsole, resetLogging } from '../../support/rclcpp-logging-fixture.js';
import { unwrap } from '../../support/executor-fixture.js';

const record = {
  severity: LogLevel.Warn,
  name: 'ns.talker',
  message: 'hello',
  timeNs: 1_700_000_000_012_345_678n,
  file: '/src/talker.ts',
  function: 'tick',
  line: 42,
};

describe('console format', () => {
  const captured = captureConsole();

  it("writes rcutils's default line: [SEVERITY] [sec.nsec] [name]: message", () => {
    expect(DEFAULT_CONSOLE_FORMAT).toBe('[{severity}] [{time}] [{name}]: {message}');
    expect(formatConsoleLine(parseConsoleFormat(DEFAULT_CONSOLE_FORMAT), record, false)).toBe(
      '[WARN] [1700000000.012345678] [ns.talker]: hello',
    );
    getLogger('a.b').info('one');
    expect(captured.lines[0]).toMatch(/^\[INFO\] \[\d{10}\.\d{9}\] \[a\.b\]: one$/);
  });

  it('expands every token; unknown ones and lone braces stay as written', () => {
    const f = parseConsoleFormat(
      '{severity}|{name}|{message}|{function_name}|{file_name}|{line_number}|{time}|{time_as_nanoseconds}|{nope}|{',
    );
    expect(formatConsoleLine(f, record, false)).toBe(
      'WARN|ns.talker|hello|tick|/src/talker.ts|42|1700000000.012345678|1700000000012345678|{nope}|{',
    );
    expect(formatConsoleLine(parseConsoleFormat('{date_time_with_ms}'), record, false)).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.012$/,
    );
  });

  it("pads {time} as rcutils's %.10d.%.9d and writes {date_time_with_ms} in local time", () => {
    expect(secondsText(5_000_000_007n)).toBe('0000000005.000000007');
    expect(secondsText(-1_500_000_000n)).toBe('-0000000001.500000000');
    const d = new Date(2026, 0, 2, 3, 4, 5, 6);
    expect(dateTimeText(BigInt(d.getTime()) * 1_000_000n)).toBe('2026-01-02 03:04:05.006');
  });

  it('decodes \\n \\t \\x1b in the format as rcutils does', () => {
    const f = parseConsoleFormat('\\x1b[1m{severity}\\t{message}\\n');
    expect(formatConsoleLine(f, record, false)).toBe('\x1b[1mWARN\thello\n');
  });

  it('colours the whole line by severity: debug green, info plain, warn yellow, error and fatal red', () => {
    const f = parseConsoleFormat('{message}');
    const line = (severity: LogLevel) => formatConsoleLine(f, { ...record, severity }, true);
    expect(line(LogLevel.Debug)).toBe('\x1b[32mhello\x1b[0m');
    expect(line(LogLevel.Info)).toBe('\x1b[0mhello\x1b[0m');
    expect(line(LogLevel.Warn)).toBe('\x1b[33mhello\x1b[0m');
    expect(line(LogLevel.Error)).toBe('\x1b[31mhello\x1b[0m');
    expect(line(LogLevel.Fatal)).toBe('\x1b[31mhello\x1b[0m');
  });

  it('fills {file_name}, {function_name} and {line_number} from the caller', () => {
    unwrap(configureConsoleOutput({ format: '{file_name}:{line_number} {function_name} {message}' }));
    function whereAmI(): void {
      getLogger('w').warn('here');
    }
    whereAmI();
    expect(captured.lines[0]).toMatch(/rclcpp-logging-format\.test\.ts:\d+ .*whereAmI here$/);
    expect(captured.records[0]?.line).toBeGreaterThan(0);
  });

  it('refuses console options of the wrong type, naming them', () => {
    const bad = configureConsoleOutput({ colorized: 'yes' as never });
    expect(bad).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    if (!bad.ok) expect(bad.error.message).toContain('colorized');
    expect(setLogOutput(42 as never).ok).toBe(false);
  });
});

describe('the environment and the stream', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['RCUTILS_CONSOLE_OUTPUT_FORMAT', 'RCUTILS_COLORIZED_OUTPUT', 'RCUTILS_LOGGING_USE_STDOUT']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    vi.restoreAllMocks();
    resetLogging();
  });

  function writes(stream: NodeJS.WriteStream): string[] {
    const got: string[] = [];
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
      got.push(String(chunk));
      return true;
    });
    return got;
  }

  it('honours RCUTILS_CONSOLE_OUTPUT_FORMAT and writes every severity to stderr by default', () => {
    resetLogging();
    process.env.RCUTILS_CONSOLE_OUTPUT_FORMAT = '<{severity}> {name}: {message}';
    process.env.RCUTILS_COLORIZED_OUTPUT = '0';
    const err = writes(process.stderr);
    const out = writes(process.stdout);
    const l = getLogger('env');
    l.info('i');
    l.error('e');
    expect(err).toEqual(['<INFO> env: i\n', '<ERROR> env: e\n']);
    expect(out).toEqual([]);
  });

  it('writes to stdout with RCUTILS_LOGGING_USE_STDOUT=1, coloured when RCUTILS_COLORIZED_OUTPUT=1', () => {
    resetLogging();
    process.env.RCUTILS_LOGGING_USE_STDOUT = '1';
    process.env.RCUTILS_COLORIZED_OUTPUT = '1';
    process.env.RCUTILS_CONSOLE_OUTPUT_FORMAT = '{message}';
    const err = writes(process.stderr);
    const out = writes(process.stdout);
    getLogger('env').warn('w');
    expect(out).toEqual(['\x1b[33mw\x1b[0m\n']);
    expect(err).toEqual([]);
  });

  it('leaves the global console as it was', async () => {
    resetLogging();
    const before = { ...console };
    const made = unwrap(await Executor.create());
    const node = unwrap(made.createNode('quiet_console', { enableRosout: false }));
    writes(process.stderr);
    node.getLogger().info('x');
    for (const k of Object.keys(before) as Array<keyof Console>) expect(console[k]).toBe(before[k]);
    made.shutdown();
  });
});

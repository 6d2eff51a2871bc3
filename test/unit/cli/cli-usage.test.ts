// The one usage / exit-code convention of the `rclts` and `vrobots` commands (src/cli/usage.ts):
// 0 ok, 1 ran and failed, 2 usage error with the message and the usage on stderr.
import { describe, expect, it } from 'vitest';
import { runCli as runRclts } from '../../../src/cli/rclts/run-cli.js';
import { EXIT_CODES_HELP, ExitCode, parseCommandLine } from '../../../src/cli/usage.js';
import { runCli as runVrobots } from '../../../src/cli/vrobots/run-cli.js';

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (t: string) => out.push(t),
      err: (t: string) => err.push(t),
      stopRequested: new Promise<void>(() => {}),
    },
  };
};

const CLIS = [
  ['rclts', runRclts],
  ['vrobots', runVrobots],
] as const;

describe.each(CLIS)('%s', (name, run) => {
  it('--help prints the help on stdout, ending with the exit codes, and exits 0', async () => {
    const c = capture();
    expect(await run(['--help'], c.io)).toBe(ExitCode.Ok);
    expect(c.out.join('')).toContain(`usage: ${name} <command>`);
    expect(c.out.join('')).toContain(EXIT_CODES_HELP);
    expect(c.err).toEqual([]);
  });

  it('no command is a usage error: exit 2, the usage on stderr, nothing on stdout', async () => {
    const c = capture();
    expect(await run([], c.io)).toBe(ExitCode.Misuse);
    expect(c.out).toEqual([]);
    expect(c.err.join('\n')).toContain(`usage: ${name}`);
  });

  it('an unknown option is a usage error naming it, with the usage of the command', async () => {
    const c = capture();
    expect(await run(['topic', 'list', '--bogus'], c.io)).toBe(ExitCode.Misuse);
    const text = c.err.join('\n');
    expect(text).toContain(`${name}: unknown option '--bogus'`);
    expect(text).toContain(`usage: ${name} topic list`);
    expect(c.out).toEqual([]);
  });
});

describe('parseCommandLine', () => {
  const options = { 'timeout-ms': { type: 'string' }, once: { type: 'boolean' } } as const;

  it('reads values and flags; a missing value and an unknown option answer one sentence', () => {
    expect(parseCommandLine(['a', '--timeout-ms', '5', '--once'], options)).toEqual({
      values: { 'timeout-ms': '5', once: true },
      positionals: ['a'],
    });
    expect(parseCommandLine(['--timeout-ms'], options)).toEqual({
      kind: 'usage-error',
      message: "option '--timeout-ms' needs a value",
    });
    expect(parseCommandLine(['--nope'], options)).toEqual({ kind: 'usage-error', message: "unknown option '--nope'" });
  });

  it('keeps negative numbers positionals (or option values) when asked to', () => {
    expect(parseCommandLine(['x', '-5'], options)).toMatchObject({ kind: 'usage-error' });
    expect(parseCommandLine(['x', '-5', '--timeout-ms', '-1.5e3'], options, true)).toEqual({
      values: { 'timeout-ms': '-1.5e3' },
      positionals: ['x', '-5'],
    });
  });
});

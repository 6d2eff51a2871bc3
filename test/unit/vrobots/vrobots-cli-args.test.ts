import { describe, expect, it } from 'vitest';
import { parseCli } from '../../../src/cli/vrobots/cli-args.js';
import { runCli } from '../../../src/cli/vrobots/run-cli.js';

describe('vrobots CLI arguments', () => {
  it('parses topic list with its defaults and options', () => {
    expect(parseCli(['topic', 'list'])).toEqual({
      kind: 'topic-list',
      router: undefined,
      windowMs: 1500,
      keyword: undefined,
    });
    expect(parseCli(['topic', 'list', '-t', '3', '-k', 'state', '--router', 'ws/127.0.0.1:7447'])).toEqual({
      kind: 'topic-list',
      router: 'ws/127.0.0.1:7447',
      windowMs: 3000,
      keyword: 'state',
    });
  });

  it('parses topic hz and refuses wildcards and missing keys', () => {
    expect(parseCli(['topic', 'hz', 'vrobots/1/z/state', '-w', '2'])).toEqual({
      kind: 'topic-hz',
      router: undefined,
      key: 'vrobots/1/z/state',
      windowMs: 2000,
    });
    expect(parseCli(['topic', 'hz', 'vrobots/*/z/state'])).toMatchObject({
      kind: 'misuse',
      message: expect.stringContaining('wildcard'),
    });
    expect(parseCli(['topic', 'hz'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['topic', 'hz', 'vrobots/1/z/state', '-w', '0'])).toMatchObject({
      kind: 'misuse',
      message: expect.stringContaining('-w'),
    });
  });

  it('parses sim with scene robots and a service delay', () => {
    expect(parseCli(['sim', '--robots', 'cartpole, halfdrone', '--service-delay', '50'])).toEqual({
      kind: 'sim',
      router: undefined,
      robots: ['cartpole', 'halfdrone'],
      serviceDelayMs: 50,
      quiet: false,
    });
  });

  it('parses robot create and delete', () => {
    expect(parseCli(['robot', 'create', 'truck'])).toMatchObject({
      kind: 'robot-create',
      robotType: 'truck',
      timeoutMs: 8000,
    });
    expect(parseCli(['robot', 'delete', '7', '--timeout', '2'])).toMatchObject({
      kind: 'robot-delete',
      sysId: 7,
      timeoutMs: 2000,
    });
    expect(parseCli(['robot', 'delete', 'seven'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['robot', 'delete', '4294967296'])).toMatchObject({ kind: 'misuse' });
  });

  it('parses the arm verbs with their session options', () => {
    expect(parseCli(['arm', 'status', '3'])).toMatchObject({
      kind: 'arm',
      verb: 'status',
      sysId: 3,
      client: 'vrobots-cli',
    });
    expect(
      parseCli(['arm', 'connect', '3', '--pc-ip', '10.0.0.2', '--rate', '50', '--transport', 'tcp', '--wait']),
    ).toMatchObject({ kind: 'arm', verb: 'connect', pcIp: '10.0.0.2', rateHz: 50, transport: 'tcp', wait: true });
    expect(parseCli(['arm', 'sweep', '3', '--secs', '2', '--amp', '0.1'])).toMatchObject({
      verb: 'sweep',
      sweepMs: 2000,
      amplitude: 0.1,
    });
    expect(parseCli(['arm', 'wave', '3'])).toMatchObject({
      kind: 'misuse',
      usage: expect.stringContaining('vrobots arm'),
    });
    expect(parseCli(['arm', 'connect', '3', '--rate', '0'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['arm', 'connect', '3', '--transport', 'quic'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['arm', 'claim'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['sim', '--arm-port', '30003'])).toMatchObject({ kind: 'sim', armPort: 30003 });
    expect(parseCli(['sim', '--arm-port', '70000'])).toMatchObject({ kind: 'misuse' });
  });

  it('treats unknown commands, verbs and options as misuse', () => {
    expect(parseCli([])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['fly'])).toMatchObject({ kind: 'misuse', message: expect.stringContaining("'fly'") });
    expect(parseCli(['topic', 'echo'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['topic', 'list', '--bogus'])).toMatchObject({ kind: 'misuse' });
    expect(parseCli(['topic', 'list', '--router'])).toMatchObject({ kind: 'misuse' });
  });

  it('knows -V and --help', () => {
    expect(parseCli(['-V'])).toEqual({ kind: 'version' });
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
  });
});

describe('vrobots CLI misuse', () => {
  async function run(args: readonly string[]) {
    const out: string[] = [];
    const errs: string[] = [];
    const code = await runCli(args, {
      out: (l) => out.push(l),
      err: (l) => errs.push(l),
      stopRequested: new Promise(() => {}),
    });
    return { code, out, errs };
  }

  it('exits 2 with one line and the usage line of the command, never the whole usage', async () => {
    const cases: [readonly string[], string, string][] = [
      [['sim', '--robots', 'foo'], "unknown robot type 'foo'", 'usage: vrobots sim '],
      [['topic', 'list', '--router', 'tcp/127.0.0.1:7447'], 'remote-api WebSocket', 'usage: vrobots topic list '],
      [
        ['robot', 'create', 'truck', '--router', 'tcp/10.0.0.2:7447'],
        'ws/HOST:PORT',
        'usage: vrobots robot create TYPE',
      ],
      [
        ['robot', 'delete', '-1'],
        "robot delete needs a sys_id (0..4294967295), got '-1'",
        'usage: vrobots robot delete ID',
      ],
      [['topic', 'list', '--bogus'], "unknown option '--bogus'", 'usage: vrobots topic list '],
      [['topic', 'hz', 'vrobots/1/z/state', '-w'], "option '-w", 'usage: vrobots topic hz KEY'],
    ];
    for (const [args, problem, usage] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.errs, args.join(' ')).toHaveLength(2);
      expect(r.errs[0]).toContain(problem);
      expect(r.errs[0]).not.toContain('within');
      expect(r.errs[1]?.startsWith(usage), r.errs[1]).toBe(true);
      expect(r.out).toEqual([]);
    }
  });
});

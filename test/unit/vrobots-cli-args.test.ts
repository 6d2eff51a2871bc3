import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/vrobots/cli/cli-args.js';

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

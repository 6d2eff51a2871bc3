/**
 * Levels as rcutils keeps them (per logger, inherited by dotted prefix, default Info), the forms
 * of RCLCPP_*_ONCE / _SKIPFIRST / _EXPRESSION / _THROTTLE, nothing built below the level, and a
 * logger that never throws whatever it is handed.
 */
import { describe, expect, it } from 'vitest';
import {
  applyLogLevels,
  Clock,
  getLogger,
  LogLevel,
  loggingStats,
  setLogOutput,
  UNSET_LEVEL,
} from '../../../src/index.js';
import { captureConsole } from '../../support/rclcpp-logging-fixture.js';

const messages = (c: { records: Array<{ message: string }> }) => c.records.map((r) => r.message);

describe('levels', () => {
  const captured = captureConsole();

  it('defaults to Info: debug is not written, info and above are', () => {
    const l = getLogger('plain');
    l.debug('d');
    l.info('i');
    l.warn('w');
    l.error('e');
    l.fatal('f');
    expect(captured.records.map((r) => r.severity)).toEqual([20, 30, 40, 50]);
    expect(l.getEffectiveLevel()).toBe(LogLevel.Info);
    expect(l.getLevel()).toBe(UNSET_LEVEL);
  });

  it('inherits the nearest ancestor level, and UNSET inherits again', () => {
    const parent = getLogger('a');
    const child = parent.getChild('b');
    const grandchild = child.getChild('c');
    expect(grandchild.getName()).toBe('a.b.c');
    expect(parent.setLevel(LogLevel.Error).ok).toBe(true);
    expect(grandchild.getEffectiveLevel()).toBe(LogLevel.Error);
    expect(child.setLevel(LogLevel.Debug).ok).toBe(true);
    expect(grandchild.getEffectiveLevel()).toBe(LogLevel.Debug);
    expect(getLogger('ab').getEffectiveLevel()).toBe(LogLevel.Info);
    grandchild.debug('deep');
    parent.warn('hidden');
    expect(messages(captured)).toEqual(['deep']);
    expect(child.setLevel(UNSET_LEVEL).ok).toBe(true);
    expect(grandchild.getEffectiveLevel()).toBe(LogLevel.Error);
  });

  it('refuses a level that is not one, naming the logger', () => {
    const r = getLogger('x').setLevel(15 as never);
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    if (!r.ok) expect(r.error.message).toContain("logger 'x'");
  });

  it('applyLogLevels: a bare level is the default, name:=level one logger; a bad one changes nothing', () => {
    expect(
      applyLogLevels([
        { name: undefined, level: 'WARN' },
        { name: 'noisy', level: 'debug' },
      ]).ok,
    ).toBe(true);
    expect(getLogger('other').getEffectiveLevel()).toBe(LogLevel.Warn);
    expect(getLogger('noisy.sub').getEffectiveLevel()).toBe(LogLevel.Debug);
    const bad = applyLogLevels([
      { name: 'quiet', level: 'error' },
      { name: undefined, level: 'loud' },
    ]);
    expect(bad).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    if (!bad.ok) expect(bad.error.message).toContain("'loud' is not a log level");
    expect(getLogger('quiet').getEffectiveLevel()).toBe(LogLevel.Warn);
  });

  it('builds nothing below the level: a message function is not called', () => {
    let calls = 0;
    const l = getLogger('lazy');
    l.debug(() => `costly ${++calls}`);
    l.debugOnce(() => `costly ${++calls}`);
    l.debugThrottle(new Clock('steady'), 10, () => `costly ${++calls}`);
    expect(calls).toBe(0);
    l.info(() => `costly ${++calls}`);
    expect(calls).toBe(1);
    expect(messages(captured)).toEqual(['costly 1']);
  });
});

describe('the forms of the macros', () => {
  const captured = captureConsole();

  it('once: the first call from a line, once; another line has its own', () => {
    const l = getLogger('once');
    for (let i = 0; i < 3; i++) l.infoOnce(`a${i}`);
    for (let i = 0; i < 3; i++) l.warnOnce(`b${i}`);
    expect(messages(captured)).toEqual(['a0', 'b0']);
  });

  it('skipFirst: every call but the first from a line', () => {
    const l = getLogger('skip');
    for (let i = 0; i < 3; i++) l.infoSkipFirst(`s${i}`);
    expect(messages(captured)).toEqual(['s1', 's2']);
  });

  it('expression: only when it holds', () => {
    const l = getLogger('expr');
    for (let i = 0; i < 4; i++) l.infoExpression(i % 2 === 0, `e${i}`);
    expect(messages(captured)).toEqual(['e0', 'e2']);
  });

  it('throttle: at most once per period of the given clock, as rcutils counts it', () => {
    let ns = 10_000_000_000n;
    const clock = { now: () => ns };
    const l = getLogger('throttle');
    const tick = (label: string) => l.infoThrottle(clock, 100, label);
    tick('t0'); // logged: now >= 0 + period
    ns += 50_000_000n;
    tick('t50');
    ns += 49_999_999n;
    tick('t99.99');
    ns += 1n;
    tick('t100');
    ns += 250_000_000n;
    tick('t350');
    expect(messages(captured)).toEqual(['t0', 't100', 't350']);
  });

  it('throttle reads a Clock (now().nanoseconds) or a node', () => {
    const l = getLogger('clocked');
    for (let i = 0; i < 3; i++) l.warnThrottle(new Clock('steady'), 60_000, `c${i}`);
    expect(messages(captured)).toEqual(['c0']);
  });

  it('log(level, msg, options) combines forms: skip first, then throttle', () => {
    let ns = 1_000_000_000_000n;
    const clock = { now: () => ns };
    const l = getLogger('combo');
    for (let i = 0; i < 6; i++) {
      l.log(LogLevel.Error, `x${i}`, { skipFirst: true, throttle: { clock, periodMs: 20 } });
      ns += 10_000_000n;
    }
    expect(messages(captured)).toEqual(['x2', 'x4']);
  });
});

describe('hostile input', () => {
  const captured = captureConsole();

  it('never throws, still writes a sentence, and counts what it could not use', () => {
    const l = getLogger('hostile');
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
        getPrototypeOf() {
          throw new Error('no');
        },
      },
    );
    const calls: Array<() => void> = [
      () => l.info(42 as never),
      () => l.info(undefined as never),
      () => l.info(proxy as never),
      () =>
        l.info(() => {
          throw new Error('boom');
        }),
      () => l.info((() => 7) as never),
      () => l.infoThrottle(proxy as never, Number.NaN, 'bad clock'),
      () => l.infoThrottle({ now: () => 1n }, -5, 'bad period'),
      () => l.log(99 as never, 'bad level'),
      () => l.log(LogLevel.Info, 'bad options', proxy as never),
      () => l.setLevel(proxy as never),
      () => l.getChild(proxy as never).info('child of a proxy'),
      () => getLogger(Symbol('s') as never).info('symbol name'),
      () => applyLogLevels(proxy as never),
      () => applyLogLevels([proxy] as never),
      () => {
        const { info, warnOnce, log } = l;
        info('detached');
        warnOnce('detached');
        log(LogLevel.Info, 'detached');
      },
    ];
    for (const [i, c] of calls.entries()) expect(c, `call ${i}`).not.toThrow();
    expect(messages(captured)).toContain('42');
    expect(messages(captured)).toContain('(a log message that could not be read)');
    expect(messages(captured)).toContain('7');
    expect(messages(captured)).toContain('bad clock');
    expect(messages(captured)).toContain('bad options');
    expect(messages(captured)).not.toContain('bad level');
    expect(messages(captured)).not.toContain('detached');
    const stats = loggingStats();
    expect(stats.badMessages).toBeGreaterThanOrEqual(1);
    expect(stats.badOptions).toBeGreaterThanOrEqual(7);
  });

  it('a sink that throws is counted, not thrown', () => {
    const l = getLogger('sink');
    captured.lines.length = 0;
    setLogOutput(() => {
      throw new Error('sink down');
    });
    expect(() => l.error('x')).not.toThrow();
    expect(loggingStats().outputErrors).toBe(1);
  });
});

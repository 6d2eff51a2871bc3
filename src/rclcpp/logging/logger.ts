/**
 * Logger (rclcpp::Logger and the RCLCPP_* macros): a name, a level looked up in the level table
 * (hierarchical, default Info), and the forms of the macros as methods:
 *
 *   RCLCPP_INFO(l, ...)                 l.info(msg)
 *   RCLCPP_INFO_ONCE(l, ...)            l.infoOnce(msg)
 *   RCLCPP_INFO_SKIPFIRST(l, ...)       l.infoSkipFirst(msg)
 *   RCLCPP_INFO_EXPRESSION(l, e, ...)   l.infoExpression(e, msg)
 *   RCLCPP_INFO_THROTTLE(l, c, ms, ...) l.infoThrottle(c, ms, msg)
 *   any combination                     l.log(LogLevel.Info, msg, { once, skipFirst, throttle, expression })
 *
 * A message is a string or a function answering one (called only when the record is written,
 * so a message below the level costs nothing to build). The level is checked first, with no
 * allocation; then the form's condition, as rcutils's macros order them. Nothing here throws:
 * a hostile argument still prints a sentence, or is counted in loggingStats().
 */

import { describeValue, type Result } from '../../result.js';
import { systemNowNs } from '../time.js';
import { type CallSite, callSite, NO_SITE, siteState } from './call-site.js';
import { consoleFormat, writeConsole } from './console-output.js';
import { effectiveLevel, levelGeneration, ownLevel, setLoggerLevel } from './logger-levels.js';
import { loggingNotes } from './logging-notes.js';
import { rosoutSinkFor } from './rosout-sinks.js';
import { LogLevel, type LoggerLevel } from './severity.js';

/** A message, or a function that makes it (called only when the record is written). */
export type LogMessage = string | (() => string);

/** What a throttle reads: a node, a Clock (`now().nanoseconds`) or anything whose `now()` is ns. */
export interface ThrottleClock {
  now(): bigint | { readonly nanoseconds: bigint };
}

/** The conditions of RCLCPP_*_ONCE, _SKIPFIRST, _THROTTLE and _EXPRESSION, combinable. */
export interface LogOptions {
  readonly once?: boolean | undefined;
  readonly skipFirst?: boolean | undefined;
  /** Written only when this is true (RCLCPP_*_EXPRESSION). */
  readonly expression?: boolean | undefined;
  readonly throttle?: { readonly clock: ThrottleClock; readonly periodMs: number } | undefined;
}

const ONCE = 1;
const SKIP_FIRST = 2;
const THROTTLE = 4;
const EXPRESSION = 8;

function messageText(message: unknown): string {
  try {
    if (typeof message === 'string') return message;
    if (typeof message === 'function') {
      const made: unknown = message();
      return typeof made === 'string' ? made : describeValue(made);
    }
    return describeValue(message);
  } catch {
    loggingNotes.badMessages++;
    return '(a log message that could not be read)';
  }
}

function readNs(clock: ThrottleClock): bigint | undefined {
  try {
    const t: unknown = clock.now();
    if (typeof t === 'bigint') return t;
    const ns: unknown = typeof t === 'object' && t !== null ? (t as { nanoseconds?: unknown }).nanoseconds : undefined;
    return typeof ns === 'bigint' ? ns : undefined;
  } catch {
    return undefined;
  }
}

/** The throttle, then skip-first, then once, each consulted only when the ones before pass. */
function passes(site: CallSite, flags: number, clock: ThrottleClock | undefined, periodMs: number): boolean {
  const state = siteState(site.key);
  if (state === undefined) return true;
  if ((flags & THROTTLE) !== 0) {
    const now = clock === undefined ? undefined : readNs(clock);
    if (now === undefined || typeof periodMs !== 'number' || !(periodMs >= 0) || !Number.isFinite(periodMs)) {
      // A throttle that cannot be read writes every record rather than none, and says so in the counts.
      loggingNotes.badOptions++;
    } else {
      if (now < state.lastNs + BigInt(Math.round(periodMs * 1e6))) return false;
      state.lastNs = now;
    }
  }
  if ((flags & SKIP_FIRST) !== 0 && !state.skipped) {
    state.skipped = true;
    return false;
  }
  if ((flags & ONCE) !== 0) {
    if (state.once) return false;
    state.once = true;
  }
  return true;
}

export class Logger {
  private cachedLevel: LogLevel = LogLevel.Info;
  private cachedGeneration = -1;

  /**
   * `rosoutName`: the name whose /rosout sink this logger's records go to: its own, or for a
   * child its node logger's (rclcpp adds a child as a sublogger of its node's).
   */
  constructor(
    readonly name: string,
    private readonly rosoutName: string = name,
  ) {}

  getName(): string {
    return this.name;
  }

  /** `parent.suffix`, publishing on the same node's /rosout; a non-string suffix is described (and counted). */
  getChild(suffix: string): Logger {
    let s: string = suffix;
    if (typeof suffix !== 'string') {
      loggingNotes.badOptions++;
      s = messageText(suffix);
    }
    return new Logger(this.name === '' ? s : `${this.name}.${s}`, this.rosoutName);
  }

  /** rclcpp's Logger::set_level; UNSET_LEVEL inherits again; a bad level is InvalidArgument. */
  setLevel(level: LoggerLevel): Result {
    return setLoggerLevel(this.name, level);
  }

  /** The level set on this logger itself (UNSET_LEVEL when it inherits). */
  getLevel(): LoggerLevel {
    return ownLevel(this.name);
  }

  /** rclcpp's Logger::get_effective_level: its own, its nearest ancestor's, or the default. */
  getEffectiveLevel(): LogLevel {
    const g = levelGeneration();
    if (g !== this.cachedGeneration) {
      this.cachedLevel = effectiveLevel(this.name);
      this.cachedGeneration = g;
    }
    return this.cachedLevel;
  }

  isEnabledFor(level: LogLevel): boolean {
    return typeof level === 'number' && level >= this.getEffectiveLevel();
  }

  debug(msg: LogMessage): void {
    Logger.write(this, LogLevel.Debug, msg, 0, true, undefined, 0);
  }
  info(msg: LogMessage): void {
    Logger.write(this, LogLevel.Info, msg, 0, true, undefined, 0);
  }
  warn(msg: LogMessage): void {
    Logger.write(this, LogLevel.Warn, msg, 0, true, undefined, 0);
  }
  error(msg: LogMessage): void {
    Logger.write(this, LogLevel.Error, msg, 0, true, undefined, 0);
  }
  fatal(msg: LogMessage): void {
    Logger.write(this, LogLevel.Fatal, msg, 0, true, undefined, 0);
  }

  debugOnce(msg: LogMessage): void {
    Logger.write(this, LogLevel.Debug, msg, ONCE, true, undefined, 0);
  }
  infoOnce(msg: LogMessage): void {
    Logger.write(this, LogLevel.Info, msg, ONCE, true, undefined, 0);
  }
  warnOnce(msg: LogMessage): void {
    Logger.write(this, LogLevel.Warn, msg, ONCE, true, undefined, 0);
  }
  errorOnce(msg: LogMessage): void {
    Logger.write(this, LogLevel.Error, msg, ONCE, true, undefined, 0);
  }
  fatalOnce(msg: LogMessage): void {
    Logger.write(this, LogLevel.Fatal, msg, ONCE, true, undefined, 0);
  }

  debugSkipFirst(msg: LogMessage): void {
    Logger.write(this, LogLevel.Debug, msg, SKIP_FIRST, true, undefined, 0);
  }
  infoSkipFirst(msg: LogMessage): void {
    Logger.write(this, LogLevel.Info, msg, SKIP_FIRST, true, undefined, 0);
  }
  warnSkipFirst(msg: LogMessage): void {
    Logger.write(this, LogLevel.Warn, msg, SKIP_FIRST, true, undefined, 0);
  }
  errorSkipFirst(msg: LogMessage): void {
    Logger.write(this, LogLevel.Error, msg, SKIP_FIRST, true, undefined, 0);
  }
  fatalSkipFirst(msg: LogMessage): void {
    Logger.write(this, LogLevel.Fatal, msg, SKIP_FIRST, true, undefined, 0);
  }

  debugExpression(expression: boolean, msg: LogMessage): void {
    Logger.write(this, LogLevel.Debug, msg, EXPRESSION, expression, undefined, 0);
  }
  infoExpression(expression: boolean, msg: LogMessage): void {
    Logger.write(this, LogLevel.Info, msg, EXPRESSION, expression, undefined, 0);
  }
  warnExpression(expression: boolean, msg: LogMessage): void {
    Logger.write(this, LogLevel.Warn, msg, EXPRESSION, expression, undefined, 0);
  }
  errorExpression(expression: boolean, msg: LogMessage): void {
    Logger.write(this, LogLevel.Error, msg, EXPRESSION, expression, undefined, 0);
  }
  fatalExpression(expression: boolean, msg: LogMessage): void {
    Logger.write(this, LogLevel.Fatal, msg, EXPRESSION, expression, undefined, 0);
  }

  /** At most once per `periodMs` of `clock` (a node, a Clock), from this line. */
  debugThrottle(clock: ThrottleClock, periodMs: number, msg: LogMessage): void {
    Logger.write(this, LogLevel.Debug, msg, THROTTLE, true, clock, periodMs);
  }
  infoThrottle(clock: ThrottleClock, periodMs: number, msg: LogMessage): void {
    Logger.write(this, LogLevel.Info, msg, THROTTLE, true, clock, periodMs);
  }
  warnThrottle(clock: ThrottleClock, periodMs: number, msg: LogMessage): void {
    Logger.write(this, LogLevel.Warn, msg, THROTTLE, true, clock, periodMs);
  }
  errorThrottle(clock: ThrottleClock, periodMs: number, msg: LogMessage): void {
    Logger.write(this, LogLevel.Error, msg, THROTTLE, true, clock, periodMs);
  }
  fatalThrottle(clock: ThrottleClock, periodMs: number, msg: LogMessage): void {
    Logger.write(this, LogLevel.Fatal, msg, THROTTLE, true, clock, periodMs);
  }

  /** Any severity with any combination of the forms (RCLCPP_INFO_SKIPFIRST_THROTTLE and the like). */
  log(level: LogLevel, msg: LogMessage, options?: LogOptions): void {
    if (!(this instanceof Logger)) {
      loggingNotes.badOptions++;
      return;
    }
    if (typeof level !== 'number' || !(level >= LogLevel.Debug && level <= LogLevel.Fatal)) {
      loggingNotes.badOptions++;
      return;
    }
    if (level < this.getEffectiveLevel()) return;
    let flags = 0;
    let expression = true;
    let clock: ThrottleClock | undefined;
    let periodMs = 0;
    try {
      if (options !== undefined) {
        if (options.once === true) flags |= ONCE;
        if (options.skipFirst === true) flags |= SKIP_FIRST;
        if (options.expression !== undefined) {
          flags |= EXPRESSION;
          expression = options.expression;
        }
        const t = options.throttle;
        if (t !== undefined) {
          flags |= THROTTLE;
          clock = t.clock;
          periodMs = t.periodMs;
        }
      }
    } catch {
      loggingNotes.badOptions++;
      flags = 0;
    }
    Logger.write(this, level, msg, flags, expression, clock, periodMs);
  }

  /**
   * Called only from the public methods above, so the user's frame is always 2 above callSite's
   * caller. Static, so that a method called detached (`const { info } = logger`) is counted
   * rather than thrown.
   */
  private static write(
    self: unknown,
    level: LogLevel,
    message: unknown,
    flags: number,
    expression: unknown,
    clock: ThrottleClock | undefined,
    periodMs: number,
  ): void {
    if (!(self instanceof Logger)) {
      loggingNotes.badOptions++;
      return;
    }
    if (level < self.getEffectiveLevel()) return;
    if ((flags & EXPRESSION) !== 0 && !expression) return;
    const stateful = (flags & (ONCE | SKIP_FIRST | THROTTLE)) !== 0;
    const site = stateful || consoleFormat().wantsLocation ? callSite(1) : NO_SITE;
    if (stateful && !passes(site, flags, clock, periodMs)) return;
    self.emit(level, messageText(message), site);
  }

  private emit(level: LogLevel, msg: string, site: CallSite): void {
    const record = {
      severity: level,
      name: this.name,
      message: msg,
      timeNs: systemNowNs(),
      file: site.file,
      function: site.function,
      line: site.line,
    };
    writeConsole(record);
    const rosout = rosoutSinkFor(this.rosoutName);
    if (rosout === undefined) return;
    try {
      const r = rosout(level, this.name, msg, site.file, site.function, site.line);
      if (!r.ok) loggingNotes.rosoutErrors++;
    } catch {
      loggingNotes.rosoutErrors++;
    }
  }
}

/** rclcpp::get_logger(name): a logger by name; it publishes on /rosout when a node's logger has that name. */
export function getLogger(name: string): Logger {
  if (typeof name === 'string') return new Logger(name);
  loggingNotes.badOptions++;
  return new Logger(messageText(name));
}

/** rcl's node logger name: the fully qualified name with '/' as '.', the leading one dropped (`/ns/talker` -> `ns.talker`). */
export function nodeLoggerName(namespace: string, name: string): string {
  const ns = namespace.replace(/^\/+|\/+$/g, '');
  return ns === '' ? name : `${ns.replace(/\//g, '.')}.${name}`;
}

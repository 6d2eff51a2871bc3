/**
 * Where a log call was written, and the state its once / skip-first / throttle form keeps.
 * rclcpp's macros keep that state in a static at each call site; TypeScript has no such
 * static, so the site is told apart by the caller's stack frame, as rclpy tells it by the
 * caller's frame. The same frame fills the record's file, function and line. Reading a stack
 * costs far more than writing a line, so a plain call reads it only when the console format
 * shows the site ({file_name}, {function_name}, {line_number}).
 */

import { loggingNotes } from './logging-notes.js';

export interface CallSite {
  /** The caller's frame as the engine prints it: one key per place in the code. */
  readonly key: string;
  readonly file: string;
  readonly function: string;
  readonly line: number;
}

/** What one site's forms remember between calls. */
export interface SiteState {
  once: boolean;
  skipped: boolean;
  /** The throttle's last logged time; 0 at first, as rcutils's static starts. */
  lastNs: bigint;
}

/** Past this many sites a new one keeps no state (its forms log every time), counted. */
export const MAX_CALL_SITES = 10_000;

/** A call whose site was not read: no file, function or line. */
export const NO_SITE: CallSite = { key: '', file: '', function: '', line: 0 };
const sites = new Map<string, SiteState>();

// V8: "    at fn (file:line:col)" or "    at file:line:col"; SpiderMonkey and JSC: "fn@file:line:col".
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/;
const OTHER_FRAME = /^(.*?)@(.+?):(\d+):\d+$/;

function parseFrame(frame: string): CallSite {
  const m = V8_FRAME.exec(frame) ?? OTHER_FRAME.exec(frame);
  if (m === null) return { key: frame, file: '', function: '', line: 0 };
  return { key: frame, function: m[1] ?? '', file: m[2] ?? '', line: Number(m[3]) };
}

/**
 * The frame `depth` calls above the caller of this function (0: that caller's caller). Never
 * throws: without a stack (a limit of 0, an engine without one) every call is the one site ''.
 */
export function callSite(depth: number): CallSite {
  try {
    const stack = new Error().stack;
    if (typeof stack !== 'string') return NO_SITE;
    const lines = stack.split('\n');
    // V8 starts with the message line ("Error"); the others start with the first frame.
    const first = lines[0] !== undefined && !lines[0].includes('@') && !/^\s*at /.test(lines[0]) ? 1 : 0;
    const frame = lines[first + 2 + depth];
    return frame === undefined ? NO_SITE : parseFrame(frame);
  } catch {
    return NO_SITE;
  }
}

/** The state of a site (made at its first call); undefined when MAX_CALL_SITES are tracked. */
export function siteState(key: string): SiteState | undefined {
  const known = sites.get(key);
  if (known !== undefined) return known;
  if (sites.size >= MAX_CALL_SITES) {
    loggingNotes.untrackedSites++;
    return undefined;
  }
  const made: SiteState = { once: false, skipped: false, lastNs: 0n };
  sites.set(key, made);
  return made;
}

/** Forgets every site's state (for tests). */
export function resetCallSites(): void {
  sites.clear();
}

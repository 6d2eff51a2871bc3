/**
 * The adapter's fast paths and guards, and what happens when one cannot be taken.
 *
 * Each frame path writes or reads the remote-api plugin's frames in zenoh-ts's place (frames/),
 * or, `gather`, a write batch's WebSocket frames in Node `ws`'s place (checked on ws 8.x),
 * and each guard reaches into a zenoh-ts session to mend a gap of its public API. Each is taken
 * only where a probe found the loaded zenoh-ts as checked (1.10.1); elsewhere rclts uses
 * zenoh-ts's public API, which still works, only slower or with the gap back. That fallback is
 * never silent: it is counted per session and reported once per path as a `frame_fallback`
 * event. The frame paths can also be switched off for diagnosis (the session option `frames`,
 * or RCLTS_ZENOH_FRAMES=off, or =-put,-get for some), then those are not taken and nothing is
 * reported for them.
 */

import { describeValue, err, ok, type ResultOf } from '../../../result.js';

export const FramePath = {
  /** A publisher's puts as frames (frames/put-frame.ts). */
  Put: 'put',
  /** A service server's replies and finals as frames (frames/reply-frame.ts). */
  Reply: 'reply',
  /** A client's gets as frames (frames/get-frame.ts). */
  Get: 'get',
  /** A query read from its frame answered through a Query made by id (frames/frame-query.ts). */
  Query: 'query',
  /** Samples, replies and queries read from their frames (frames/in-frame-tap.ts). */
  InFrames: 'in-frames',
  /** A write batch's binary frames framed by rclts into one TCP write, past Node's `ws` (frame-gather.ts). */
  Gather: 'gather',
} as const;
export type FramePath = (typeof FramePath)[keyof typeof FramePath];

export const SessionGuard = {
  /** Requests retired when a session closes; late answers and deliveries taken quietly (request-tap.ts). */
  RequestTap: 'request-tap',
  /** Queries that arrive before their queryable is registered (early-queries.ts). */
  EarlyQueries: 'early-queries',
} as const;
export type SessionGuard = (typeof SessionGuard)[keyof typeof SessionGuard];

export type FallbackReport = (what: FramePath | SessionGuard, message: string) => void;

/**
 * What a probe that may not apply this time found: the route; `skip`, the path does not apply
 * here by design or for the moment (nothing to count); or `mismatch`, why the internals it
 * reads are not as checked, and what is used instead (counted and reported).
 */
export type ProbeAnswer<T> =
  | { readonly route: T }
  | { readonly skip: true }
  | { readonly mismatch: string; readonly instead: string };

const ALL_PATHS: ReadonlySet<FramePath> = new Set(Object.values(FramePath));

/**
 * The frame paths `RCLTS_ZENOH_FRAMES` leaves on: every one when unset, empty or `on`; none for
 * `off`; every one but those listed for `-put,-get` (names of FramePath). Anything else is
 * refused with a sentence naming the variable and the known names.
 */
export function framePathsFromEnvironment(): ResultOf<ReadonlySet<FramePath>> {
  const env = typeof process !== 'undefined' ? process.env?.RCLTS_ZENOH_FRAMES : undefined;
  const value = env?.trim() ?? '';
  if (value === '' || value === 'on') return ok(ALL_PATHS);
  if (value === 'off') return ok(new Set());
  const on = new Set(ALL_PATHS);
  for (const item of value.split(',').map((s) => s.trim())) {
    const name = item.startsWith('-') ? item.slice(1) : undefined;
    if (name === undefined || !ALL_PATHS.has(name as FramePath)) {
      return err(
        'InvalidArgument',
        `RCLTS_ZENOH_FRAMES must be on, off or a list of frame paths to turn off (-${[...ALL_PATHS].join(', -')}), got ${JSON.stringify(env)}`,
      );
    }
    on.delete(name as FramePath);
  }
  return ok(on);
}

/** The frame paths of the session option `frames` (true: all, false: none), else of the environment. */
export function framePathsOf(frames: boolean | undefined): ResultOf<ReadonlySet<FramePath>> {
  if (frames === undefined) return framePathsFromEnvironment();
  if (typeof frames !== 'boolean') {
    return err('InvalidArgument', `frames must be true, false or undefined, got ${describeValue(frames)}`);
  }
  return ok(frames ? ALL_PATHS : new Set());
}

/** One rmw session's frame paths: the switch, and the fallbacks counted and reported. */
export class FramePaths {
  readonly #fallbacks = new Map<FramePath | SessionGuard, number>();

  constructor(
    /** The frame paths taken (all by default; fewer or none for diagnosis). */
    private readonly on: ReadonlySet<FramePath>,
    private readonly report: FallbackReport,
  ) {}

  /**
   * The route of `path` made by `probe`, or undefined: the paths are off, or the probe found
   * the loaded zenoh-ts not as checked (then counted, and reported the first time).
   */
  take<T>(path: FramePath, probe: () => T | undefined | false): T | undefined {
    if (!this.on.has(path)) return undefined;
    const route = probe();
    if (route === undefined || route === false) {
      this.#fellBack(path, `the ${path} frame path is not taken: zenoh-ts's internals are not as checked`);
      return undefined;
    }
    return route;
  }

  /** As `take`, for a probe that tells a path not applying (not counted) from internals not as checked. */
  attempt<T>(path: FramePath, probe: () => ProbeAnswer<T>): T | undefined {
    if (!this.on.has(path)) return undefined;
    const answer = probe();
    if ('route' in answer) return answer.route;
    if ('mismatch' in answer)
      this.#fellBack(path, `the ${path} frame path is not taken: ${answer.mismatch}`, answer.instead);
    return undefined;
  }

  /** A guard that could not be installed (`installed` false) is counted and reported. */
  guard(guard: SessionGuard, installed: boolean): void {
    if (!installed)
      this.#fellBack(guard, `the ${guard} guard is not installed: zenoh-ts's internals are not as checked`);
  }

  /** How many times each path or guard fell back on this session. */
  fallbacks(): ReadonlyMap<FramePath | SessionGuard, number> {
    return this.#fallbacks;
  }

  #fellBack(what: FramePath | SessionGuard, why: string, instead = "zenoh-ts's public API"): void {
    const n = (this.#fallbacks.get(what) ?? 0) + 1;
    this.#fallbacks.set(what, n);
    if (n === 1) this.report(what, `${why}; using ${instead} instead`);
  }
}

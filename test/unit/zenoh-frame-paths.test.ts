// A frame path whose probe finds zenoh-ts not as checked falls back loudly: counted every time,
// reported once per path (src/rmw/zenoh/zenoh-ts/frame-paths.ts); switched off, none is taken.
import { describe, expect, it } from 'vitest';
import { FramePath, FramePaths, SessionGuard } from '../../src/rmw/zenoh/zenoh-ts/frame-paths.js';

describe('frame paths', () => {
  it('count each fallback and report the first of each path', () => {
    const reported: string[] = [];
    const paths = new FramePaths(true, (what, message) => void reported.push(`${what}: ${message}`));
    expect(paths.take(FramePath.Put, () => 'route')).toBe('route');
    expect(paths.take(FramePath.Put, () => undefined)).toBeUndefined();
    expect(paths.take(FramePath.Put, () => undefined)).toBeUndefined();
    expect(paths.take(FramePath.InFrames, () => false)).toBeUndefined();
    paths.guard(SessionGuard.RequestTap, true);
    paths.guard(SessionGuard.EarlyQueries, false);
    expect([...paths.fallbacks()]).toEqual([
      ['put', 2],
      ['in-frames', 1],
      ['early-queries', 1],
    ]);
    expect(reported).toHaveLength(3);
    expect(reported[0]).toMatch(/^put: the put frame path is not taken: .* public API instead$/);
  });

  it('switched off, take none and report nothing', () => {
    const reported: string[] = [];
    const paths = new FramePaths(false, (what) => void reported.push(what));
    let probed = false;
    expect(
      paths.take(FramePath.Get, () => {
        probed = true;
        return 'route';
      }),
    ).toBeUndefined();
    expect(probed).toBe(false);
    expect(reported).toEqual([]);
  });
});

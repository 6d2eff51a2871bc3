// A frame path whose probe finds zenoh-ts not as checked falls back loudly: counted every time,
// reported once per path (src/rmw/zenoh/zenoh-ts/frame-paths.ts); switched off, none is taken.
import { describe, expect, it } from 'vitest';
import {
  FramePath,
  FramePaths,
  framePathsFromEnvironment,
  framePathsOf,
  SessionGuard,
} from '../../../src/rmw/zenoh/zenoh-ts/frame-paths.js';

const ALL = new Set(Object.values(FramePath));

describe('frame paths', () => {
  it('count each fallback and report the first of each path', () => {
    const reported: string[] = [];
    const paths = new FramePaths(ALL, (what, message) => void reported.push(`${what}: ${message}`));
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

  it('count a mismatch of a path that may not apply, and not a skip', () => {
    const reported: string[] = [];
    const paths = new FramePaths(ALL, (what, message) => void reported.push(`${what}: ${message}`));
    expect(paths.attempt(FramePath.Gather, () => ({ route: 'route' }))).toBe('route');
    expect(paths.attempt(FramePath.Gather, () => ({ skip: true }))).toBeUndefined();
    expect(paths.attempt(FramePath.Gather, () => ({ mismatch: 'x differs', instead: 'y' }))).toBeUndefined();
    expect([...paths.fallbacks()]).toEqual([['gather', 1]]);
    expect(reported).toEqual(['gather: the gather frame path is not taken: x differs; using y instead']);
  });

  it('switched off, take none and report nothing', () => {
    const reported: string[] = [];
    const paths = new FramePaths(new Set(), (what) => void reported.push(what));
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

  it('take the paths RCLTS_ZENOH_FRAMES leaves on, and refuse what it cannot mean', () => {
    const before = process.env.RCLTS_ZENOH_FRAMES;
    const read = (value: string | undefined) => {
      if (value === undefined) delete process.env.RCLTS_ZENOH_FRAMES;
      else process.env.RCLTS_ZENOH_FRAMES = value;
      const r = framePathsFromEnvironment();
      return r.ok ? [...r.value].sort() : r.error.message;
    };
    try {
      expect(read(undefined)).toEqual([...ALL].sort());
      expect(read('on')).toEqual([...ALL].sort());
      expect(read('off')).toEqual([]);
      expect(read('-put, -get')).toEqual(['gather', 'in-frames', 'query', 'reply']);
      expect(read('put')).toMatch(/^RCLTS_ZENOH_FRAMES must be on, off or .*-put, -reply.*got "put"$/);
      expect(read('-nothing')).toMatch(/got "-nothing"$/);
      process.env.RCLTS_ZENOH_FRAMES = 'off';
      const option = framePathsOf(true);
      expect(option.ok && option.value.size).toBe(ALL.size);
    } finally {
      if (before === undefined) delete process.env.RCLTS_ZENOH_FRAMES;
      else process.env.RCLTS_ZENOH_FRAMES = before;
    }
  });
});

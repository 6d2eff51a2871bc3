/** examples/synchronised_pair.ts runs in-process: image + info pairs share a stamp, depth pairs are within 5 ms. */
import { describe, expect, it } from 'vitest';
import { main } from '../../../examples/synchronised_pair.js';

describe('synchronised pair example', () => {
  it('prints --count exact pairs, skipping the frames whose info is missing, and close depth pairs', async () => {
    const lines: string[] = [];
    expect(await main(['--count', '4', '--period-ms', '20'], (l) => void lines.push(l))).toBe(0);
    const exact = lines.filter((l) => l.startsWith('image + info'));
    expect(exact).toHaveLength(4);
    expect(exact[0]).toMatch(/^image \+ info at \d+\.\d{9}: 640x480, info 640x480$/);
    const depth = lines.filter((l) => l.startsWith('image + depth'));
    expect(depth.length).toBeGreaterThan(0);
    for (const l of depth) {
      const ms = Number(/depth ([+-]\d+) ms/.exec(l)?.[1]);
      expect(Math.abs(ms)).toBeLessThanOrEqual(5);
    }
  });

  it('refuses a bad flag', async () => {
    const lines: string[] = [];
    expect(await main(['--count', 'x'], (l) => void lines.push(l))).toBe(2);
    expect(lines[0]).toContain('--count');
  });
});

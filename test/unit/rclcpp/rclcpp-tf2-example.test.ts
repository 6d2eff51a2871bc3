/** examples/tf2_broadcaster_listener.ts runs in-process and prints tf2_echo's lines for odom -> laser. */
import { describe, expect, it } from 'vitest';
import { echoLines, main } from '../../../examples/tf2_broadcaster_listener.js';

describe('tf2 example', () => {
  it('broadcasts static and dynamic frames and prints --count lookups, the first at the start pose', async () => {
    const lines: string[] = [];
    expect(await main(['--count', '3', '--period-ms', '20'], (l) => void lines.push(l))).toBe(0);
    const at = lines.filter((l) => l.startsWith('At time'));
    expect(at).toHaveLength(3);
    const first = lines.indexOf(at[0] as string);
    expect(lines.slice(first + 1, first + 4)).toEqual([
      '- Translation: [0.200, 0.000, 0.100]',
      '- Rotation: in Quaternion (xyzw) [0.000, 0.000, 0.707, 0.707]',
      '- Rotation: in RPY (radian) [0.000, 0.000, 1.571]',
    ]);
  });

  it('prints a stamp with nine digits of nanoseconds, as tf2_echo', () => {
    const lines = echoLines({
      header: { stamp: { sec: 12, nanosec: 5 }, frame_id: 'a' },
      child_frame_id: 'b',
      transform: { translation: { x: 1, y: 2, z: 3 }, rotation: { x: 0, y: 0, z: 0, w: 1 } },
    });
    expect(lines[0]).toBe('At time 12.000000005');
    expect(lines[1]).toBe('- Translation: [1.000, 2.000, 3.000]');
  });

  it('refuses a bad flag', async () => {
    const lines: string[] = [];
    expect(await main(['--count', 'many'], (l) => void lines.push(l))).toBe(2);
    expect(lines[0]).toContain('--count');
  });
});

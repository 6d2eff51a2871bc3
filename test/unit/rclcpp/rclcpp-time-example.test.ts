/** examples/sim_time_timer: a timer of 1 s sim time fires at 1, 2, 3 s of the /clock another node plays. */
import { describe, expect, it } from 'vitest';
import { main } from '../../../examples/sim_time_timer.js';

describe('examples/sim_time_timer', () => {
  it('fires once per second of sim time, stamped with /clock time', async () => {
    const lines: string[] = [];
    const code = await main(['--count', '3'], (l) => void lines.push(l));
    expect(code, lines.join('\n')).toBe(0);
    expect(lines).toHaveLength(3);
    // /clock is keep-last 1: on a loaded host a round may see the player's next sample first.
    lines.forEach((line, i) => {
      const m = /^timer (\d) at sim time (\d+\.\d) s$/.exec(line);
      expect(m?.[1], line).toBe(String(i + 1));
      expect(Number(m?.[2]), line).toBeGreaterThanOrEqual(i + 1);
      expect(Number(m?.[2]), line).toBeLessThan(i + 1.5);
    });
  });
});

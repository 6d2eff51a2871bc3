/** The Fibonacci action examples run to completion in-process: a result, and a cancel. */
import { describe, expect, it } from 'vitest';
import { main as client } from '../../../examples/fibonacci_action_client.js';
import { main as server } from '../../../examples/fibonacci_action_server.js';

function capture(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

describe('fibonacci action examples', () => {
  it('the client gets feedback and the result; the server exits after --count goals', async () => {
    const s = capture();
    const c = capture();
    const serving = server(['--count', '1', '--period-ms', '5'], s.log);
    expect(await client(['5', '--budget-ms', '20000'], c.log)).toBe(0);
    expect(await serving).toBe(0);
    expect(c.lines).toContain('Goal accepted by server, waiting for result');
    expect(c.lines.some((l) => l.startsWith('Next number in sequence received: 0 1 1'))).toBe(true);
    expect(c.lines.at(-1)).toBe('Goal succeeded; result: 0 1 1 2 3 5');
    expect(s.lines).toContain('Received goal request with order 5');
    expect(s.lines).toContain('Goal succeeded');
  });

  it('--cancel-after 2 cancels the goal: the server reports it canceled', async () => {
    const s = capture();
    const c = capture();
    const serving = server(['--count', '1', '--period-ms', '20'], s.log);
    expect(await client(['40', '--cancel-after', '2', '--budget-ms', '20000'], c.log)).toBe(0);
    expect(await serving).toBe(0);
    expect(c.lines.at(-1)).toMatch(/^Goal canceled; result: 0 1 1 2/);
    expect(s.lines).toContain('Received request to cancel goal');
    expect(s.lines).toContain('Goal canceled');
  });
});

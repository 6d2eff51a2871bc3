/** The rclcpp examples run to completion in-process (the default backend). */
import { describe, expect, it } from 'vitest';
import { main as client } from '../../../examples/add_two_ints_client.js';
import { main as server } from '../../../examples/add_two_ints_server.js';
import { main as listener } from '../../../examples/listener.js';
import { main as talker } from '../../../examples/talker.js';
import { main as talkerListener } from '../../../examples/talker_listener.js';

function capture(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

describe('examples', () => {
  it('talker publishes --count messages and exits 0', async () => {
    const out = capture();
    expect(await talker(['--count', '3', '--period-ms', '5'], out.log)).toBe(0);
    expect(out.lines).toEqual([1, 2, 3].map((i) => `Publishing: 'Hello World: ${i}'`));
  });

  it('a lone listener hears nothing in-process and gives up within its budget', async () => {
    const out = capture();
    expect(await listener(['--count', '1', '--budget-ms', '50'], out.log)).toBe(1);
    expect(out.lines.at(-1)).toContain('heard 0 of 1');
  });

  it('talker_listener: the listener hears what the talker says', async () => {
    const out = capture();
    expect(await talkerListener(['--count', '3', '--period-ms', '5'], out.log)).toBe(0);
    expect(out.lines.filter((l) => l.startsWith('I heard'))).toEqual(
      [1, 2, 3].map((i) => `I heard: 'Hello World: ${i}'`),
    );
  });

  it('add_two_ints client and server: the client prints the sum, the server exits after --count', async () => {
    const s = capture();
    const c = capture();
    const serving = server(['--count', '1'], s.log);
    expect(await client(['40', '2', '--budget-ms', '5000'], c.log)).toBe(0);
    expect(await serving).toBe(0);
    expect(c.lines).toEqual(['Result of add_two_ints: for 40 + 2 = 42']);
    expect(s.lines).toContain('Incoming request\na: 40 b: 2');
  });

  it('refuse bad flags', async () => {
    const out = capture();
    expect(await talker(['--count', 'many'], out.log)).toBe(2);
    expect(out.lines[0]).toContain('--count');
    expect(await client(['x', '1'], () => {})).toBe(1);
  });
});

/** examples/logging_demo.ts runs in-process: each macro form writes what rclcpp's would, and /rosout carries it. */
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../examples/logging_demo.js';
import { configureConsoleOutput } from '../../../src/index.js';
import { resetLogging } from '../../support/rclcpp-logging-fixture.js';

afterEach(resetLogging);

function run(argv: string[]): Promise<{ code: number; lines: string[] }> {
  resetLogging();
  configureConsoleOutput({ colorized: false });
  const lines: string[] = [];
  return main(argv, (l) => lines.push(l)).then((code) => ({ code, lines }));
}

describe('examples/logging_demo', () => {
  it('writes once, skip-first, throttled and expression records in rcutils format, and /rosout carries them', async () => {
    const { code, lines } = await run(['--count', '6', '--period-ms', '5']);
    expect(code, lines.join('\n')).toBe(0);
    const body = lines.map((l) => l.replace(/^\[(\w+)\] \[\d+\.\d{9}\] /, '[$1] '));
    expect(body.filter((l) => l.includes('first tick'))).toEqual(['[INFO] [logging_demo]: the first tick']);
    expect(body.filter((l) => l.includes('not the first'))).toHaveLength(5);
    expect(body.filter((l) => l.startsWith('[WARN]')).length).toBeGreaterThanOrEqual(1);
    expect(body.filter((l) => l.startsWith('[WARN]')).length).toBeLessThan(6);
    expect(body).toContain('[ERROR] [logging_demo.worker]: the last tick (6)');
    expect(body.some((l) => l.startsWith('[DEBUG]'))).toBe(false);
    const records = lines.length - 1;
    expect(lines.at(-1)).toBe(`/rosout carried ${records} records`);
  });
});

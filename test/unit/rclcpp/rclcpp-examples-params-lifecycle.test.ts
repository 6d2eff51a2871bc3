/** The parameterised and lifecycle talkers run to completion in-process. */
import { describe, expect, it } from 'vitest';
import { main as lifecycleTalker } from '../../../examples/lifecycle_talker.js';
import { main as paramTalker } from '../../../examples/parameterised_talker.js';

function capture(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

describe('parameter and lifecycle examples', () => {
  it('parameterised_talker takes its greeting and period from --ros-args -p', async () => {
    const out = capture();
    const code = await paramTalker(
      ['--count', '2', '--ros-args', '-p', 'greeting:=Hi there', '-p', 'period_ms:=5'],
      out.log,
    );
    expect(code).toBe(0);
    expect(out.lines).toEqual(["Publishing: 'Hi there: 1'", "Publishing: 'Hi there: 2'"]);
  });

  it('parameterised_talker refuses an override outside the range', async () => {
    const out = capture();
    expect(await paramTalker(['--count', '1', '--ros-args', '-p', 'period_ms:=0'], out.log)).toBe(1);
    expect(out.lines[0]).toContain('integer range');
  });

  it('lifecycle_talker publishes only while active and says why it cannot afterwards', async () => {
    const out = capture();
    expect(await lifecycleTalker(['--count', '2', '--period-ms', '5'], out.log)).toBe(0);
    expect(out.lines.filter((l) => l.startsWith('Publishing'))).toEqual([
      "Publishing: 'Lifecycle HelloWorld #1'",
      "Publishing: 'Lifecycle HelloWorld #2'",
    ]);
    expect(out.lines.join('\n')).toContain('after deactivate: lifecycle publisher on');
    expect(out.lines.at(-1)).toBe('state: finalized');
  });
});

import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/vrobots/run-cli.js';
import { formatRateReport, formatTopicList } from '../../../src/cli/vrobots/topic-report.js';
import { computeRateReport } from '../../../src/vrobots/tools/rate-stats.js';
import { TopicTally } from '../../../src/vrobots/tools/topic-table.js';

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stopRequested: Promise.resolve(),
  });
  return { code, out, err };
}

describe('vrobots CLI output', () => {
  it('lists topics with header, rows and the count line', () => {
    const tally = new TopicTally();
    for (let i = 0; i < 38; i++) tally.add('vrobots/0/z/state', 1187);
    const lines = formatTopicList(tally.listing(1500), 'ws/127.0.0.1:1');
    expect(lines[0]).toMatch(/^wire\s+Hz\s+bytes\s+topic$/);
    expect(lines[1]).toMatch(/^\[z\]\s+25\.3\s+1187\s+vrobots\/0\/z\/state$/);
    expect(lines[2]).toBe('1 topic(s); zenoh observed over 1.5s');
  });

  it('says (no topics) with hints when nothing was seen', () => {
    const lines = formatTopicList(new TopicTally().listing(1500), 'ws/127.0.0.1:1');
    expect(lines[0]).toBe('(no topics)');
    expect(lines.slice(1).every((l) => l.startsWith('hint: '))).toBe(true);
  });

  it('prints the rate block', () => {
    const r = computeRateReport('vrobots/1/z/state', 1000, [
      { arrivalMs: 0, bytes: 100, seq: 1n, stampNs: 1n },
      { arrivalMs: 40, bytes: 100, seq: 3n, stampNs: 1n },
    ]);
    const text = formatRateReport(r).join('\n');
    expect(text).toContain('rate      25.00 Hz (2 samples)');
    expect(text).toContain('seq       1 -> 3, 1 gap(s), 1 missed');
    expect(text).toContain('payload   100 B');
  });

  it('exits 2 with the usage on misuse, 0 on help, and explains the missing router', async () => {
    const misuse = await run(['topic', 'hz']);
    expect(misuse.code).toBe(2);
    expect(misuse.err.join('\n')).toContain('usage: vrobots');
    expect((await run(['--help'])).code).toBe(0);
    const list = await run(['topic', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toEqual(['(no topics)']);
    expect(list.err.join(' ')).toContain('--router');
    const hz = await run(['topic', 'hz', 'vrobots/1/z/state']);
    expect(hz.code).toBe(1);
    expect(hz.err.join(' ')).toContain('--router');
  });
});

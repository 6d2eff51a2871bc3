/** examples/bag_record_play: five messages recorded 100 ms apart are replayed at rate 2, 50 ms apart. */
import { describe, expect, it } from 'vitest';
import { main } from '../../../examples/bag_record_play.js';

describe('examples/bag_record_play', () => {
  it('records the talker and replays it twice as fast', async () => {
    const lines: string[] = [];
    const code = await main(['--count', '5'], (l) => void lines.push(l));
    expect(code, lines.join('\n')).toBe(0);
    expect(lines[0]).toBe('recorded 5 messages, dropped 0');
    const replayed = lines.filter((l) => l.startsWith('replayed'));
    expect(replayed.map((l) => /'(.*)'/.exec(l)?.[1])).toEqual(['hello 0', 'hello 1', 'hello 2', 'hello 3', 'hello 4']);
    expect(lines.at(-1)).toBe('played 5 messages at rate 2');
  });
});

/** `rclts bag record` / `bag play` in-process: argument forms, refusals, and a bag played to its end. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandPlayArgs } from '../../../src/cli/rclts/cmd-bag-play.js';
import { defaultBagName } from '../../../src/cli/rclts/cmd-bag-record.js';
import { runCli } from '../../../src/cli/rclts/run-cli.js';
import { nodeBagFiles, openBagWriter, Result, std_msgs } from '../../../src/index.js';

function io() {
  let out = '';
  let err = '';
  return {
    io: {
      out: (t: string) => void (out += t),
      err: (t: string) => void (err += t),
      stopRequested: new Promise<void>(() => {}),
    },
    out: () => out,
    err: () => err,
  };
}

describe('rclts bag record / play arguments', () => {
  it("takes argparse's lists and a bare --clock as ros2 bag play does", () => {
    expect(expandPlayArgs(['bag', '--topics', '/a', '/b', '--clock', '--rate', '2', '-m', '/a:=/c'])).toEqual([
      'bag',
      '--topics=/a',
      '--topics=/b',
      '--clock=40',
      '--rate',
      '2',
      '--remap=/a:=/c',
    ]);
    expect(expandPlayArgs(['bag', '--clock', '100'])).toEqual(['bag', '--clock=100']);
  });

  it('names a bag as rosbag2 does', () => {
    expect(defaultBagName(new Date(2026, 0, 2, 3, 4, 5))).toBe('rosbag2_2026_01_02-03_04_05');
  });

  it('refuses a record with nothing to record (2), an existing output folder (1), a bad remap (2)', async () => {
    const a = io();
    expect(await runCli(['bag', 'record'], a.io)).toBe(2);
    expect(a.err()).toMatch(/needs topics, -a \(all\) or -e REGEX/);
    const b = io();
    expect(await runCli(['bag', 'record', '/x', '-o', tmpdir()], b.io)).toBe(1);
    expect(b.err()).toMatch(/already exists/);
    const c = io();
    expect(await runCli(['bag', 'play', 'somewhere', '--remap', 'nonsense'], c.io)).toBe(2);
    expect(c.err()).toMatch(/--remap takes old_topic:=new_topic/);
  });

  it('plays a bag to its end and says how many messages it published', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rclts-cli-bag-')), 'bag');
    const writer = Result.unwrap(await openBagWriter({ files: nodeBagFiles(dir) }));
    Result.unwrap(
      writer.createTopic(
        {
          name: '/chatter',
          type: 'std_msgs/msg/String',
          serializationFormat: 'cdr',
          offeredQosProfiles: [],
          typeDescriptionHash: '',
        },
        { encoding: 'unknown', name: 'std_msgs/msg/String', data: '' },
      ),
    );
    const t0 = 1_700_000_000_000_000_000n;
    for (let i = 0; i < 5; i++) {
      const at = t0 + BigInt(i) * 20_000_000n;
      Result.unwrap(writer.write('/chatter', std_msgs.msg.String.encode({ data: `${i}` }), at, at));
    }
    Result.unwrap(await writer.close());
    const p = io();
    expect(await runCli(['bag', 'play', dir, '--rate', '4', '--topics', '/chatter'], p.io), p.err()).toBe(0);
    expect(p.err()).toMatch(/played 5 messages on 1 topics/);
  });
});

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockOutcome } from '../../../bench/rclpy-pubsub.js';
import {
  fastDdsLaunch,
  LinePeer,
  numberField,
  parsePeerLine,
  RCLPY_DEFAULT,
  RCLPY_EVENTS,
  RCLTS,
  RAW_ZENOH_TS,
  RCLTS_SMALL_YOUNG,
  rclpyEnv,
  rclpyVenvDir,
  rclpyVenvReady,
  samplesOf,
} from '../../../bench/rclpy-peer.js';
import { rmwZenohDir, rmwZenohLaunch, rmwZenohReady, zenohComparison } from '../../../bench/rclpy-zenoh.js';
import { judge } from '../../../bench/harness/results.js';

/** A peer whose process prints `lines` on stdout, one per line, then exits (or stays, if told). */
function scriptedPeer(lines: readonly string[], stay = false): LinePeer {
  const body = `for (const l of ${JSON.stringify(lines)}) console.log(l);${stay ? "process.stdin.on('data', () => process.exit(0));" : ''}`;
  return new LinePeer('scripted', spawn(process.execPath, ['-e', body], { stdio: ['pipe', 'pipe', 'pipe'] }));
}

describe('bench rclpy peers: the JSON-line protocol', () => {
  it('takes a JSON object with a string type as a message and anything else as noise', () => {
    expect(parsePeerLine('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(parsePeerLine('  {"type":"samples","size":16,"us":[1.5]}\r')).toEqual({
      type: 'samples',
      size: 16,
      us: [1.5],
    });
    for (const noise of [
      '',
      '[INFO] [rclpy]: started',
      '{"type":3}',
      '{"size":1}',
      '[{"type":"x"}]',
      '{"type":',
      'null',
    ])
      expect(parsePeerLine(noise)).toBeUndefined();
  });

  it('reads latencies and numbers, and names what is missing', () => {
    expect(samplesOf({ type: 'samples', us: [0, 2.5, 300] })).toEqual([0, 2.5, 300]);
    for (const us of [undefined, 'x', [1, -1], [1, Number.NaN], [1, '2']])
      expect(() => samplesOf({ type: 'samples', us })).toThrow(/list of latencies/);
    expect(numberField({ type: 'report', delivered: 7 }, 'delivered')).toBe(7);
    expect(() => numberField({ type: 'report', delivered: '7' }, 'delivered')).toThrow(/'report'.*'delivered'/);
  });

  it('waits for a message of a type past log lines and others, and turns an error message into a throw', async () => {
    const peer = scriptedPeer(['log line', '{"type":"report","delivered":1}', '{"type":"ready"}'], true);
    try {
      expect(await peer.next('ready', 5000)).toEqual({ type: 'ready' });
      expect(numberField(await peer.next('report', 5000), 'delivered')).toBe(1);
    } finally {
      await peer.stop(1000);
    }
    const failing = scriptedPeer(['{"type":"error","message":"service /x not found"}'], true);
    try {
      await expect(failing.next('ready', 5000)).rejects.toThrow(/scripted: service \/x not found/);
    } finally {
      await failing.stop(1000);
    }
  });

  it('throws when the peer exits before answering, and when the budget runs out', async () => {
    const gone = scriptedPeer([]);
    await expect(gone.next('ready', 5000)).rejects.toThrow(/exited \(code 0.*before sending 'ready'/);
    const silent = scriptedPeer([], true);
    try {
      await expect(silent.next('ready', 50)).rejects.toThrow(/waiting for 'ready': budget of 50 ms ran out/);
    } finally {
      await silent.stop(1000);
    }
  });
});

describe('bench rclpy pub/sub: one block', () => {
  it('counts deliveries since the block began, caps them at what was sent and calls the rest missing', () => {
    expect(blockOutcome(100, 10, 500, 600, 12)).toEqual({ delivered: 100, missing: 0, rate: 50 });
    expect(blockOutcome(100, 10, 500, 590, 11)).toEqual({ delivered: 90, missing: 10, rate: 90 });
    // late deliveries of an earlier block, counted in after, never raise a block above its count
    expect(blockOutcome(100, 10, 500, 650, 12).delivered).toBe(100);
  });

  it('has no rate when nothing arrived', () => {
    const b = blockOutcome(100, 10, 500, 500, 0);
    expect(b.delivered).toBe(0);
    expect(b.missing).toBe(100);
    expect(b.rate).toBeNaN();
  });
});

describe('bench rclpy venv', () => {
  it('lives in the cache named by XDG_CACHE_HOME, and counts as made only once requirements.txt is in', () => {
    const cache = mkdtempSync(join(tmpdir(), 'rclts-rclpy-venv-'));
    const dir = rclpyVenvDir({ XDG_CACHE_HOME: cache });
    expect(dir).toBe(join(cache, 'rclts', 'rclpy-venv'));
    expect(rclpyVenvReady(dir)).toBe(false);
    mkdirSync(join(dir, 'bin'), { recursive: true });
    writeFileSync(join(dir, 'bin', 'python'), '');
    expect(rclpyVenvReady(dir)).toBe(false);
    writeFileSync(join(dir, 'requirements.txt'), '');
    expect(rclpyVenvReady(dir)).toBe(true);
  });

  it('runs rclpy with the venv as the ament prefix, its libraries first and Fast DDS named', () => {
    const env = rclpyEnv('/v', { LD_LIBRARY_PATH: '/usr/lib/x', PATH: '/bin' });
    expect(env).toMatchObject({
      AMENT_PREFIX_PATH: '/v',
      LD_LIBRARY_PATH: '/v/lib:/usr/lib/x',
      RMW_IMPLEMENTATION: 'rmw_fastrtps_cpp',
      ROS_DOMAIN_ID: '42',
      PATH: '/bin',
    });
    expect(rclpyEnv('/v', { ROS_DOMAIN_ID: '7' })).toMatchObject({ LD_LIBRARY_PATH: '/v/lib', ROS_DOMAIN_ID: '7' });
  });
});

describe('bench rclpy on rmw_zenoh: the launch and the judged rows', () => {
  it('finds the peer where scripts/rmw-zenoh-peer.sh builds it, ready only once READY is written', () => {
    const cache = mkdtempSync(join(tmpdir(), 'rclts-rmw-zenoh-'));
    expect(rmwZenohDir({ RCLTS_RMW_ZENOH_CACHE: '/c' })).toBe(join('/c', '0.6.6'));
    const dir = rmwZenohDir({ XDG_CACHE_HOME: cache });
    expect(dir).toBe(join(cache, 'rclts', 'rmw_zenoh', '0.6.6'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'rpy'), '');
    expect(rmwZenohReady(dir)).toBe(false);
    writeFileSync(join(dir, 'READY'), '');
    expect(rmwZenohReady(dir)).toBe(true);
  });

  it("runs rpy as a client of that one router, no scouting, in rclts's default domain", () => {
    const l = rmwZenohLaunch('/z', 'tcp/127.0.0.1:7000', { ROS_DOMAIN_ID: '42', PATH: '/bin' });
    expect(l.python).toBe('/z/rpy');
    expect(l.rmw).toBe('rmw_zenoh_cpp');
    expect(l.env).toMatchObject({ RMW_IMPLEMENTATION: 'rmw_zenoh_cpp', ROS_DOMAIN_ID: '0', PATH: '/bin' });
    // Peer mode would let two rclpy processes link directly, past the router rclts goes through.
    expect(l.env.ZENOH_CONFIG_OVERRIDE).toBe(
      'mode="client";connect/endpoints=["tcp/127.0.0.1:7000"];scouting/multicast/enabled=false',
    );
    expect(fastDdsLaunch('/v')).toMatchObject({ python: '/v/bin/python', rmw: 'rmw_fastrtps_cpp' });
  });

  it("judges with issue 32's targets, rclpy on the TCP endpoint and rclts on the WebSocket", () => {
    const cmp = zenohComparison('/z', 'T1', 'tcp/127.0.0.1:7000', 'ws/127.0.0.1:8000');
    expect(cmp.against).toBe('rclpy on rmw_zenoh (T1)');
    expect(judge(1.5, cmp.p99Target)).toBe(true);
    expect(judge(1.51, cmp.p99Target)).toBe(false);
    expect(judge(1, cmp.rateTarget)).toBe(true);
    expect(judge(0.99, cmp.rateTarget)).toBe(false);
    expect(judge(Number.NaN, cmp.lossTarget, 0)).toBe(true);
    expect(judge(Number.NaN, cmp.lossTarget, 1)).toBe(false);
    expect(cmp.stacks(false).map((s) => s.name)).toEqual([RCLPY_EVENTS, RCLPY_DEFAULT, RCLTS]);
    expect(cmp.stacks(true).map((s) => s.name)).toEqual([
      RCLPY_EVENTS,
      RCLPY_DEFAULT,
      RCLTS,
      RAW_ZENOH_TS,
      RCLTS_SMALL_YOUNG,
    ]);
  });
});

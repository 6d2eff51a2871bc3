/**
 * The service rows' roles: rclts's judged subjects carry the targets, the flagged stack's rows
 * are shown without one, and the baselines (rclpy, bare zenoh-ts) have no rows of their own.
 */
import { describe, expect, it } from 'vitest';
import { Recorder } from '../../../bench/harness/recorder.js';
import type { Target } from '../../../bench/harness/results.js';
import {
  type LinePeer,
  RAW_ZENOH_TS,
  RCLPY_DEFAULT,
  RCLPY_EVENTS,
  RCLTS,
  RCLTS_SMALL_YOUNG,
} from '../../../bench/rclpy-peer.js';
import { type MajorGcs, reportServiceRows, SMALL_YOUNG_SUBJECT, type Subject } from '../../../bench/rclpy-service.js';

const P99: Target = { op: '<=', bound: 1.5, text: 'p99 ≤ 1.5x rclpy' };
const peer = {} as LinePeer;
const SUBJECTS: Subject[] = [
  { name: RCLPY_EVENTS, stack: RCLPY_EVENTS, peer, api: 'rclpy', rows: 'baseline' },
  { name: RCLPY_DEFAULT, stack: RCLPY_DEFAULT, peer, api: 'rclpy', rows: 'baseline' },
  { name: 'rclts PollClient.call', stack: RCLTS, peer, api: 'poll', rows: 'judged' },
  { name: RAW_ZENOH_TS, stack: RAW_ZENOH_TS, peer, api: 'raw', rows: 'baseline' },
  { name: SMALL_YOUNG_SUBJECT, stack: RCLTS_SMALL_YOUNG, peer, api: 'poll', rows: 'shown' },
];

describe('bench rclpy service rows', () => {
  const lines: string[] = [];
  const rec = new Recorder((line) => lines.push(line));
  const samples = new Map(SUBJECTS.map((s, i) => [s.name, [100 + i, 110 + i, 120 + i, 300 + i]]));
  const gcs = new Map<string, MajorGcs>(SUBJECTS.map((s) => [s.name, { client: 2, server: 1 }]));
  reportServiceRows(rec, 'service vs rmw_zenoh', P99, 64 * 1024, SUBJECTS, samples, gcs);

  it('judges rclts against rclpy and shows the flagged stack without a target', () => {
    const rows = (subject: string) => rec.rows.filter((r) => r.subject === subject);
    expect(rows('rclts PollClient.call').map((r) => [r.metric, r.target?.text])).toEqual([
      ['p50 latency', 'p50 ≤ rclpy'],
      ['p99 latency', P99.text],
    ]);
    expect(rows(SMALL_YOUNG_SUBJECT).map((r) => [r.metric, r.target])).toEqual([
      ['p50 latency', undefined],
      ['p99 latency', undefined],
    ]);
    for (const baseline of [RCLPY_EVENTS, RCLPY_DEFAULT, RAW_ZENOH_TS]) expect(rows(baseline)).toEqual([]);
  });

  it('counts GCs only for the stacks whose processes report them', () => {
    const gcLine = (name: string) => lines.find((l) => l.includes(`]   ${name}: p50`)) ?? '';
    expect(gcLine('rclts PollClient.call')).toContain('major GCs client 2 / server 1');
    expect(gcLine(SMALL_YOUNG_SUBJECT)).toContain('major GCs client 2 / server 1');
    expect(gcLine(RAW_ZENOH_TS)).toContain('major GCs client 2 / server 1');
    expect(gcLine(RCLPY_EVENTS)).not.toContain('major GCs');
  });
});

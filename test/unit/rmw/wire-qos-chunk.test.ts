import { describe, expect, it } from 'vitest';
import type { RmwQos } from '../../../src/rmw/qos.js';
import { decodeQosChunk, encodeQosChunk } from '../../../src/rmw/wire/qos-chunk.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';

const base: RmwQos = ROS_DEFAULT_QOS;

describe('QoS chunk (rmw_zenoh qos_to_keyexpr)', () => {
  it('writes reliable volatile keep-last depth 10 as the spec example', () => {
    expect(encodeQosChunk(base)).toBe('::,10:,:,:,,');
  });

  it('writes best effort transient local depth 5 as the spec example', () => {
    expect(encodeQosChunk({ ...base, reliability: 'best_effort', durability: 'transient_local', depth: 5 })).toBe(
      '2:1:,5:,:,:,,',
    );
  });

  it('writes rmw_zenoh default depth 42 empty and keep-all as 2 with no depth, as rmw_zenoh writes it', () => {
    expect(encodeQosChunk({ ...base, depth: 42 })).toBe('::,:,:,:,,');
    // rclts's keep-all depth is its queue limit (10000 by default), not a ROS depth.
    expect(encodeQosChunk({ ...base, history: 'keep_all', depth: 10000 })).toBe('::2,:,:,:,,');
    expect(encodeQosChunk({ ...base, history: 'keep_all', depth: 1000 })).toBe('::2,:,:,:,,');
  });

  it('parses rmw_zenoh keep-all tokens back as keep-all with its default depth', () => {
    expect(decodeQosChunk('::2,:,:,:,,')).toEqual({ ...base, history: 'keep_all', depth: 42 });
    expect(decodeQosChunk('2:1:2,:,:,:,,')).toEqual({
      ...base,
      reliability: 'best_effort',
      durability: 'transient_local',
      history: 'keep_all',
      depth: 42,
    });
  });

  it('writes finite durations as sec,nsec and manual-by-topic liveliness as 3', () => {
    const q = {
      ...base,
      deadlineMs: 1500,
      lifespanMs: 250,
      liveliness: 'manual_by_topic' as const,
      livelinessLeaseMs: 2000,
    };
    expect(encodeQosChunk(q)).toBe('::,10:1,500000000:0,250000000:3,2,0');
  });

  it('decodes what it encodes', () => {
    const samples: RmwQos[] = [
      base,
      { ...base, reliability: 'best_effort', durability: 'transient_local', depth: 5 },
      {
        ...base,
        history: 'keep_all',
        depth: 42,
        deadlineMs: 1500,
        lifespanMs: 250,
        liveliness: 'manual_by_topic',
        livelinessLeaseMs: 2000,
      },
    ];
    for (const q of samples) expect(decodeQosChunk(encodeQosChunk(q))).toEqual(q);
  });

  it('decodes empty fields as rmw_zenoh defaults and RMW_DURATION_INFINITE as infinite', () => {
    expect(decodeQosChunk('::,:,:,:,,')).toEqual({ ...base, depth: 42 });
    expect(decodeQosChunk('::,7:9223372036,854775807:,:,,')).toEqual({ ...base, depth: 7 });
  });

  it('writes a duration that is not a positive finite number as infinite (empty fields)', () => {
    for (const ms of [0, -1, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(encodeQosChunk({ ...base, deadlineMs: ms, lifespanMs: ms, livelinessLeaseMs: ms }), `${ms}`).toBe(
        '::,10:,:,:,,',
      );
    }
  });

  it('reads an empty sec or nsec field as 0 of that unit, and an infinite sec as infinite', () => {
    expect(decodeQosChunk('::,10:1,:,:,,')?.deadlineMs).toBe(1000);
    expect(decodeQosChunk('::,10:,500000:,:,,')?.deadlineMs).toBe(0.5);
    expect(decodeQosChunk('::,10:,:2,:,,')?.lifespanMs).toBe(2000);
    expect(decodeQosChunk('::,10:,:,:,3,')?.livelinessLeaseMs).toBe(3000);
    expect(decodeQosChunk('::,10:9223372036,0:,:,,')?.deadlineMs).toBe(0);
    expect(decodeQosChunk('::,10:0,854775807:,:,,')?.deadlineMs).toBe(0);
  });

  it('refuses a chunk when any one field is not a decimal number, whichever field it is', () => {
    const bad = [
      'x::,10:,:,:,,',
      '1x::,10:,:,:,,',
      'x1::,10:,:,:,,',
      ':x:,10:,:,:,,',
      '::x,10:,:,:,,',
      '::,x:,:,:,,',
      '::,x7:,:,:,,',
      '::,7x:,:,:,,',
      '::,-7:,:,:,,',
      '::,10:x,:,:,,',
      '::,10:x1,:,:,,',
      '::,10:1x,:,:,,',
      '::,10:,x:,:,,',
      '::,10:,:x,:,,',
      '::,10:,:,x:,,',
      '::,10:,:,:x,,',
      '::,10:,:,:,x,',
      '::,10:,:,:,,x',
      '::,10:1.5,:,:,,',
    ];
    for (const chunk of bad) expect(decodeQosChunk(chunk), chunk).toBeUndefined();
  });

  it('refuses a chunk with a sub-field missing', () => {
    for (const chunk of ['::10:,:,:,,', '::,10:1:,:,:,,', '::,10:,:1:,:,,', '::,10:,:,:1,']) {
      expect(decodeQosChunk(chunk), chunk).toBeUndefined();
    }
  });

  it('reads a number rclts does not know, of one or more digits, as unknown', () => {
    expect(decodeQosChunk('12::,10:,:,:,,')?.reliability).toBe('unknown');
    expect(decodeQosChunk(':9:,10:,:,:,,')?.durability).toBe('unknown');
    expect(decodeQosChunk('::77,10:,:,:,,')?.history).toBe('unknown');
    expect(decodeQosChunk('::,10:,:,:99,,')?.liveliness).toBe('unknown');
    expect(decodeQosChunk('::,123:,:,:,,')?.depth).toBe(123);
  });

  it('refuses malformed chunks and reports unknown policy values as unknown', () => {
    expect(decodeQosChunk('garbage')).toBeUndefined();
    expect(decodeQosChunk('x::,10:,:,:,,')).toBeUndefined();
    expect(decodeQosChunk('::,10:,:,')).toBeUndefined();
    expect(decodeQosChunk('0::,10:,:,:,,')?.reliability).toBe('unknown');
  });
});

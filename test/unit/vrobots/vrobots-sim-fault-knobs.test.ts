import { describe, expect, it } from 'vitest';
import { FaultBoard } from '../../../src/vrobots/sim/fault-knobs.js';

describe('simulator fault knobs', () => {
  it('counts requests per key and applies a segment selector to every robot', () => {
    const board = new FaultBoard();
    board.delayReplies('reset', 200);
    expect(board.planReply('vrobots/1/z/srv/reset')).toEqual({ delayMs: 200, drop: false });
    expect(board.planReply('vrobots/2/z/srv/reset')).toEqual({ delayMs: 200, drop: false });
    expect(board.planReply('vrobots/2/z/srv/activate')).toEqual({ delayMs: 0, drop: false });
    expect(board.snapshot().requests.get('vrobots/2/z/srv/reset')).toBe(1);
  });

  it('drops a counted number of replies, key selectors before segment selectors', () => {
    const board = new FaultBoard();
    board.dropReplies('vrobots/1/z/srv/params', 2);
    board.delayReplies('params', 10);
    expect(board.planReply('vrobots/1/z/srv/params').drop).toBe(true);
    expect(board.planReply('vrobots/1/z/srv/params').drop).toBe(true);
    expect(board.planReply('vrobots/1/z/srv/params').drop).toBe(false);
    expect(board.planReply('vrobots/3/z/srv/params')).toEqual({ delayMs: 10, drop: false });
    expect(board.snapshot().droppedReplies.get('vrobots/1/z/srv/params')).toBe(2);
    board.clearReplyFaults();
    expect(board.planReply('vrobots/3/z/srv/params')).toEqual({ delayMs: 0, drop: false });
  });

  it('pauses publishing per robot or for all, with per-robot exceptions', () => {
    const board = new FaultBoard();
    board.pausePublishing(4);
    expect(board.isPublishingPaused(4)).toBe(true);
    expect(board.isPublishingPaused(5)).toBe(false);
    board.pausePublishing();
    board.resumePublishing(5);
    expect(board.isPublishingPaused(5)).toBe(false);
    expect(board.isPublishingPaused(9)).toBe(true);
    board.resumePublishing();
    expect(board.isPublishingPaused(4)).toBe(false);
  });

  it('snapshots are copies', () => {
    const board = new FaultBoard();
    board.countMalformed('vrobots/1/z/cmd');
    const before = board.snapshot();
    board.countMalformed('vrobots/1/z/cmd');
    expect(before.malformed.get('vrobots/1/z/cmd')).toBe(1);
    expect(board.snapshot().malformed.get('vrobots/1/z/cmd')).toBe(2);
  });
});

describe('simulator fault knobs: the * selector', () => {
  it('applies to every key unless a more specific selector is set', () => {
    const board = new FaultBoard();
    board.dropReplies('*');
    board.delayReplies('skin', 5);
    expect(board.planReply('vrobots/manager/z/srv/create').drop).toBe(true);
    expect(board.planReply('vrobots/9/z/srv/reset').drop).toBe(true);
    expect(board.planReply('vrobots/9/z/srv/skin')).toEqual({ delayMs: 5, drop: false });
  });
});

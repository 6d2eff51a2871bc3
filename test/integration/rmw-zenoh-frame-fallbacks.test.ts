/**
 * The adapter's fast paths on the pinned zenoh-ts: during a normal pub/sub and service run no
 * frame path or session guard falls back to zenoh-ts's public API (none counted, no
 * `frame_fallback` event), and the puts and replies leave as frames (zenoh-ts's own put and
 * reply are never called); puts in a write batch leave gathered (frame-gather.ts: Node `ws`'s own
 * send is never called). With the switch off (the `frames: false` option, or
 * RCLTS_ZENOH_FRAMES=off) the same run works through zenoh-ts's public API alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RmwEvent, RmwSession } from '../../src/rmw/rmw.js';
import { frameFallbacksOf, openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import { counting, zenohTs } from '../support/frame-fixtures.js';
import {
  bytes,
  nodeSpec,
  sharedLocator,
  talkAndCall,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

const opened: RmwSession[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function open(frames: boolean | undefined, events: RmwEvent[]): Promise<RmwSession> {
  const s = await openZenohRmwSession(sharedLocator(), {
    connectBudgetMs: 5000,
    ...(frames === undefined ? {} : { frames }),
  });
  if (!s.ok) throw new Error(s.error.message);
  opened.push(s.value);
  s.value.onEvent((e) => void events.push(e));
  return s.value;
}

interface Run {
  readonly seen: readonly string[];
  /** zenoh-ts's own Publisher.put and Query.reply calls while the traffic went (declarations and probes left out). */
  readonly puts: number;
  readonly replies: number;
}

/** A sample published and heard, a request answered, between two sessions. */
async function pubSubAndService(frames: boolean | undefined, events: RmwEvent[]): Promise<Run> {
  const z = await zenohTs();
  let puts = 0;
  let replies = 0;
  const seen = await talkAndCall(await open(frames, events), await open(frames, events), async (go) => {
    [[, puts], replies] = await counting(z.Query.prototype, 'reply', () => counting(z.Publisher.prototype, 'put', go));
  });
  return { seen, puts, replies };
}

function fallbackEvents(events: readonly RmwEvent[]): RmwEvent[] {
  return events.filter((e) => e.type === 'frame_fallback');
}

describe('frame paths on the pinned zenoh-ts', () => {
  it('none falls back during pub/sub and a service, and puts and replies leave as frames', async () => {
    const events: RmwEvent[] = [];
    const run = await pubSubAndService(undefined, events);
    expect(fallbackEvents(events)).toEqual([]);
    for (const s of opened) expect([...(frameFallbacksOf(s) ?? new Map([['not zenoh', 1]]))]).toEqual([]);
    expect(run.puts).toBe(0);
    expect(run.replies).toBe(0);
  });

  it('puts in a write batch leave gathered past ws, and the gather path does not fall back', async () => {
    const events: RmwEvent[] = [];
    const a = await open(undefined, events);
    const b = await open(undefined, events);
    const name = `/${uniquePrefix('gather')}/chatter`;
    const talker = a.createNode(nodeSpec('talker'));
    const listener = b.createNode(nodeSpec('listener'));
    if (!talker.ok || !listener.ok) throw new Error('node');
    const heard: number[] = [];
    const sub = listener.value.createSubscriber(topicSpec(name), (m) => void heard.push(m.payload.length));
    const pub = talker.value.createPublisher(topicSpec(name));
    if (!sub.ok || !pub.ok) throw new Error('endpoints');
    for (const e of [sub.value, pub.value]) expect((await e.ready()).ok).toBe(true);
    // ws's own send calls while a batch of 20 puts runs (none where they are gathered).
    const batch = async () => {
      const [, n] = await counting(WebSocket.prototype, 'send', async () => {
        a.batchWrites(() => {
          for (let i = 0; i < 20; i++) expect(pub.value.publish(bytes(`sample ${i}`)).ok).toBe(true);
        });
      });
      return n;
    };
    let wsSends = 0;
    for (let i = 0; i < 50 && heard.length === 0; i++) {
      wsSends += await batch();
      await waitFor(() => heard.length > 0, 100);
    }
    heard.length = 0;
    wsSends += await batch();
    expect(await waitFor(() => heard.length >= 20)).toBe(true);
    expect(wsSends).toBe(0);
    expect(fallbackEvents(events)).toEqual([]);
    for (const s of opened) expect([...(frameFallbacksOf(s) ?? new Map([['not zenoh', 1]]))]).toEqual([]);
  });

  it('with the frames option off, the same run goes through zenoh-ts alone and reports nothing', async () => {
    const events: RmwEvent[] = [];
    const run = await pubSubAndService(false, events);
    expect(run.seen[0]).toBe('hello');
    expect(run.puts).toBeGreaterThan(0);
    expect(run.replies).toBe(1);
    expect(fallbackEvents(events)).toEqual([]);
  });

  it('RCLTS_ZENOH_FRAMES=off turns them off too', async () => {
    const before = process.env.RCLTS_ZENOH_FRAMES;
    process.env.RCLTS_ZENOH_FRAMES = 'off';
    try {
      const events: RmwEvent[] = [];
      const run = await pubSubAndService(undefined, events);
      expect(run.puts).toBeGreaterThan(0);
      expect(run.replies).toBe(1);
      expect(fallbackEvents(events)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.RCLTS_ZENOH_FRAMES;
      else process.env.RCLTS_ZENOH_FRAMES = before;
    }
  });

  it('refuses a frames option that is not a boolean, naming it', async () => {
    const r = await openZenohRmwSession(sharedLocator(), { connectBudgetMs: 5000, frames: 'no' as unknown as boolean });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('InvalidArgument');
      expect(r.error.message).toContain('frames');
    }
  });
});

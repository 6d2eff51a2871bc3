/**
 * zenoh-ts through the real router: two sessions opened with openZenohSession talk to each
 * other by put -> subscriber and get -> queryable. Proves the loader, the router build and
 * the session wrapper work together.
 */
import type { Query, Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeZenohSession, openZenohSession } from '../../src/rmw/zenoh/zenoh-ts/open-session.js';

const PREFIX = `rclts_test/zenoh_ts_roundtrip/${process.pid}_${Date.now().toString(36)}`;
let a: Session;
let b: Session;

async function open(): Promise<Session> {
  const s = await openZenohSession(inject('zenohLocator'), 5000);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** Repeats `act` until `done()` holds; declarations take a moment to reach the other session. */
async function repeatUntil(act: () => Promise<void>, done: () => boolean, budgetMs = 5000): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!done() && Date.now() < deadline) {
    await act();
    await new Promise((r) => setTimeout(r, 100));
  }
  return done();
}

beforeAll(async () => {
  a = await open();
  b = await open();
});
afterAll(async () => {
  expect((await closeZenohSession(a)).ok).toBe(true);
  expect((await closeZenohSession(b)).ok).toBe(true);
  // Closing twice is harmless.
  expect((await closeZenohSession(a)).ok).toBe(true);
});

describe('zenoh-ts sessions through the router', () => {
  it('delivers a put to a subscriber of the other session', async () => {
    const key = `${PREFIX}/chatter`;
    const got: string[] = [];
    const sub = await b.declareSubscriber(key, {
      handler: (sample: Sample) => {
        got.push(`${sample.keyexpr().toString()}=${sample.payload().toString()}`);
      },
    });
    const delivered = await repeatUntil(
      () => a.put(key, 'hello from a'),
      () => got.length > 0,
    );
    expect(delivered).toBe(true);
    expect(got[0]).toBe(`${key}=hello from a`);
    await sub.undeclare();
  });

  it('answers a get from a queryable of the other session', async () => {
    const key = `${PREFIX}/add_two_ints`;
    const queryable = await a.declareQueryable(key, {
      handler: async (query: Query) => {
        const [x, y] = (query.payload()?.toString() ?? '0,0').split(',').map(Number);
        await query.reply(key, String((x ?? 0) + (y ?? 0)));
        await query.finalize();
      },
    });
    const answers: string[] = [];
    const ask = () =>
      new Promise<void>((resolve) => {
        void b.get(key, {
          payload: '2,3',
          handler: [
            (reply: Reply) => {
              const r = reply.result();
              if ('payload' in r) answers.push(r.payload().toString());
            },
            () => resolve(),
          ],
        });
      });
    const answered = await repeatUntil(ask, () => answers.length > 0);
    expect(answered).toBe(true);
    expect(answers[0]).toBe('5');
    await queryable.undeclare();
  });
});

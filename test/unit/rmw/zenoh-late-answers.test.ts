/**
 * zenoh-ts's own SessionInner (1.10.1) over a link that answers when told: a request whose
 * answer comes after zenoh-ts's timeout was already answered with the timeout, and its late
 * answer is taken quietly (counted) instead of zenoh-ts writing "Received unexpected response"
 * on the console.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lateAnswersTaken } from '../../../src/rmw/zenoh/zenoh-ts/late-answers.js';
import { tapSession } from '../../../src/rmw/zenoh/zenoh-ts/request-tap.js';
import { loadSessionParts } from '../../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';

const RESPONSE_PING = 0;
const ID_PRESENCE_FLAG = 0x80;

interface Inner {
  ping(): Promise<unknown>;
  pendingMessageResponses: Map<number, unknown>;
  gets: Map<number, { callback: (r: unknown) => void; drop: () => void }>;
}

const QUERY_RESPONSE_FINAL = 8;

/** A link that records what zenoh-ts sends and hands back what the test writes. */
function fakeLink() {
  const sent: Uint8Array[] = [];
  let deliver: ((msg: Uint8Array) => void) | undefined;
  return {
    sent,
    link: {
      onmessage: (cb: (msg: Uint8Array) => void) => {
        deliver = cb;
      },
      send: async (bytes: Uint8Array) => {
        sent.push(bytes);
      },
      isOk: () => true,
    },
    /** The plugin's "no more replies" for get `queryId`. */
    finishGet(queryId: number) {
      const msg = new Uint8Array(5);
      msg[0] = QUERY_RESPONSE_FINAL;
      new DataView(msg.buffer).setUint32(1, queryId, true);
      deliver!(msg);
    },
    /** The plugin's answer to the request whose header is in `request`. */
    answerPing(request: Uint8Array) {
      const seq = new DataView(request.buffer, request.byteOffset + 1, 4).getUint32(0, true);
      const msg = new Uint8Array(1 + 4 + 1 + 16);
      msg[0] = RESPONSE_PING | ID_PRESENCE_FLAG;
      new DataView(msg.buffer).setUint32(1, seq, true);
      msg[5] = 16; // the uuid's length, then 16 bytes
      deliver!(msg);
    },
  };
}

async function innerOverFakeLink(timeoutMs: number) {
  const parts = await loadSessionParts();
  if (!parts.ok) throw new Error(parts.error.message);
  const f = fakeLink();
  const inner = parts.value.newInner(f.link as never, timeoutMs) as unknown as Inner;
  return { inner, ...f };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('late plugin answers', () => {
  it('are taken quietly once the request is tapped, and warned about by zenoh-ts when it is not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const tapped of [false, true]) {
      warn.mockClear();
      const { inner, sent, answerPing } = await innerOverFakeLink(20);
      if (tapped) expect(tapSession({ inner } as never)).toBe(true);
      await expect(inner.ping()).rejects.toThrow('Remote api request timeout');
      answerPing(sent[0]!);
      if (tapped) {
        expect(warn).not.toHaveBeenCalled();
        expect(lateAnswersTaken(inner)).toBe(1);
      } else {
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Received unexpected response 0:0$/));
      }
    }
  });

  it('still answer a request in time, and an answer nobody asked for is still warned about', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { inner, sent, answerPing } = await innerOverFakeLink(5000);
    expect(tapSession({ inner } as never)).toBe(true);
    const ping = inner.ping();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    answerPing(sent[0]!);
    await expect(ping).resolves.toBeDefined();
    expect(inner.pendingMessageResponses.size).toBe(0);
    // Answered once: the same answer again is one zenoh-ts never expected.
    answerPing(sent[0]!);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(lateAnswersTaken(inner)).toBe(0);
  });
});

describe('late deliveries', () => {
  it('for a get zenoh-ts already finished are taken quietly; for an id never seen zenoh-ts still warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const tapped of [false, true]) {
      warn.mockClear();
      const { inner, finishGet } = await innerOverFakeLink(5000);
      if (tapped) expect(tapSession({ inner } as never)).toBe(true);
      let dropped = 0;
      inner.gets.set(9, { callback: () => {}, drop: () => dropped++ });
      finishGet(9);
      expect(dropped).toBe(1);
      // In flight when zenoh-ts forgot the get: the plugin says it again.
      finishGet(9);
      if (tapped) expect(warn).not.toHaveBeenCalled();
      else expect(warn).toHaveBeenCalledWith('Received responseFinal for inexistant get 9');
      warn.mockClear();
      finishGet(10);
      expect(warn).toHaveBeenCalledWith('Received responseFinal for inexistant get 10');
    }
  });
});

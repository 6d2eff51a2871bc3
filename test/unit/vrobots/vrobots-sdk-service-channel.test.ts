/**
 * ServiceChannel's retry loop against a scripted client handle: what it sends and when,
 * which no transport can stage on demand (a server that answers before this client has
 * learnt of it; a server that appears only after a first attempt found nobody).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Executor, type Node, type ResponseHandler } from '../../../src/index.js';
import { err, ok, type Result, type ResultOf } from '../../../src/result.js';
import type { SrvAck } from '../../../src/vrobots/messages/service-messages.js';
import { LoopDriver } from '../../../src/vrobots/sdk/loop-driver.js';
import { PayloadLessAck } from '../../../src/vrobots/sdk/payload-less.js';
import { ServiceChannel } from '../../../src/vrobots/sdk/service-channel.js';

const KEY = 'vrobots/7/z/srv/activate';
const ACK: SrvAck = { header: undefined as never, ok: true, message: 'active' };

/** A client handle whose server answers (or not) and whose readiness the test sets. */
class ScriptedClient {
  sent = 0;
  visible = false;
  serving = true;
  private seq = 0n;
  private readonly readyWaiters: Array<() => void> = [];
  constructor(private readonly onResponse: ResponseHandler<SrvAck>) {}

  asyncSendRequest(): ResultOf<bigint> {
    this.sent++;
    this.seq += 1n;
    const seq = this.seq;
    const reply: ResultOf<SrvAck> = this.serving ? ok(ACK) : err('NotFound', 'ended without a reply');
    setTimeout(() => void this.onResponse(reply, seq), 1);
    return ok(seq);
  }
  serviceIsReady(): ResultOf<boolean> {
    return ok(this.visible);
  }
  async waitForService(budgetMs: number): Promise<Result> {
    if (this.visible) return ok();
    const appeared = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), budgetMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    return appeared ? ok() : err('Timeout', `not available within ${budgetMs} ms`);
  }
  appear(): void {
    this.visible = true;
    this.serving = true;
    for (const w of this.readyWaiters.splice(0)) w();
  }
  reset(): void {}
}

let executor: Executor | undefined;

async function channelWith(): Promise<{ channel: ServiceChannel<undefined, SrvAck>; client: ScriptedClient }> {
  const created = await Executor.create({});
  if (!created.ok) throw new Error(created.error.message);
  executor = created.value;
  let client: ScriptedClient | undefined;
  const node = {
    createClient: (_type: unknown, _key: string, onResponse: ResponseHandler<SrvAck>) => {
      client = new ScriptedClient(onResponse);
      return ok(client);
    },
  } as unknown as Node;
  const opened = ServiceChannel.open(node, new LoopDriver(executor), PayloadLessAck, KEY, 1000);
  if (!opened.ok || client === undefined) throw new Error('channel did not open');
  return { channel: opened.value, client };
}

describe('ServiceChannel.callWithRetry', () => {
  afterEach(async () => {
    await executor?.shutdown();
    executor = undefined;
  });

  it('sends at once: a server that answers is heard before this client has seen it', async () => {
    const { channel, client } = await channelWith();
    // Readiness is never reported: only a request sent without waiting for it gets the answer.
    const r = await channel.callWithRetry(undefined, 500);
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    expect(client.sent).toBe(1);
  });

  it('after nobody answered, waits for a visible server before sending again', async () => {
    const { channel, client } = await channelWith();
    client.serving = false;
    setTimeout(() => client.appear(), 150);
    const r = await channel.callWithRetry(undefined, 2000);
    expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    // the first blind attempt, then one once the server was visible: no flood in between
    expect(client.sent).toBe(2);
  });

  it('nobody ever serving the key is no_responder after the budget', async () => {
    const { channel, client } = await channelWith();
    client.serving = false;
    const t0 = performance.now();
    const r = await channel.callWithRetry(undefined, 300);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('no_responder');
    expect(client.sent).toBe(1);
  });
});

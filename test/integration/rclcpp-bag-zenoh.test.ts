/**
 * Bags over the real router: `rclts bag record` in its own process records a publisher of this
 * one (Ctrl-C ends it cleanly) and `rclts bag play` in another plays the bag to a subscription
 * here; and a recording that goes on across a router restart loses nothing that was published
 * (publishes made while the router is away answer TransportError, as every publish then does)
 * and writes nothing twice (the transient-local history fetched again after the reconnect).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import {
  Executor,
  nodeBagFiles,
  openBagReader,
  openBagWriter,
  QoS,
  Result,
  startRecording,
  std_msgs,
} from '../../src/index.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const unwrap = Result.unwrap;
const BIN = join(import.meta.dirname, '../../bin/rclts.mjs');
const NODE = { startParameterServices: false, enableRosout: false } as const;

const executors: Executor[] = [];
const routers: RunningRouter[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const e of executors.splice(0)) await e.shutdown();
  await Promise.all(routers.splice(0).map((r) => r.stop()));
});

async function executor(router: string): Promise<Executor> {
  const e = unwrap(await Executor.create({ router }));
  executors.push(e);
  return e;
}

function rclts(args: string[]): { child: ChildProcess; stderr: () => string; exit: Promise<number> } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr?.on('data', (c: Buffer) => void (err += c.toString()));
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  return { child, stderr: () => err, exit };
}

async function messagesOf(dir: string): Promise<{ topic: string; data: string; recv: bigint }[]> {
  const reader = unwrap(await openBagReader({ files: nodeBagFiles(dir) }));
  const out: { topic: string; data: string; recv: bigint }[] = [];
  for await (const m of reader.messages()) {
    const v = unwrap(m);
    out.push({ topic: v.topic, data: std_msgs.msg.String.decode(v.data).data, recv: v.recvTimestampNs });
  }
  await reader.close();
  return out;
}

describe('bags on zenoh', () => {
  it('rclts bag record records a publisher until Ctrl-C; rclts bag play plays it to a subscription', async () => {
    const router = inject('zenohLocator');
    const topic = `/${uniquePrefix('bag')}/chatter`;
    const dir = join(mkdtempSync(join(tmpdir(), 'rclts-bag-')), 'cli_bag');
    const ex = await executor(router);
    const node = unwrap(ex.createNode('bag_talker', NODE));
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, topic));
    unwrap(await pub.ready(5000));

    const rec = rclts(['bag', 'record', topic, '-o', dir, '--router', router, '--polling-interval', '50']);
    unwrap(
      await ex.spinUntil(
        () => rec.stderr().includes(`Subscribed to topic '${topic}'`),
        45_000,
        'the recorder subscribed',
      ),
    );
    unwrap(await ex.spinUntil(() => (unwrap(pub.getSubscriptionCount()) ?? 0) >= 1, 10_000, 'the recorder matched'));
    for (let i = 0; i < 20; i++) {
      unwrap(pub.publish({ data: `m${i}` }));
      await ex.spinFor(10);
    }
    await ex.spinFor(300);
    rec.child.kill('SIGINT');
    expect(await rec.exit, rec.stderr()).toBe(0);
    expect(rec.stderr()).toMatch(/recorded 20 messages .* dropped 0/);
    const recorded = await messagesOf(dir);
    expect(recorded.map((m) => m.data)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));

    pub.destroy();
    const got: string[] = [];
    const remapped = `${topic}_played`;
    unwrap(node.createSubscription(std_msgs.msg.String, remapped, (m) => void got.push(m.data)));
    await ex.spinFor(300);
    const play = rclts(['bag', 'play', dir, '--router', router, '--remap', `${topic}:=${remapped}`, '--rate', '2']);
    let code: number | undefined;
    void play.exit.then((c) => (code = c));
    unwrap(await ex.spinUntil(() => code !== undefined, 60_000, 'rclts bag play to finish'));
    await ex.spinFor(300);
    expect(code, play.stderr()).toBe(0);
    expect(play.stderr()).toMatch(/played 20 messages on 1 topics/);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
  }, 150_000);

  it('records across a router restart: everything published is in the bag, once', async () => {
    const first = await startRouter({ binary: inject('routerBinary') });
    routers.push(first);
    const topic = `/${uniquePrefix('bag_restart')}/latched`;
    const talker = await executor(first.locator);
    const recorderEx = await executor(first.locator);
    const tnode = unwrap(talker.createNode('restart_talker', NODE));
    const rnode = unwrap(recorderEx.createNode('restart_recorder', NODE));
    const pub = unwrap(tnode.createPublisher(std_msgs.msg.String, topic, QoS.default().transientLocal().keepLast(50)));
    unwrap(await pub.ready(5000));
    const sent: string[] = [];
    const publish = (s: string): void => {
      if (pub.publish({ data: s }).ok) sent.push(s);
    };
    for (const s of ['h0', 'h1', 'h2']) publish(s); // history a late recorder must get

    const dir = join(mkdtempSync(join(tmpdir(), 'rclts-bag-')), 'restart_bag');
    const writer = unwrap(await openBagWriter({ files: nodeBagFiles(dir) }));
    const rec = unwrap(startRecording(rnode, { writer, topics: [topic], discoveryPeriodMs: 50 }));
    const recorded = () => rec.stats().messages;
    const spinBoth = async (ms: number) => {
      await Promise.all([talker.spinFor(ms), recorderEx.spinFor(ms)]);
    };
    const until = async (done: () => boolean, ms: number): Promise<boolean> => {
      const end = Date.now() + ms;
      while (!done() && Date.now() < end) await spinBoth(20);
      return done();
    };
    expect(await until(() => recorded() === 3, 15_000), 'the history recorded').toBe(true);
    for (let i = 0; i < 5; i++) {
      publish(`before${i}`);
      await spinBoth(20);
    }
    expect(await until(() => recorded() === 8, 10_000)).toBe(true);

    const transport: string[] = [];
    talker.onEvent((e) => {
      if (e.type === 'transport') transport.push(e.message);
    });
    await first.kill('SIGKILL');
    // Samples handed to the dead socket before the loss is noticed are gone with it; from the
    // notice on, publish answers TransportError.
    expect(await until(() => transport.some((m) => m.startsWith('connection_lost')), 15_000)).toBe(true);
    for (let i = 0; i < 5; i++) {
      publish(`away${i}`); // answered TransportError while the router is away: not in `sent`
      await spinBoth(50);
    }
    expect(sent.some((s) => s.startsWith('away'))).toBe(false);
    const second = await startRouter({ binary: inject('routerBinary'), wsPort: first.wsPort });
    routers.push(second);
    expect(
      await until(() => (pub.getSubscriptionCount().ok ? unwrap(pub.getSubscriptionCount()) : 0) >= 1, 30_000),
    ).toBe(true);
    await spinBoth(500); // the recorder's history query after the reconnect answers the old samples again
    for (let i = 0; i < 5; i++) {
      publish(`after${i}`);
      await spinBoth(20);
    }
    expect(await until(() => recorded() >= sent.length, 15_000)).toBe(true);
    await spinBoth(300);
    const report = unwrap(await rec.stop(10_000));
    const inBag = (await messagesOf(dir)).map((m) => m.data);
    expect(inBag).toEqual(sent);
    expect(new Set(inBag).size).toBe(inBag.length);
    expect(sent.filter((s) => s.startsWith('after'))).toHaveLength(5);
    expect(report.stats.dropped).toEqual({ queue_overflow: 0, message_lost: 0, write_failed: 0 });
  }, 120_000);
});

/**
 * Recording and playback on the in-process backend, through the storage interfaces (a writer
 * and reader in memory, test/support/bag-fakes.ts) and through the MCAP storage itself: what a publisher sends is written with its receive and source times,
 * drops are counted, and playback keeps the timing, rate, loop, filters, remaps and offset.
 */
import { describe, expect, it } from 'vitest';
import { QoS, Result, std_msgs } from '../../../src/index.js';
import {
  createPlayer,
  memoryBagFiles,
  openBagReader,
  openBagWriter,
  type PlayerEvent,
  type RecorderEvent,
  startRecording,
} from '../../../src/rclcpp/bag/index.js';
import { cdrTopic, FakeWriter, fakeReader } from '../../support/bag-fakes.js';
import { makeFixture, settle } from '../../support/executor-fixture.js';

const unwrap = Result.unwrap;
const enc = (s: string) => std_msgs.msg.String.encode({ data: s });
const dec = (b: Uint8Array) => std_msgs.msg.String.decode(b).data;

async function spinUntil(f: ReturnType<typeof makeFixture>, done: () => boolean, ms = 3000): Promise<boolean> {
  const r = await f.executor.spinUntil(done, ms);
  return r.ok;
}

describe('Recorder on the in-process backend', () => {
  it('records what a publisher sends, with receive and source times, and closes the writer on stop', async () => {
    const f = makeFixture();
    const pub = unwrap(f.node.createPublisher(std_msgs.msg.String, '/chatter'));
    const writer = new FakeWriter();
    const events: RecorderEvent[] = [];
    const rec = unwrap(startRecording(f.node, { writer, topics: ['/chatter'] }, (e) => void events.push(e)));
    expect(events).toMatchObject([{ type: 'subscribed', topic: '/chatter', typeName: 'std_msgs/msg/String' }]);
    expect(writer.topics.get('/chatter')?.topic).toMatchObject({
      type: 'std_msgs/msg/String',
      serializationFormat: 'cdr',
    });
    expect(writer.topics.get('/chatter')?.topic.offeredQosProfiles).toHaveLength(1);
    const before = BigInt(Date.now()) * 1_000_000n;
    for (const s of ['a', 'b', 'c']) pub.publish({ data: s });
    await settle();
    expect(await spinUntil(f, () => writer.messages.length === 3)).toBe(true);
    expect(writer.messages.map((m) => dec(m.data))).toEqual(['a', 'b', 'c']);
    for (const m of writer.messages) {
      expect(m.recvTimestampNs).toBeGreaterThanOrEqual(before - 1_000_000n);
      expect(m.sendTimestampNs).toBeGreaterThan(0n);
      expect(m.sendTimestampNs).toBeLessThanOrEqual(m.recvTimestampNs + 1_000_000n);
    }
    const report = unwrap(await rec.stop(2000));
    expect(writer.closed).toBe(true);
    expect(report.stats).toMatchObject({
      messages: 3,
      dropped: { queue_overflow: 0, message_lost: 0, write_failed: 0 },
    });
    await f.executor.shutdown();
  });

  it('keeps receive times in arrival order when handlers run past the arrival millisecond', async () => {
    const f = makeFixture();
    const pub = unwrap(f.node.createPublisher(std_msgs.msg.String, '/burst', QoS.default().keepAll()));
    const writer = new FakeWriter();
    unwrap(startRecording(f.node, { writer, topics: ['/burst'], queueDepth: 100 }));
    // A slow handler beside the recorder's, dispatched in turn with it, spreads the recorder's
    // handlers over several milliseconds after the samples' common arrival millisecond.
    const burn = () => {
      const until = performance.now() + 0.4;
      while (performance.now() < until) {}
    };
    unwrap(f.node.createSubscription(std_msgs.msg.String, '/burst', burn, QoS.default().keepAll()));
    for (let i = 0; i < 20; i++) pub.publish({ data: `m${i}` });
    await settle();
    expect(await spinUntil(f, () => writer.messages.length === 20)).toBe(true);
    expect(writer.messages.map((m) => dec(m.data))).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    const times = writer.messages.map((m) => m.recvTimestampNs);
    for (let i = 1; i < times.length; i++) expect(times[i]! > times[i - 1]!, `receive time ${i}`).toBe(true);
    await f.executor.shutdown();
  });

  it('discovers a topic that appears while recording, and leaves out excluded, hidden and unselected ones', async () => {
    const f = makeFixture();
    const writer = new FakeWriter();
    const rec = unwrap(
      startRecording(f.node, {
        writer,
        regex: '^/cam',
        excludeRegex: 'raw$',
        discoveryPeriodMs: 20,
      }),
    );
    const late = unwrap(f.node.createPublisher(std_msgs.msg.String, '/cam/info'));
    unwrap(f.node.createPublisher(std_msgs.msg.String, '/cam/raw'));
    unwrap(f.node.createPublisher(std_msgs.msg.String, '/cam/_hidden'));
    unwrap(f.node.createPublisher(std_msgs.msg.String, '/other'));
    expect(await spinUntil(f, () => writer.topics.size === 1)).toBe(true);
    late.publish({ data: 'x' });
    expect(await spinUntil(f, () => writer.messages.length === 1)).toBe(true);
    await f.executor.spinFor(60);
    expect([...writer.topics.keys()]).toEqual(['/cam/info']);
    unwrap(await rec.stop(2000));
    await f.executor.shutdown();
  });

  it('a late recorder of a transient-local topic gets its history, and keeps the offered QoS in the bag', async () => {
    const f = makeFixture();
    const latched = QoS.default().transientLocal().keepLast(5);
    const pub = unwrap(f.node.createPublisher(std_msgs.msg.String, '/map', latched));
    for (const s of ['1', '2', '3']) pub.publish({ data: s });
    const writer = new FakeWriter();
    const events: RecorderEvent[] = [];
    const rec = unwrap(startRecording(f.node, { writer, topics: ['/map'] }, (e) => void events.push(e)));
    expect(events[0]).toMatchObject({
      type: 'subscribed',
      qos: { durability: 'transient_local', reliability: 'reliable' },
    });
    expect(writer.topics.get('/map')?.topic.offeredQosProfiles[0]).toMatchObject({
      durability: 'transient_local',
      depth: 5,
    });
    expect(await spinUntil(f, () => writer.messages.length === 3)).toBe(true);
    expect(writer.messages.map((m) => dec(m.data))).toEqual(['1', '2', '3']);
    unwrap(await rec.stop(2000));
    await f.executor.shutdown();
  });

  it('counts and reports samples the writer refuses and samples the queue dropped, never silently', async () => {
    const f = makeFixture();
    const pub = unwrap(f.node.createPublisher(std_msgs.msg.String, '/burst'));
    const writer = new FakeWriter();
    const events: RecorderEvent[] = [];
    const rec = unwrap(
      startRecording(f.node, { writer, topics: ['/burst'], queueDepth: 5 }, (e) => void events.push(e)),
    );
    // 20 samples before any round: the queue of 5 keeps the newest 5 and the rest are counted.
    for (let i = 0; i < 20; i++) pub.publish({ data: `${i}` });
    await settle();
    writer.refuse = true;
    f.executor.spinSome();
    writer.refuse = false;
    // a writer that throws counts as a refused write too
    const write = writer.write.bind(writer);
    writer.write = () => {
      throw new Error('broken');
    };
    f.executor.spinSome();
    writer.write = write;
    expect(await spinUntil(f, () => rec.stats().messages + rec.stats().dropped.write_failed === 5)).toBe(true);
    expect(f.executor.stats().handlerErrors).toBe(0);
    await f.executor.spinFor(20);
    const s = rec.stats();
    expect(s.dropped.queue_overflow).toBe(15);
    expect(s.dropped.write_failed).toBe(2);
    expect(s.messages).toBe(3);
    expect(events.filter((e) => e.type === 'dropped').map((e) => e.type === 'dropped' && e.why)).toEqual(
      expect.arrayContaining(['queue_overflow', 'write_failed']),
    );
    unwrap(await rec.stop(2000));
    await f.executor.shutdown();
  });

  it('warns once when a publisher appears whose offer the recording request may not match', async () => {
    const f = makeFixture();
    unwrap(f.node.createPublisher(std_msgs.msg.String, '/mixed', QoS.default().transientLocal()));
    const events: RecorderEvent[] = [];
    const rec = unwrap(
      startRecording(
        f.node,
        { writer: new FakeWriter(), topics: ['/mixed'], discoveryPeriodMs: 20 },
        (e) => void events.push(e),
      ),
    );
    expect(events[0]).toMatchObject({ type: 'subscribed', qos: { durability: 'transient_local' } });
    unwrap(f.node.createPublisher(std_msgs.msg.String, '/mixed', QoS.default()));
    unwrap(f.node.createPublisher(std_msgs.msg.String, '/mixed', QoS.sensorData()));
    await f.executor.spinFor(100);
    const warnings = events.filter((e) => e.type === 'qos_warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ topic: '/mixed', message: expect.stringMatching(/offers volatile/) });
    unwrap(await rec.stop(2000));
    await f.executor.shutdown();
  });

  it('refuses options that select nothing or name a bad regex, before subscribing to anything', () => {
    const f = makeFixture();
    const writer = new FakeWriter();
    expect(startRecording(f.node, { writer })).toMatchObject({
      ok: false,
      error: { name: 'InvalidArgument' },
    });
    const bad = startRecording(f.node, { writer, regex: '(' });
    expect(bad.ok ? '' : bad.error.message).toMatch(/options.regex '\(' is not a regular expression/);
    expect(writer.topics.size).toBe(0);
  });
});

const T0 = 1_700_000_000_000_000_000n;
const MS = 1_000_000n;

function bag(times: readonly number[], topic = '/chatter') {
  return fakeReader(
    [cdrTopic(topic, 'std_msgs/msg/String')],
    times.map((t, i) => ({ topic, data: enc(`m${i}`), recvTimestampNs: T0 + BigInt(t) * MS, sendTimestampNs: T0 })),
  );
}

function listen(f: ReturnType<typeof makeFixture>, topic = '/chatter') {
  const got: { data: string; at: number }[] = [];
  unwrap(
    f.node.createSubscription(
      std_msgs.msg.String,
      topic,
      (m) => void got.push({ data: m.data, at: performance.now() }),
    ),
  );
  return got;
}

describe('Player on the in-process backend', () => {
  it('publishes every message at its recorded time', async () => {
    const f = makeFixture();
    const got = listen(f);
    const player = unwrap(createPlayer(f.node, { reader: bag([0, 100, 200, 300]) }));
    const t0 = performance.now();
    unwrap(player.play());
    unwrap(await player.waitForFinish(3000));
    await f.executor.spinFor(20);
    expect(got.map((g) => g.data)).toEqual(['m0', 'm1', 'm2', 'm3']);
    const offsets = got.map((g) => g.at - t0);
    offsets.forEach((o, i) => {
      expect(o).toBeGreaterThanOrEqual(i * 100 - 5);
      expect(o).toBeLessThan(i * 100 + 80);
    });
    expect(player.stats()).toMatchObject({ published: 4, failed: 0 });
    player.stop();
    await f.executor.shutdown();
  });

  it('starts its clock with the first message read, so a slow first read does not bunch the start', async () => {
    const f = makeFixture();
    const got = listen(f);
    const reader = fakeReader(
      [cdrTopic('/chatter', 'std_msgs/msg/String')],
      [0, 60, 120].map((t, i) => ({
        topic: '/chatter',
        data: enc(`m${i}`),
        recvTimestampNs: T0 + BigInt(t) * MS,
        sendTimestampNs: T0,
      })),
      150,
    );
    const player = unwrap(createPlayer(f.node, { reader }));
    unwrap(player.play());
    expect(player.now()).toBe(T0);
    unwrap(await player.waitForFinish(3000));
    await f.executor.spinFor(20);
    expect(got.map((g) => g.data)).toEqual(['m0', 'm1', 'm2']);
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(45);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(45);
    player.stop();
    await f.executor.shutdown();
  });

  it('plays at twice the rate, loops, and starts at an offset', async () => {
    const f = makeFixture();
    const got = listen(f);
    const events: PlayerEvent[] = [];
    const player = unwrap(
      createPlayer(
        f.node,
        { reader: bag([0, 400, 800, 1200]), rate: 2, loop: true, startOffsetNs: 600n * MS },
        (e) => void events.push(e),
      ),
    );
    const t0 = performance.now();
    unwrap(player.play());
    expect(await spinUntil(f, () => got.length >= 4, 5000)).toBe(true);
    player.stop();
    // from 600 ms: m2 at 200 ms of bag time (100 ms wall at rate 2), m3 at 600 ms (300 ms wall;
    // 600 at rate 1), then the loop restarts at the offset
    expect(got.slice(0, 4).map((g) => g.data)).toEqual(['m2', 'm3', 'm2', 'm3']);
    expect(got[1]!.at - t0).toBeGreaterThanOrEqual(290);
    expect(got[1]!.at - t0).toBeLessThan(500);
    expect(events.some((e) => e.type === 'loop')).toBe(true);
    await f.executor.shutdown();
  });

  it('plays only the selected topics, on their remapped names', async () => {
    const f = makeFixture();
    const reader = fakeReader(
      [cdrTopic('/a', 'std_msgs/msg/String'), cdrTopic('/b', 'std_msgs/msg/String')],
      [
        { topic: '/a', data: enc('a'), recvTimestampNs: T0, sendTimestampNs: T0 },
        { topic: '/b', data: enc('b'), recvTimestampNs: T0 + MS, sendTimestampNs: T0 },
      ],
    );
    const onA = listen(f, '/a');
    const onB = listen(f, '/b');
    const onC = listen(f, '/c');
    const player = unwrap(createPlayer(f.node, { reader, topics: ['/a'], remap: { '/a': '/c' } }));
    unwrap(player.play());
    unwrap(await player.waitForFinish(2000));
    await f.executor.spinFor(20);
    expect(onC.map((g) => g.data)).toEqual(['a']);
    expect(onA).toEqual([]);
    expect(onB).toEqual([]);
    expect(player.stats().topics.map((t) => t.publishedOn)).toEqual(['/c']);
    player.stop();
    await f.executor.shutdown();
  });

  it('skips a protobuf topic (a vrobots bag) with an event naming it, and plays the CDR ones', async () => {
    const f = makeFixture();
    const pb = { ...cdrTopic('/state', 'std_msgs/msg/String'), serializationFormat: 'protobuf' as const };
    const reader = fakeReader(
      [pb, cdrTopic('/a', 'std_msgs/msg/String')],
      [
        { topic: '/state', data: enc('not cdr'), recvTimestampNs: T0, sendTimestampNs: T0 },
        { topic: '/a', data: enc('a'), recvTimestampNs: T0 + MS, sendTimestampNs: T0 },
      ],
    );
    const onState = listen(f, '/state');
    const onA = listen(f, '/a');
    const events: PlayerEvent[] = [];
    const player = unwrap(createPlayer(f.node, { reader }, (e) => void events.push(e)));
    expect(events).toContainEqual({
      type: 'skipped',
      topic: '/state',
      message: expect.stringMatching(/serialization format 'protobuf'.*Unsupported/),
    });
    unwrap(player.play());
    unwrap(await player.waitForFinish(2000));
    await f.executor.spinFor(20);
    expect(onA.map((g) => g.data)).toEqual(['a']);
    expect(onState).toEqual([]);
    player.stop();
    await f.executor.shutdown();
  });

  it('pauses, steps one message at a time, changes rate, and resumes', async () => {
    const f = makeFixture();
    const got = listen(f);
    const player = unwrap(createPlayer(f.node, { reader: bag([0, 10_000, 20_000]), startPaused: true }));
    unwrap(player.play());
    await f.executor.spinFor(50);
    expect(got).toEqual([]);
    expect(player.setRate(0)).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
    expect(player.playNext()).toEqual({ ok: true, value: true });
    expect(player.now()).toBe(T0);
    expect(player.playNext()).toEqual({ ok: true, value: true });
    expect(player.now()).toBe(T0 + 10_000n * MS);
    await f.executor.spinFor(20);
    expect(got.map((g) => g.data)).toEqual(['m0', 'm1']);
    unwrap(player.setRate(1000)); // the last one 10 s of bag time later: 10 ms
    player.resume();
    expect(player.playNext()).toMatchObject({ ok: false, error: { name: 'NotAllowed' } });
    unwrap(await player.waitForFinish(2000));
    await f.executor.spinFor(20);
    expect(got.map((g) => g.data)).toEqual(['m0', 'm1', 'm2']);
    player.stop();
    await f.executor.shutdown();
  });

  it('publishes the topic with the QoS the bag recorded (transient local reaches a late subscriber)', async () => {
    const f = makeFixture();
    const offered = [{ ...QoS.default().transientLocal().keepLast(1).toRmw() }];
    const reader = fakeReader(
      [cdrTopic('/map', 'std_msgs/msg/String', offered)],
      [{ topic: '/map', data: enc('latched'), recvTimestampNs: T0, sendTimestampNs: T0 }],
    );
    const player = unwrap(createPlayer(f.node, { reader }));
    expect(player.stats().topics[0]?.qos).toMatchObject({ durability: 'transient_local', depth: 10 });
    unwrap(player.play());
    unwrap(await player.waitForFinish(2000));
    const got: string[] = [];
    unwrap(
      f.node.createSubscription(
        std_msgs.msg.String,
        '/map',
        (m) => void got.push(m.data),
        QoS.default().transientLocal(),
      ),
    );
    expect(await spinUntil(f, () => got.length === 1)).toBe(true);
    expect(got).toEqual(['latched']);
    player.stop();
    await f.executor.shutdown();
  });
});

describe('Player /clock', () => {
  it('drives a use_sim_time node: now() follows the bag time and its ros-clock timer fires on bag periods', async () => {
    const f = makeFixture();
    const sim = unwrap(
      f.executor.createNode('sim_follower', { arguments: ['--ros-args', '-p', 'use_sim_time:=true'] }),
    );
    const fired: bigint[] = [];
    // 100 ms of bag time; the bag plays at rate 4, so a wall timer would fire 4 times less often
    unwrap(sim.createTimer(100, () => void fired.push(sim.now().nanoseconds)));
    const player = unwrap(createPlayer(f.node, { reader: bag([0, 2000]), clockHz: 200, rate: 4 }));
    const t0 = performance.now();
    unwrap(player.play());
    expect(await spinUntil(f, () => fired.length >= 6, 3000)).toBe(true);
    const wallMs = performance.now() - t0;
    player.stop();
    expect(sim.now().nanoseconds).toBeGreaterThanOrEqual(T0);
    expect(fired.every((ns) => ns >= T0)).toBe(true);
    // six firings 100 ms of bag time apart take about 150 ms of wall time at rate 4 (600 at rate 1)
    expect(wallMs).toBeLessThan(550);
    // after the first firing (the jump from 0 to the bag's start), one per 100 ms of bag time on average
    const mean = Number(fired.at(-1)! - fired[1]!) / 1e6 / (fired.length - 2);
    expect(mean).toBeGreaterThanOrEqual(60);
    expect(mean).toBeLessThanOrEqual(140);
    await f.executor.shutdown();
  });

  it('leaves the bag’s own /clock out when it publishes /clock itself', () => {
    const f = makeFixture();
    const reader = fakeReader(
      [cdrTopic('/clock', 'rosgraph_msgs/msg/Clock'), cdrTopic('/chatter', 'std_msgs/msg/String')],
      [{ topic: '/chatter', data: enc('x'), recvTimestampNs: T0, sendTimestampNs: T0 }],
    );
    const withClock = unwrap(createPlayer(f.node, { reader, clockHz: 10 }));
    expect(withClock.stats().topics.map((t) => t.name)).toEqual(['/chatter']);
    withClock.stop();
    const without = unwrap(createPlayer(f.node, { reader }));
    expect(without.stats().topics.map((t) => t.name)).toEqual(['/clock', '/chatter']);
    without.stop();
  });
});

describe('record then play through the MCAP storage (a bag in memory)', () => {
  it('plays back what was recorded: content, count, spacing, the schema and the offered QoS', async () => {
    const f = makeFixture();
    const files = memoryBagFiles('roundtrip');
    const writer = unwrap(await openBagWriter({ files }));
    const pub = unwrap(f.node.createPublisher(std_msgs.msg.String, '/chatter', QoS.default().keepLast(7)));
    const rec = unwrap(startRecording(f.node, { writer, topics: ['/chatter'] }));
    for (let i = 0; i < 5; i++) {
      pub.publish({ data: `n${i}` });
      await f.executor.spinFor(30);
    }
    const report = unwrap(await rec.stop(3000));
    expect(report.stats.messages).toBe(5);
    expect(report.metadata.messageCount).toBe(5);
    const reader = unwrap(await openBagReader({ files }));
    expect(reader.topics[0]).toMatchObject({ name: '/chatter', type: 'std_msgs/msg/String', messageCount: 5 });
    expect(reader.topics[0]?.offeredQosProfiles[0]).toMatchObject({ reliability: 'reliable', depth: 7 });
    expect(reader.definitionOf('/chatter')).toMatchObject({ encoding: 'ros2msg', name: 'std_msgs/msg/String' });
    pub.destroy();
    const logged: bigint[] = [];
    for await (const m of reader.messages()) logged.push(unwrap(m).recvTimestampNs);
    const recordedSpacing = Number(logged.at(-1)! - logged[0]!) / 1e6 / 4;

    const got = listen(f);
    const player = unwrap(createPlayer(f.node, { reader }));
    unwrap(player.play());
    unwrap(await player.waitForFinish(3000));
    await f.executor.spinFor(20);
    expect(got.map((g) => g.data)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    // played as far apart as they were recorded: never bunched; a loaded machine's timers may
    // only make the gaps longer
    const spacing = (got.at(-1)!.at - got[0]!.at) / 4;
    expect(spacing).toBeGreaterThan(recordedSpacing - 2);
    expect(spacing).toBeLessThan(recordedSpacing + 40);
    player.stop();
    await reader.close();
    await f.executor.shutdown();
  });
});

describe('Player and a failing bag', () => {
  it('ends with the reader’s error (an error value or a throw), never an unhandled rejection', async () => {
    const f = makeFixture();
    const good = bag([0]);
    const events: PlayerEvent[] = [];
    const reader = {
      ...good,
      messages: async function* () {
        yield* good.messages();
        throw new Error('disk gone');
      },
    };
    const player = unwrap(createPlayer(f.node, { reader }, (e) => void events.push(e)));
    unwrap(player.play());
    unwrap(await player.waitForFinish(2000));
    expect(events.at(-1)).toMatchObject({
      type: 'finished',
      error: expect.stringMatching(/reading the bag failed: .*disk gone/),
    });
    expect(player.stats().published).toBe(1);
    player.stop();
    await f.executor.shutdown();
  });
});

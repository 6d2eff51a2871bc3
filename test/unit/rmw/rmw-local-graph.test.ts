import { describe, expect, it } from 'vitest';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwEndpointSpec, RmwEvent, RmwSession } from '../../../src/rmw/rmw.js';
import { qos, settle, unwrap } from '../../support/rmw-local-fixtures.js';

const QOS = qos({ reliability: 'best_effort', durability: 'transient_local', depth: 5, deadlineMs: 100 });

const spec = (name: string, typeName = 'std_msgs/msg/String'): RmwEndpointSpec => ({
  naming: 'ros',
  name,
  typeName,
  typeHash: 'RIHS01_df66',
  qos: QOS,
});

const open = (bus: LocalBus, domainId = 0): RmwSession => unwrap(openLocalSession({ bus, domainId }));

describe('local graph', () => {
  it('is supported and shows the nodes and endpoints of every session on the bus, per domain', () => {
    const bus = new LocalBus();
    const a = open(bus);
    const b = open(bus);
    const c = open(bus, 3);
    const talker = unwrap(a.createNode({ name: 'talker', namespace: '/demo', enclave: '/' }));
    const listener = unwrap(b.createNode({ name: 'listener', namespace: '/demo', enclave: '/' }));
    unwrap(c.createNode({ name: 'elsewhere', namespace: '/', enclave: '/' }));
    unwrap(talker.createPublisher(spec('/demo/chatter')));
    unwrap(listener.createSubscriber(spec('/demo/chatter'), () => {}));
    unwrap(listener.createServiceServer(spec('/demo/add', 'example_interfaces/srv/AddTwoInts'), () => {}));
    unwrap(talker.createServiceClient(spec('/demo/add', 'example_interfaces/srv/AddTwoInts'), () => {}));

    expect(a.graph.supported).toBe(true);
    expect(a.graph.nodes().map((n) => n.name)).toEqual(['talker', 'listener']);
    expect(c.graph.nodes().map((n) => n.name)).toEqual(['elsewhere']);
    const eps = b.graph.endpoints();
    expect(eps.map((e) => [e.kind, e.node.name, e.name])).toEqual([
      ['publisher', 'talker', '/demo/chatter'],
      ['subscription', 'listener', '/demo/chatter'],
      ['service', 'listener', '/demo/add'],
      ['client', 'talker', '/demo/add'],
    ]);
    expect(eps[0]).toMatchObject({
      naming: 'ros',
      typeName: 'std_msgs/msg/String',
      typeHash: 'RIHS01_df66',
      node: { name: 'talker', namespace: '/demo', enclave: '/' },
    });
    expect(c.graph.endpoints()).toHaveLength(0);
  });

  it('reports the QoS the local backend grants', () => {
    const n = unwrap(open(new LocalBus()).createNode({ name: 'q', namespace: '/', enclave: '/' }));
    const pub = unwrap(n.createPublisher(spec('/q')));
    expect(pub.actualQos()).toEqual({
      reliability: 'reliable',
      durability: 'transient_local',
      history: 'keep_last',
      depth: 5,
      deadlineMs: 'unknown',
      lifespanMs: 'unknown',
      liveliness: 'unknown',
      livelinessLeaseMs: 'unknown',
    });
  });

  it('tells onChange listeners asynchronously, coalescing a burst, and stops after unsubscribe', async () => {
    const bus = new LocalBus();
    const watcher = open(bus);
    const other = open(bus);
    const otherDomain = open(bus, 9);
    let changes = 0;
    const off = watcher.graph.onChange(() => changes++);
    const n = unwrap(other.createNode({ name: 'n', namespace: '/', enclave: '/' }));
    const p = unwrap(n.createPublisher(spec('/t')));
    expect(changes).toBe(0);
    await settle();
    expect(changes).toBe(1);
    unwrap(otherDomain.createNode({ name: 'far', namespace: '/', enclave: '/' }));
    await settle();
    expect(changes).toBe(1);
    p.close();
    await settle();
    expect(changes).toBe(2);
    off();
    n.close();
    await settle();
    expect(changes).toBe(2);
  });

  it('withdraws nodes and endpoints on node close and on session close', async () => {
    const bus = new LocalBus();
    const watcher = open(bus);
    const s = open(bus);
    const n1 = unwrap(s.createNode({ name: 'one', namespace: '/', enclave: '/' }));
    const n2 = unwrap(s.createNode({ name: 'two', namespace: '/', enclave: '/' }));
    const pub = unwrap(n1.createPublisher(spec('/x')));
    unwrap(n2.createSubscriber(spec('/x'), () => {}));
    n1.close();
    n1.close();
    expect(watcher.graph.nodes().map((n) => n.name)).toEqual(['two']);
    expect(watcher.graph.endpoints().map((e) => e.kind)).toEqual(['subscription']);
    expect(pub.publish(new Uint8Array([1])).ok).toBe(false);
    const r = n1.createPublisher(spec('/y'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.name).toBe('NotInitialized');
    await s.close();
    expect(watcher.graph.nodes()).toHaveLength(0);
    expect(watcher.graph.endpoints()).toHaveLength(0);
  });
});

describe('local session lifecycle', () => {
  it('is a connected local session with a 32-hex session id until closed', async () => {
    const s = open(new LocalBus(), 4);
    expect(s.backend).toBe('local');
    expect(s.domainId).toBe(4);
    expect(s.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(open(new LocalBus()).sessionId).not.toBe(s.sessionId);
    expect(s.isConnected()).toBe(true);
    expect(await s.ping(100)).toEqual({ ok: true, value: undefined });
    const bad = await s.ping(Number.NaN);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.name).toBe('InvalidArgument');
    expect(await s.close()).toEqual({ ok: true, value: undefined });
    expect(s.isConnected()).toBe(false);
    const closed = await s.ping(100);
    expect(closed.ok).toBe(false);
    const node = s.createNode({ name: 'late', namespace: '/', enclave: '/' });
    expect(node.ok).toBe(false);
    if (!node.ok) expect(node.error.name).toBe('NotInitialized');
  });

  it('refuses a bad domain id and bad node info', () => {
    for (const domainId of [-1, 1.5, Number.NaN]) {
      const r = openLocalSession({ bus: new LocalBus(), domainId });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain('domainId');
    }
    const s = open(new LocalBus());
    const r = s.createNode({ name: '', namespace: '/', enclave: '/' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.name).toBe('InvalidArgument');
    expect(s.graph.nodes()).toHaveLength(0);
  });

  it('entity ready() resolves ok at once', async () => {
    const n = unwrap(open(new LocalBus()).createNode({ name: 'r', namespace: '/', enclave: '/' }));
    expect(await unwrap(n.createPublisher(spec('/r'))).ready()).toEqual({ ok: true, value: undefined });
  });

  it('reports a callback that throws through onEvent and keeps delivering to the others', async () => {
    const bus = new LocalBus();
    const s = open(bus);
    const events: RmwEvent[] = [];
    s.onEvent((e) => events.push(e));
    const n = unwrap(s.createNode({ name: 'e', namespace: '/', enclave: '/' }));
    unwrap(
      n.createSubscriber({ ...spec('throws/here'), naming: 'raw' }, () => {
        throw new Error('handler bug');
      }),
    );
    const got: number[] = [];
    unwrap(n.createSubscriber({ ...spec('throws/here'), naming: 'raw' }, (x) => got.push(x.payload[0]!)));
    unwrap(n.createPublisher({ ...spec('throws/here'), naming: 'raw' })).publish(new Uint8Array([7]));
    await settle();
    expect(got).toEqual([7]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'transport_error', key: 'throws/here' });
    if (events[0]?.type === 'transport_error') expect(events[0].message).toContain('handler bug');
  });
});

/** Graph queries of a node on the local backend: sorting, kinds, naming schemes, handles. */
import { describe, expect, it } from 'vitest';
import { example_interfaces, std_msgs } from '../../../src/index.js';
import { createExecutorOnSession } from '../../../src/rclcpp/executor.js';
import type { MessageType } from '../../../src/rclcpp/type-support.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwSession } from '../../../src/rmw/rmw.js';
import { BARE_NODE } from '../../support/bare-node.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const OtherString: MessageType<{ data: string }> = { ...std_msgs.msg.String, typeName: 'other_msgs/msg/Text' };

describe('node graph queries', () => {
  it('lists topics sorted by name, each with its distinct types sorted, and no services among them', () => {
    const { node } = makeFixture();
    unwrap(node.createPublisher(std_msgs.msg.String, 'zeta'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'alpha', () => {}));
    unwrap(node.createPublisher(OtherString, 'alpha'));
    unwrap(node.createPublisher(std_msgs.msg.String, 'alpha'));
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'srv_b', (r) => ({ sum: r.a + r.b })));
    const topics = unwrap(node.getTopicNamesAndTypes());
    expect([...topics.keys()]).toEqual(['/alpha', '/zeta']);
    expect(topics.get('/alpha')).toEqual(['other_msgs/msg/Text', 'std_msgs/msg/String']);
    expect(topics.get('/zeta')).toEqual(['std_msgs/msg/String']);
  });

  it('lists services and clients, not topics, sorted', () => {
    const { node } = makeFixture();
    unwrap(node.createPublisher(std_msgs.msg.String, 'topic_only'));
    unwrap(node.createPollClient(example_interfaces.srv.AddTwoInts, 'srv_z'));
    unwrap(node.createService(example_interfaces.srv.AddTwoInts, 'srv_a', (r) => ({ sum: r.a + r.b })));
    const services = unwrap(node.getServiceNamesAndTypes());
    expect([...services.keys()]).toEqual(['/srv_a', '/srv_z']);
    expect(services.get('/srv_a')).toEqual(['example_interfaces/srv/AddTwoInts']);
  });

  it('counts publishers and subscribers of the resolved name and kind only', () => {
    const { executor, node } = makeFixture();
    const ns = unwrap(executor.createNode('other', { ...BARE_NODE, namespace: '/ns' }));
    unwrap(node.createPublisher(std_msgs.msg.String, 'c'));
    unwrap(node.createPublisher(std_msgs.msg.String, 'c'));
    unwrap(node.createSubscription(std_msgs.msg.String, 'c', () => {}));
    unwrap(ns.createPublisher(std_msgs.msg.String, 'c'));
    expect(unwrap(node.countPublishers('c'))).toBe(2);
    expect(unwrap(node.countSubscribers('c'))).toBe(1);
    expect(unwrap(ns.countPublishers('c'))).toBe(1);
    expect(unwrap(ns.countSubscribers('c'))).toBe(0);
    expect(unwrap(ns.countPublishers('/c'))).toBe(2);
    expect(expectErr(node.countPublishers('bad name'))).toBe('InvalidArgument');
    expect(expectErr(node.countSubscribers('9x'))).toBe('InvalidArgument');
  });

  it('counts a raw node its raw keys only, and a ros node its ros names only', () => {
    const { executor, node } = makeFixture();
    const raw = unwrap(executor.createNode('sdk', { ...BARE_NODE, naming: 'raw' }));
    unwrap(raw.createPublisher(std_msgs.msg.String, 'c'));
    unwrap(raw.createPublisher(std_msgs.msg.String, 'c/d'));
    unwrap(node.createPublisher(std_msgs.msg.String, 'c'));
    unwrap(node.createPublisher(std_msgs.msg.String, 'c'));
    expect(unwrap(raw.countPublishers('c'))).toBe(1);
    expect(unwrap(raw.countPublishers('c/d'))).toBe(1);
    expect(unwrap(node.countPublishers('/c'))).toBe(2);
  });

  it('names and QoS of a live handle; an error for a released one or one without QoS', () => {
    const { node } = makeFixture();
    const sub = unwrap(node.createSubscription(std_msgs.msg.String, 'named', () => {}));
    const timer = unwrap(node.createWallTimer(1000, () => {}));
    expect(unwrap(node.getEntityName(sub))).toBe('/named');
    expect(unwrap(node.getEntityQos(sub)).depth).toBe(10);
    expect(expectErr(node.getEntityQos(timer))).toBe('InvalidArgument');
    expect(node.isValid(sub)).toBe(true);
    const copy = { ...sub } as typeof sub;
    unwrap(sub.reset());
    expect(node.isValid(sub)).toBe(false);
    expect(node.isValid(copy)).toBe(false);
    expect(expectErr(node.getEntityName(copy))).toBe('Error');
    expect(expectErr(node.getEntityQos(copy))).toBe('Error');
    expect(node.isValid({ executor: {}, handleId: 1 } as never)).toBe(false);
  });

  it('answers TransportError when the graph query itself throws', () => {
    const inner = unwrap(openLocalSession({ bus: new LocalBus() }));
    const broken = (): never => {
      throw new Error('graph gone');
    };
    const session: RmwSession = Object.assign(Object.create(inner) as RmwSession, {
      graph: { supported: true, nodes: broken, endpoints: broken, onChange: () => () => {} },
    });
    const node = unwrap(unwrap(createExecutorOnSession(session)).createNode('n', BARE_NODE));
    for (const r of [
      node.getNodeNames(),
      node.getEndpoints(),
      node.getTopicNamesAndTypes(),
      node.countPublishers('x'),
    ]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.error.name, r.error.message.includes('graph gone')]).toEqual(['TransportError', true]);
    }
  });

  it('lists the node itself and its endpoints', () => {
    const { node } = makeFixture();
    unwrap(node.createPublisher(std_msgs.msg.String, 'ep'));
    expect(unwrap(node.getNodeNames())).toContainEqual(expect.objectContaining({ name: 'fixture', namespace: '/' }));
    const eps = unwrap(node.getEndpoints()).filter((e) => e.name === '/ep');
    expect(eps.map((e) => e.kind)).toEqual(['publisher']);
  });
});

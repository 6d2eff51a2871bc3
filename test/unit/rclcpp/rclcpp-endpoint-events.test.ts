/** The matched / incompatible-type bookkeeping and its lifetime on the local backend. */
import { describe, expect, it } from 'vitest';
import { QoS, std_msgs } from '../../../src/index.js';
import { EndpointEventState } from '../../../src/rclcpp/events/endpoint-events.js';
import type { RmwEndpointInfo } from '../../../src/rmw/rmw.js';
import { makeFixture, unwrap } from '../../support/executor-fixture.js';

const QOS = QoS.default().toRmw();
function sub(gidByte: number, typeName = 'std_msgs/msg/String', name = '/t'): RmwEndpointInfo {
  return {
    kind: 'subscription',
    node: { name: 'n', namespace: '/', enclave: '/' },
    naming: 'ros',
    name,
    typeName,
    typeHash: 'H',
    qos: QOS,
    gid: new Uint8Array(16).fill(gidByte),
  };
}

describe('endpoint event state', () => {
  const state = (): EndpointEventState =>
    new EndpointEventState({
      kind: 'publisher',
      naming: 'ros',
      name: '/t',
      typeName: 'std_msgs/msg/String',
      typeHash: 'H',
    });

  it('counts one leaving and one joining between two looks as a change, by GID', () => {
    const s = state();
    expect(s.update([sub(1)]).matched).toEqual({
      totalCount: 1,
      totalCountChange: 1,
      currentCount: 1,
      currentCountChange: 1,
    });
    expect(s.update([sub(1)]).matched).toBeUndefined();
    expect(s.update([sub(2)]).matched).toEqual({
      totalCount: 2,
      totalCountChange: 1,
      currentCount: 1,
      currentCountChange: 0,
    });
    expect(s.update([]).matched).toEqual({
      totalCount: 2,
      totalCountChange: 0,
      currentCount: 0,
      currentCountChange: -1,
    });
  });

  it('matches only peers of the other kind, same name, type and hash; another type is incompatible', () => {
    const s = state();
    const pubOfSameName = { ...sub(3), kind: 'publisher' as const };
    const other = sub(4, 'std_msgs/msg/Int32');
    const otherHash = { ...sub(5), typeHash: 'X' };
    const elsewhere = sub(6, 'std_msgs/msg/String', '/u');
    const e = s.update([pubOfSameName, other, otherHash, elsewhere]);
    expect(e.matched).toBeUndefined();
    expect(e.incompatibleType).toEqual({ totalCount: 2, totalCountChange: 2 });
    expect(s.update([other, otherHash]).incompatibleType).toBeUndefined();
  });
});

describe('endpoint events on a node', () => {
  it('stop after the publisher is destroyed, and the subscription lifespan and /rosout lifespan are accepted', async () => {
    const { executor, node } = makeFixture();
    const seen: number[] = [];
    const pub = unwrap(
      node.createPublisher(std_msgs.msg.String, 'life', undefined, {
        events: { matched: (i) => seen.push(i.currentCount) },
      }),
    );
    unwrap(node.createSubscription(std_msgs.msg.String, 'life', () => {}, QoS.default().lifespan(100)));
    await executor.spinOnce(50);
    expect(seen).toEqual([1]);
    pub.destroy();
    unwrap(node.createSubscription(std_msgs.msg.String, 'life', () => {}));
    await executor.spinOnce(50);
    await executor.spinOnce(10);
    expect(seen).toEqual([1]);
    expect(node.createPublisher(std_msgs.msg.String, '/rosout', QoS.rosout()).ok).toBe(true);
  });
});

describe('endpoint events share one guard per node', () => {
  it('more watched publishers than the executor has entries, and a throwing callback is reported without stopping the others', async () => {
    const { executor, node } = makeFixture({ capacity: 64 });
    const errors: string[] = [];
    executor.onEvent((ev) => {
      if (ev.type === 'handler_error') errors.push(ev.entity);
    });
    const counts: number[] = [];
    for (let i = 0; i < 200; i++) {
      const events = {
        matched: (m: { currentCount: number }) => {
          if (i === 0) throw new Error('boom');
          counts.push(m.currentCount);
        },
      };
      unwrap(node.createPublisher(std_msgs.msg.String, 'crowd', undefined, { events }));
    }
    unwrap(node.createSubscription(std_msgs.msg.String, 'crowd', () => {}));
    for (let i = 0; i < 5 && counts.length < 199; i++) await executor.spinOnce(20);
    expect(counts).toHaveLength(199);
    expect(counts.every((c) => c === 1)).toBe(true);
    expect(errors).toEqual(["publisher '/crowd' matched callback"]);
  });
});

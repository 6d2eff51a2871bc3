import { describe, expect, it } from 'vitest';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { Durability } from '../../../src/rmw/qos.js';
import type { RmwEndpointSpec, RmwNode, RmwSample } from '../../../src/rmw/rmw.js';
import { qos, settle, unwrap } from '../../support/rmw-local-fixtures.js';

const spec = (name: string, durability: Durability, depth = 3): RmwEndpointSpec => ({
  naming: 'raw',
  name,
  typeName: 'swarmbotix/msg/Map',
  typeHash: 'TypeHashNotSupported',
  qos: qos({ durability, depth }),
});

function freshNode(): RmwNode {
  return unwrap(
    unwrap(openLocalSession({ bus: new LocalBus() })).createNode({ name: 'd', namespace: '/', enclave: '/' }),
  );
}

function subscribe(n: RmwNode, s: RmwEndpointSpec): number[] {
  const got: number[] = [];
  unwrap(n.createSubscriber(s, (x: RmwSample) => got.push(x.payload[0]!)));
  return got;
}

describe('local transient-local emulation', () => {
  it('gives a late transient-local subscriber the last depth samples, asynchronously, then live ones in order', async () => {
    const n = freshNode();
    const pub = unwrap(n.createPublisher(spec('map/a', 'transient_local', 3)));
    for (let i = 1; i <= 5; i++) pub.publish(new Uint8Array([i]));
    await settle();
    const got = subscribe(n, spec('map/a', 'transient_local'));
    pub.publish(new Uint8Array([6]));
    expect(got).toEqual([]);
    await settle();
    expect(got).toEqual([3, 4, 5, 6]);
  });

  it('keeps the original attachments of cached samples', async () => {
    const n = freshNode();
    const ros = (s: RmwEndpointSpec): RmwEndpointSpec => ({
      ...s,
      naming: 'ros',
      name: '/map/att',
      typeName: 'nav_msgs/msg/OccupancyGrid',
    });
    const pub = unwrap(n.createPublisher(ros(spec('', 'transient_local', 2))));
    for (let i = 1; i <= 3; i++) pub.publish(new Uint8Array([i]));
    const seqs: bigint[] = [];
    unwrap(n.createSubscriber(ros(spec('', 'transient_local')), (x) => seqs.push(x.attachment!.sequenceNumber)));
    await settle();
    expect(seqs).toEqual([2n, 3n]);
  });

  it('matches cached history with wildcards too', async () => {
    const n = freshNode();
    unwrap(n.createPublisher(spec('map/r1/grid', 'transient_local'))).publish(new Uint8Array([1]));
    unwrap(n.createPublisher(spec('map/r2/grid', 'transient_local'))).publish(new Uint8Array([2]));
    const got = subscribe(n, spec('map/*/grid', 'transient_local'));
    await settle();
    expect(got.sort()).toEqual([1, 2]);
  });

  it('gives no history to a volatile subscriber, nor from a volatile publisher, nor from a closed publisher', async () => {
    const n = freshNode();
    const tl = unwrap(n.createPublisher(spec('map/v', 'transient_local')));
    tl.publish(new Uint8Array([1]));
    unwrap(n.createPublisher(spec('map/w', 'volatile'))).publish(new Uint8Array([2]));
    const closing = unwrap(n.createPublisher(spec('map/x', 'transient_local')));
    closing.publish(new Uint8Array([3]));
    closing.close();
    const volatileSub = subscribe(n, spec('map/v', 'volatile'));
    const fromVolatile = subscribe(n, spec('map/w', 'transient_local'));
    const fromClosed = subscribe(n, spec('map/x', 'transient_local'));
    await settle();
    expect(volatileSub).toEqual([]);
    expect(fromVolatile).toEqual([]);
    expect(fromClosed).toEqual([]);
  });

  it('copies cached payloads: the publisher buffer and earlier receivers cannot change them', async () => {
    const n = freshNode();
    const pub = unwrap(n.createPublisher(spec('map/copy', 'transient_local')));
    const buf = new Uint8Array([1]);
    const first: RmwSample[] = [];
    unwrap(n.createSubscriber(spec('map/copy', 'volatile'), (x) => first.push(x)));
    pub.publish(buf);
    buf[0] = 9;
    await settle();
    first[0]!.payload[0] = 8;
    const late = subscribe(n, spec('map/copy', 'transient_local'));
    await settle();
    expect(late).toEqual([1]);
  });
});

/** The rmw's own checks answer error values for hostile inputs: never a throw while building the sentence. */
import { describe, expect, it } from 'vitest';
import { checkEndpointSpec } from '../../../src/rmw/endpoint-check.js';
import { openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwEndpointSpec } from '../../../src/rmw/rmw.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';

const nullProto = Object.create(null) as never;
const revoked = (() => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy as never;
})();
const throwingToString = {
  toString: () => {
    throw new Error('no');
  },
} as never;

const good: RmwEndpointSpec = {
  naming: 'ros',
  name: '/hostile',
  typeName: 'std_msgs/msg/String',
  typeHash: 'TypeHashNotSupported',
  qos: ROS_DEFAULT_QOS,
};

describe('rmw checks and hostile values', () => {
  it('refuses specs carrying null-prototype objects, revoked proxies and throwing toString', () => {
    for (const v of [nullProto, revoked, throwingToString]) {
      const specs: RmwEndpointSpec[] = [
        { ...good, naming: v },
        { ...good, qos: { ...good.qos, reliability: v } },
        { ...good, qos: { ...good.qos, depth: v } },
        { ...good, qos: { ...good.qos, deadlineMs: v } },
      ];
      for (const spec of specs) {
        const r = checkEndpointSpec(0, spec, 'subscription');
        expect(r.ok ? 'ok' : r.error.name).toBe('InvalidArgument');
      }
    }
  });

  it('the local backend answers error values for hostile names and payloads', async () => {
    const s = openLocalSession({});
    if (!s.ok) throw new Error('session');
    for (const v of [nullProto, revoked, throwingToString]) {
      const n = s.value.createNode({ name: v, namespace: '/', enclave: '/' });
      expect(n.ok ? 'ok' : n.error.name).toBe('InvalidArgument');
    }
    const n = s.value.createNode({ name: 'n', namespace: '/', enclave: '/' });
    if (!n.ok) throw new Error('node');
    const sub = n.value.createSubscriber({ ...good, name: nullProto }, () => {});
    expect(sub.ok ? 'ok' : sub.error.name).toBe('InvalidArgument');
    // Subscriber options that cannot be read mean the default (the attachment is read).
    const throwingOptions = {
      get readsAttachment(): boolean {
        throw new Error('no');
      },
    };
    for (const options of [revoked, throwingOptions]) {
      const odd = n.value.createSubscriber({ ...good, name: '/hostile_options' }, () => {}, options);
      expect(odd.ok ? 'ok' : odd.error.name).toBe('ok');
      if (odd.ok) odd.value.close();
    }
    const pub = n.value.createPublisher(good);
    if (!pub.ok) throw new Error('pub');
    for (const v of [nullProto, revoked, throwingToString]) expect(pub.value.publish(v).ok).toBe(false);
    await s.value.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { RmwQos } from '../../../src/rmw/qos.js';
import { dataKey, ddsTypeName, rosTypeName, stripOuterSlashes } from '../../../src/rmw/wire/data-key.js';
import { gidOfToken } from '../../../src/rmw/wire/gid.js';
import {
  demangleName,
  endpointToken,
  livelinessDomainKey,
  mangleName,
  nodeToken,
  parseToken,
} from '../../../src/rmw/wire/liveliness-token.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';

const HASH = 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18';
const SID = '0123456789abcdef0123456789abcdef';
const qos: RmwQos = ROS_DEFAULT_QOS;
const owner = { domainId: 0, sessionId: SID, nodeId: '3', node: { name: 'talker', namespace: '/', enclave: '/' } };

describe('data keys', () => {
  it('builds the spec example for /chatter', () => {
    const k = dataKey(0, { naming: 'ros', name: '/chatter', typeName: 'std_msgs/msg/String', typeHash: HASH });
    expect(k).toEqual({ ok: true, value: `0/chatter/std_msgs::msg::dds_::String_/${HASH}` });
  });

  it('keeps inner slashes and drops Request_/Response_ for services', () => {
    const k = dataKey(7, {
      naming: 'ros',
      name: '/robot1/add_two_ints',
      typeName: 'example_interfaces/srv/AddTwoInts',
      typeHash: 'TypeHashNotSupported',
    });
    expect(k.ok && k.value).toBe(
      '7/robot1/add_two_ints/example_interfaces::srv::dds_::AddTwoInts_/TypeHashNotSupported',
    );
  });

  it('refuses a type name that is not <package>/<msg|srv|action>/<Name>, and a data key of it', () => {
    for (const t of ['std_msgs/String', 'std_msgs/msg/String/x', 'std_msgs//String', '/msg/String', 'std_msgs/msg/']) {
      expect(ddsTypeName(t).ok, t).toBe(false);
      const k = dataKey(0, { naming: 'ros', name: '/chatter', typeName: t, typeHash: HASH });
      expect(k.ok ? k.value : k.error.name, t).toBe('InvalidArgument');
    }
  });

  it('refuses an empty topic name, and strips every leading and trailing slash', () => {
    const spec = { naming: 'ros' as const, typeName: 'std_msgs/msg/String', typeHash: HASH };
    expect(dataKey(0, { ...spec, name: '/' }).ok).toBe(false);
    expect(dataKey(0, { ...spec, name: '' }).ok).toBe(false);
    const k = dataKey(3, { ...spec, name: '//ns/chatter//' });
    expect(k.ok && k.value).toBe(`3/ns/chatter/std_msgs::msg::dds_::String_/${HASH}`);
    expect(stripOuterSlashes('//a/b//')).toBe('a/b');
    expect(stripOuterSlashes('a//b/')).toBe('a//b');
  });

  it('uses a raw name as the key as it is, with no domain, type or hash, and refuses an empty one', () => {
    const raw = { naming: 'raw' as const, typeName: 'not/checked', typeHash: 'x' };
    expect(dataKey(5, { ...raw, name: 'vrobots/r1/z/state' })).toEqual({ ok: true, value: 'vrobots/r1/z/state' });
    expect(dataKey(5, { ...raw, name: '/a/' })).toEqual({ ok: true, value: '/a/' });
    expect(dataKey(5, { ...raw, name: '' }).ok).toBe(false);
  });

  it('leaves strings that are not exactly pkg::kind::dds_::Name_ unchanged', () => {
    for (const s of [
      'a::b::c::dds_::T_',
      'std_msgs::msg::dds_::String',
      'std_msgs::msg::dds_::String_x',
      'x::dds_::T_',
    ]) {
      expect(rosTypeName(s), s).toBe(s);
    }
  });

  it('maps DDS type names back to the ROS form', () => {
    expect(rosTypeName('std_msgs::msg::dds_::String_')).toBe('std_msgs/msg/String');
    expect(rosTypeName('example_interfaces::srv::dds_::AddTwoInts_')).toBe('example_interfaces/srv/AddTwoInts');
    expect(rosTypeName('swarmbotix.states.State')).toBe('swarmbotix.states.State');
  });
});

describe('liveliness tokens', () => {
  it('mangles slashes and writes empty names as %', () => {
    expect(mangleName('/chatter')).toBe('%chatter');
    expect(mangleName('/ns/sub')).toBe('%ns%sub');
    expect(mangleName('')).toBe('%');
    expect(mangleName('/')).toBe('%');
    expect(demangleName('%ns%sub')).toBe('/ns/sub');
  });

  it('builds the node token', () => {
    expect(nodeToken(owner)).toBe(`@ros2_lv/0/${SID}/3/3/NN/%/%/talker`);
    expect(nodeToken({ ...owner, node: { name: 'n', namespace: '/robot1/arm', enclave: '' } })).toBe(
      `@ros2_lv/0/${SID}/3/3/NN/%/%robot1%arm/n`,
    );
  });

  it('builds publisher, subscription, service and client tokens with the QoS chunk', () => {
    const pub = endpointToken(owner, {
      kind: 'publisher',
      entityId: '4',
      name: '/chatter',
      ddsTypeName: 'std_msgs::msg::dds_::String_',
      typeHash: HASH,
      qos,
    });
    expect(pub).toBe(`@ros2_lv/0/${SID}/3/4/MP/%/%/talker/%chatter/std_msgs::msg::dds_::String_/${HASH}/::,10:,:,:,,`);
    const be = { ...qos, reliability: 'best_effort' as const, durability: 'transient_local' as const, depth: 5 };
    const sub = endpointToken(owner, {
      kind: 'subscription',
      entityId: '5',
      name: '/ns/chatter',
      ddsTypeName: 'std_msgs::msg::dds_::String_',
      typeHash: HASH,
      qos: be,
    });
    expect(sub).toBe(
      `@ros2_lv/0/${SID}/3/5/MS/%/%/talker/%ns%chatter/std_msgs::msg::dds_::String_/${HASH}/2:1:,5:,:,:,,`,
    );
    const srvType = 'example_interfaces::srv::dds_::AddTwoInts_';
    expect(
      endpointToken(owner, {
        kind: 'service',
        entityId: '6',
        name: '/add_two_ints',
        ddsTypeName: srvType,
        typeHash: HASH,
        qos,
      }),
    ).toContain('/6/SS/%/%/talker/%add_two_ints/');
    expect(
      endpointToken(owner, {
        kind: 'client',
        entityId: '7',
        name: '/add_two_ints',
        ddsTypeName: srvType,
        typeHash: HASH,
        qos,
      }),
    ).toContain('/7/SC/%/%/talker/%add_two_ints/');
  });

  it('parses tokens back into node and endpoint info', () => {
    const node = parseToken(nodeToken(owner));
    expect(node).toMatchObject({ domainId: 0, sessionId: SID, nodeId: '3', entityId: '3', endpoint: undefined });
    expect(node?.node).toEqual({ name: 'talker', namespace: '/', enclave: '/' });
    const tok = endpointToken(owner, {
      kind: 'subscription',
      entityId: '9',
      name: '/ns/chatter',
      ddsTypeName: 'std_msgs::msg::dds_::String_',
      typeHash: HASH,
      qos,
    });
    const parsed = parseToken(tok);
    expect(parsed?.endpoint).toEqual({
      kind: 'subscription',
      node: { name: 'talker', namespace: '/', enclave: '/' },
      naming: 'ros',
      name: '/ns/chatter',
      typeName: 'std_msgs/msg/String',
      typeHash: HASH,
      qos,
      gid: gidOfToken(tok),
    });
  });

  it('parses every endpoint kind and multi-digit domains', () => {
    const e = { entityId: '4', name: '/c', ddsTypeName: 'std_msgs::msg::dds_::String_', typeHash: HASH, qos };
    for (const kind of ['publisher', 'subscription', 'service', 'client'] as const) {
      expect(parseToken(endpointToken(owner, { ...e, kind }))?.endpoint?.kind).toBe(kind);
    }
    expect(parseToken(nodeToken({ ...owner, domainId: 123 }))?.domainId).toBe(123);
  });

  it('ignores tokens with an empty chunk, a domain that is not a number, or the wrong number of chunks', () => {
    const node = nodeToken(owner);
    const pub = endpointToken(owner, {
      kind: 'publisher',
      entityId: '4',
      name: '/chatter',
      ddsTypeName: 'std_msgs::msg::dds_::String_',
      typeHash: HASH,
      qos,
    });
    expect(parseToken(node)).toBeDefined();
    expect(parseToken(pub)).toBeDefined();
    const bad = [
      `@ros2_lv/0//3/3/NN/%/%/talker`,
      `@ros2_lv/0/${SID}/3/3/NN/%/%/talker/`,
      `@ros2_lv/x/${SID}/3/3/NN/%/%/talker`,
      `@ros2_lv/1x/${SID}/3/3/NN/%/%/talker`,
      `@ros2_lv/x1/${SID}/3/3/NN/%/%/talker`,
      `@ros2_lv/-1/${SID}/3/3/NN/%/%/talker`,
      `${node}/extra`,
      `@ros2_lv/0/${SID}/3/3/NN/%/%`,
      pub.slice(0, pub.lastIndexOf('/')),
      `${pub}/extra`,
      `@ros2_lv/0/${SID}/3/4/MP/%/%/talker`,
    ];
    for (const key of bad) expect(parseToken(key), key).toBeUndefined();
  });

  it('ignores malformed tokens', () => {
    expect(parseToken('@ros2_lv/0/x')).toBeUndefined();
    expect(parseToken(`@ros2_lv/0/${SID}/3/4/XX/%/%/talker/%chatter/T/H/::,10:,:,:,,`)).toBeUndefined();
    expect(parseToken(`@ros2_lv/0/${SID}/3/4/MP/%/%/talker/%chatter/T/H/bad`)).toBeUndefined();
    expect(parseToken(`other/0/${SID}/3/3/NN/%/%/talker`)).toBeUndefined();
  });

  it('names the domain subscription key', () => {
    expect(livelinessDomainKey(5)).toBe('@ros2_lv/5/**');
  });
});

/** Builds the hostile arguments the ops name: types, QoS, messages, requests, handle copies. */
import {
  Duration,
  type EntityHandle,
  example_interfaces,
  type MessageType,
  QoS,
  type QoSLike,
  type ServiceType,
  std_msgs,
} from '../../src/index.js';
import { hostileObject, NUMBERS, type NumberName, type ObjectKind, revoked, STRINGS } from './hostile.js';
import type { HandleWrap, QosDesc, ResetReceiver, TypeKind, ValueDesc } from './ops.js';

const boom = (): never => {
  throw new Error('fuzz: hostile type support');
};

export function messageType(
  kind: TypeKind,
  wrap: ObjectKind,
  nameIx: keyof typeof STRINGS,
): MessageType<std_msgs.msg.String> {
  const base = ((): MessageType<std_msgs.msg.String> => {
    switch (kind) {
      case 'string':
        return std_msgs.msg.String;
      case 'int32':
        return std_msgs.msg.Int32 as unknown as MessageType<std_msgs.msg.String>;
      case 'wrapped':
        return {
          typeName: std_msgs.msg.String.typeName,
          typeHash: std_msgs.msg.String.typeHash,
          encode: std_msgs.msg.String.encode,
          decode: std_msgs.msg.String.decode,
        };
      case 'encodeThrows':
        return {
          ...std_msgs.msg.String,
          typeName: std_msgs.msg.String.typeName,
          typeHash: std_msgs.msg.String.typeHash,
          encode: boom,
          decode: std_msgs.msg.String.decode,
        };
      case 'decodeThrows':
        return {
          typeName: std_msgs.msg.String.typeName,
          typeHash: std_msgs.msg.String.typeHash,
          encode: std_msgs.msg.String.encode,
          decode: boom,
        };
      case 'hostileName':
        return {
          typeName: STRINGS[nameIx],
          typeHash: STRINGS[nameIx],
          encode: std_msgs.msg.String.encode,
          decode: std_msgs.msg.String.decode,
        };
    }
  })();
  return wrap === 'plain' ? base : hostileObject(wrap, base);
}

export function serviceType(
  wrap: ObjectKind,
): ServiceType<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response> {
  if (wrap === 'plain') return example_interfaces.srv.AddTwoInts;
  return hostileObject(wrap, {
    typeName: example_interfaces.srv.AddTwoInts.typeName,
    typeHash: example_interfaces.srv.AddTwoInts.typeHash,
    Request: example_interfaces.srv.AddTwoInts.Request,
    Response: example_interfaces.srv.AddTwoInts.Response,
  });
}

export function qosLike(d: QosDesc): QoSLike | undefined {
  const n = NUMBERS[d.n];
  const q = ((): QoS | undefined => {
    switch (d.policy) {
      case 'none':
        return undefined;
      case 'default':
        return QoS.default();
      case 'sensor':
        return QoS.sensorData();
      case 'keepAll':
        return QoS.default().keepAll();
      case 'transient':
        return QoS.default().transientLocal().keepLast(2);
      case 'depth':
        return QoS.default().keepLast(n);
      case 'deadline':
        return QoS.default().deadline(n);
      case 'lifespan':
        return QoS.default().lifespan(n);
      case 'lease':
        return QoS.default().liveliness('manual_by_topic', n);
    }
  })();
  if (q === undefined || d.wrap === 'plain') return q;
  if (d.where === 'qos') return hostileObject(d.wrap, { toRmw: () => q.toRmw() });
  return { toRmw: () => hostileObject(d.wrap, q.toRmw()) };
}

export function message(d: ValueDesc): std_msgs.msg.String {
  return hostileObject(d.wrap, { data: STRINGS[d.text] });
}

const BIG = { small: 2n, int64Max: 2n ** 63n - 1n, int64Min: -(2n ** 63n), overflow: 2n ** 64n } as const;

export function request(d: ValueDesc): example_interfaces.srv.AddTwoInts_Request {
  return hostileObject(d.wrap, { a: BIG[d.big], b: 1n });
}

/** A period or delay: a number, or a Duration of it when one can be made. */
export function period(n: NumberName, asDuration: boolean): number | Duration {
  if (!asDuration) return NUMBERS[n];
  const d = Duration.fromMs(NUMBERS[n]);
  return d.ok ? d.value : NUMBERS[n];
}

/** A handle as a JS caller may hand it back: the object, a copy, a wrapper, or a forged one. */
export function wrapHandle(h: EntityHandle, how: HandleWrap): EntityHandle {
  const fields = { executor: h.executor, handleId: h.handleId };
  const proto = Object.getPrototypeOf(h) as object;
  switch (how) {
    case 'direct':
      return h;
    case 'frozen':
      return Object.freeze(Object.assign(Object.create(proto) as EntityHandle, fields));
    case 'spread':
      // The types refuse a spread copy; a JS caller can still hand one in.
      return { ...h } as unknown as EntityHandle;
    case 'protoCopy':
      return Object.assign(Object.create(proto) as EntityHandle, fields);
    case 'proxy':
      return new Proxy(h, {});
    case 'revoked':
      return revoked(h);
    case 'throwingProxy':
      return hostileObject('throwingProxy', h);
    case 'nullProto':
      return Object.assign(Object.create(null) as EntityHandle, fields);
    case 'nanId':
      return Object.assign(Object.create(proto) as EntityHandle, { ...fields, handleId: Number.NaN });
    case 'bigId':
      return Object.assign(Object.create(proto) as EntityHandle, { ...fields, handleId: 2 ** 53 });
    case 'negZeroId':
      return Object.assign(Object.create(proto) as EntityHandle, { ...fields, handleId: -0 });
  }
}

/**
 * The receiver of a `reset()` call. 'frozen' freezes the caller's own handle object (a user
 * may freeze what they store); the others reset through a copy or a transparent wrapper.
 */
export function resetReceiver(h: EntityHandle, how: ResetReceiver): EntityHandle {
  switch (how) {
    case 'direct':
      return h;
    case 'frozen':
      return Object.freeze(h);
    case 'frozenCopy':
      return wrapHandle(h, 'frozen');
    case 'protoCopy':
      return wrapHandle(h, 'protoCopy');
    case 'proxy':
      return new Proxy(h, {});
  }
}

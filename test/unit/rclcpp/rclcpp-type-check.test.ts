/** The boundary checks of the rclcpp layer: options and type supports read once into snapshots. */
import { describe, expect, it } from 'vitest';
import type { MessageType, ServiceType } from '../../../src/index.js';
import {
  checkFunction,
  checkMessageType,
  checkServiceType,
  decodeMessage,
  encodeMessage,
  messageInfo,
  readOptions,
} from '../../../src/rclcpp/type-check.js';
import { expectErr, unwrap } from '../../support/executor-fixture.js';

function textType(typeName = 'pkg/msg/Text'): MessageType<string> & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    typeName,
    typeHash: 'TypeHashNotSupported',
    calls,
    encode(this: unknown, m: string) {
      calls.push(this);
      return new TextEncoder().encode(m);
    },
    decode(this: unknown, b: Uint8Array) {
      calls.push(this);
      return new TextDecoder().decode(b);
    },
  };
}

function errorOf(r: { ok: boolean; error?: { name: string; message: string } }): { name: string; message: string } {
  if (r.ok || r.error === undefined) throw new Error('expected an error');
  return r.error;
}

describe('readOptions', () => {
  it('reads absent options as all undefined and copies the named fields only', () => {
    expect(unwrap(readOptions('opts', undefined, ['a', 'b']))).toEqual({});
    const read = unwrap(readOptions('opts', { a: 1, b: 'x', c: 3 }, ['a', 'b']));
    expect(read).toEqual({ a: 1, b: 'x' });
  });

  it('refuses a non-object and names the field whose getter throws', () => {
    for (const bad of [null, 5, 'x', true]) expect(expectErr(readOptions('opts', bad, ['a']))).toBe('InvalidArgument');
    const hostile = Object.defineProperty({ a: 1 }, 'b', {
      get() {
        throw new Error('nope');
      },
    });
    const e = errorOf(readOptions('opts', hostile, ['a', 'b']));
    expect(e.name).toBe('InvalidArgument');
    expect(e.message).toContain('opts.b');
    expect(e.message).toContain('nope');
  });
});

describe('checkMessageType', () => {
  it('answers a frozen snapshot that calls the type with itself as this', () => {
    const type = textType();
    const snap = unwrap(checkMessageType('type', type));
    expect(Object.isFrozen(snap)).toBe(true);
    expect([snap.typeName, snap.typeHash]).toEqual(['pkg/msg/Text', 'TypeHashNotSupported']);
    expect(snap.decode(snap.encode('hé'))).toBe('hé');
    expect(type.calls).toEqual([type, type]);
  });

  it('shares one snapshot per type object until a field changes', () => {
    const type = textType();
    const first = unwrap(checkMessageType('type', type));
    expect(unwrap(checkMessageType('type', type))).toBe(first);
    const other = unwrap(checkMessageType('type', textType()));
    expect(other).not.toBe(first);
    (type as { encode: (m: string) => Uint8Array }).encode = (m: string) => new TextEncoder().encode(m.toUpperCase());
    const afterEncode = unwrap(checkMessageType('type', type));
    expect(afterEncode).not.toBe(first);
    expect(new TextDecoder().decode(afterEncode.encode('a'))).toBe('A');
    type.decode = () => 'fixed';
    const afterDecode = unwrap(checkMessageType('type', type));
    expect(afterDecode).not.toBe(afterEncode);
    expect(afterDecode.decode(new Uint8Array())).toBe('fixed');
    (type as { typeName: string }).typeName = 'pkg/msg/Other';
    const afterName = unwrap(checkMessageType('type', type));
    expect(afterName.typeName).toBe('pkg/msg/Other');
    (type as { typeHash: string }).typeHash = 'RIHS01_00';
    expect(unwrap(checkMessageType('type', type)).typeHash).toBe('RIHS01_00');
  });

  it('refuses undefined, a missing or empty name or hash, and missing encode/decode, naming the argument', () => {
    const good = textType();
    const bad: unknown[] = [
      undefined,
      null,
      { ...good, typeName: '' },
      { ...good, typeName: 5 },
      { ...good, typeHash: '' },
      { ...good, typeHash: undefined },
      { ...good, encode: undefined },
      { ...good, decode: 'x' },
    ];
    for (const type of bad) {
      const e = errorOf(checkMessageType('my_type', type as MessageType<string>));
      expect(e.name).toBe('InvalidArgument');
      expect(e.message).toContain('my_type');
    }
    expect(errorOf(checkMessageType('t', { ...good, typeHash: '' })).message).toContain('t.typeHash');
    expect(errorOf(checkMessageType('t', { ...good, typeName: '' })).message).toContain('t.typeName');
  });
});

describe('checkServiceType', () => {
  const service = (): ServiceType<string, string> => ({
    typeName: 'pkg/srv/Echo',
    typeHash: 'TypeHashNotSupported',
    Request: textType('pkg/srv/Echo_Request'),
    Response: textType('pkg/srv/Echo_Response'),
  });

  it('answers a frozen snapshot of the service and of both message types', () => {
    const snap = unwrap(checkServiceType('srv', service()));
    expect(Object.isFrozen(snap)).toBe(true);
    expect([snap.typeName, snap.typeHash]).toEqual(['pkg/srv/Echo', 'TypeHashNotSupported']);
    expect(snap.Request.typeName).toBe('pkg/srv/Echo_Request');
    expect(snap.Response.typeName).toBe('pkg/srv/Echo_Response');
    expect(Object.isFrozen(snap.Request)).toBe(true);
    expect(snap.Response.decode(snap.Response.encode('x'))).toBe('x');
  });

  it('shares one snapshot per service type object until its name, hash, Request or Response changes', () => {
    const type = service();
    const first = unwrap(checkServiceType('srv', type));
    expect(unwrap(checkServiceType('srv', type))).toBe(first);
    expect(unwrap(checkServiceType('srv', service()))).not.toBe(first);
    (type as { typeName: string }).typeName = 'pkg/srv/Other';
    const afterName = unwrap(checkServiceType('srv', type));
    expect(afterName.typeName).toBe('pkg/srv/Other');
    (type as { typeHash: string }).typeHash = 'RIHS01_00';
    const afterHash = unwrap(checkServiceType('srv', type));
    expect(afterHash.typeHash).toBe('RIHS01_00');
    expect(unwrap(checkServiceType('srv', type))).toBe(afterHash);
    (type as { Request: MessageType<string> }).Request = textType('pkg/srv/Other_Request');
    const afterRequest = unwrap(checkServiceType('srv', type));
    expect(afterRequest.Request.typeName).toBe('pkg/srv/Other_Request');
    (type as { Response: MessageType<string> }).Response = textType('pkg/srv/Other_Response');
    const afterResponse = unwrap(checkServiceType('srv', type));
    expect(afterResponse.Response.typeName).toBe('pkg/srv/Other_Response');
    expect(afterResponse.Request).toBe(afterRequest.Request);
  });

  it('refuses a bad request or response type, naming which', () => {
    const noRequest = { ...service(), Request: { typeName: 'x' } as unknown as MessageType<string> };
    expect(errorOf(checkServiceType('srv', noRequest)).message).toContain('srv.Request');
    const noResponse = { ...service(), Response: undefined as unknown as MessageType<string> };
    expect(errorOf(checkServiceType('srv', noResponse)).message).toContain('srv.Response');
    expect(expectErr(checkServiceType('srv', { ...service(), typeHash: '' }))).toBe('InvalidArgument');
    expect(expectErr(checkServiceType('srv', undefined as unknown as ServiceType<string, string>))).toBe(
      'InvalidArgument',
    );
  });
});

describe('encode, decode and the rest', () => {
  it('encodeMessage answers the bytes, or InvalidArgument when encode throws or answers no bytes', () => {
    const type = unwrap(checkMessageType('t', textType()));
    expect(Array.from(unwrap(encodeMessage(type, 'ab', 'topic /x')))).toEqual([97, 98]);
    const notBytes = { ...type, encode: () => [1, 2] as unknown as Uint8Array };
    expect(errorOf(encodeMessage(notBytes, 'a', 'topic /y')).message).toContain('topic /y');
    const thrower = {
      ...type,
      encode: () => {
        throw new Error('does not fit');
      },
    };
    const e = errorOf(encodeMessage(thrower, 'a', 'topic /z'));
    expect([e.name, e.message.includes('does not fit'), e.message.includes('topic /z')]).toEqual([
      'InvalidArgument',
      true,
      true,
    ]);
  });

  it('decodeMessage answers the message, or Error when decode throws', () => {
    const type = unwrap(checkMessageType('t', textType()));
    expect(unwrap(decodeMessage(type, Uint8Array.of(104, 105), 'w'))).toBe('hi');
    const thrower = {
      ...type,
      decode: () => {
        throw new Error('garbled');
      },
    };
    const e = errorOf(decodeMessage(thrower, new Uint8Array(), 'topic /q'));
    expect([e.name, e.message.includes('garbled'), e.message.includes('topic /q')]).toEqual(['Error', true, true]);
  });

  it('checkFunction accepts functions only', () => {
    expect(checkFunction('cb', () => {}).ok).toBe(true);
    expect(checkFunction('cb', async () => {}).ok).toBe(true);
    for (const bad of [undefined, null, {}, 'f']) expect(expectErr(checkFunction('cb', bad))).toBe('InvalidArgument');
  });

  it('messageInfo carries the attachment fields, undefined without one', () => {
    const gid = new Uint8Array(16).fill(3);
    expect(
      messageInfo({ key: 'k', receivedAtMs: 5, attachment: { sequenceNumber: 9n, sourceTimestampNs: 10n, gid } }),
    ).toEqual({ key: 'k', receivedAtMs: 5, sequenceNumber: 9n, sourceTimestampNs: 10n, publisherGid: gid });
    expect(messageInfo({ key: 'k', receivedAtMs: 6, attachment: undefined })).toEqual({
      key: 'k',
      receivedAtMs: 6,
      sequenceNumber: undefined,
      sourceTimestampNs: undefined,
      publisherGid: undefined,
    });
  });
});

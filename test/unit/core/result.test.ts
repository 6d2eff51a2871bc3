import { describe, expect, it } from 'vitest';
import {
  describeError,
  describeThrown,
  describeValue,
  ErrorCode,
  err,
  errCode,
  isRclError,
  ok,
  type ResultOf,
} from '../../../src/result.js';

describe('result codes', () => {
  it('uses the nros numbers', () => {
    expect(ErrorCode).toMatchObject({
      Ok: 0,
      Error: -1,
      Timeout: -2,
      InvalidArgument: -3,
      NotFound: -4,
      AlreadyExists: -5,
      Full: -6,
      NotInitialized: -7,
      BadSequence: -8,
      ServiceFailed: -9,
      PublishFailed: -10,
      SubscriptionFailed: -11,
      NotAllowed: -12,
      Rejected: -13,
      TryAgain: -14,
      Reentrant: -15,
      Unsupported: -16,
      TransportError: -100,
    });
    expect(Object.keys(ErrorCode)).toHaveLength(18);
  });
});

describe('ok / err', () => {
  it('ok() without a value is one shared frozen Ok', () => {
    const a = ok();
    expect(a).toEqual({ ok: true, value: undefined });
    expect(a).toBe(ok());
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('ok(value) carries the value, falsy ones included', () => {
    expect(ok(0)).toEqual({ ok: true, value: 0 });
    expect(ok('')).toEqual({ ok: true, value: '' });
    expect(ok(null)).toEqual({ ok: true, value: null });
  });

  it('err(name) carries code, name and message', () => {
    expect(err('Timeout', 'no reply on /add_two_ints within 500 ms')).toEqual({
      ok: false,
      error: { code: -2, name: 'Timeout', message: 'no reply on /add_two_ints within 500 ms' },
    });
  });

  it('narrows on ok', () => {
    const results: ResultOf<number>[] = [ok(3), err('NotFound', 'no node /talker')];
    const seen = results.map((r) => (r.ok ? r.value : r.error.name));
    expect(seen).toEqual([3, 'NotFound']);
  });
});

describe('errCode', () => {
  it('maps a known code to its name', () => {
    expect(errCode(-100, 'link down').error).toEqual({ code: -100, name: 'TransportError', message: 'link down' });
    expect(errCode(-6, 'arena full').error.name).toBe('Full');
  });

  it('maps unknown codes and 0 to Error', () => {
    expect(errCode(-77, 'x').error).toMatchObject({ code: -1, name: 'Error' });
    expect(errCode(0, 'x').error).toMatchObject({ code: -1, name: 'Error' });
  });
});

describe('isRclError', () => {
  it('checks the shape, not the class', () => {
    expect(isRclError(err('Full', 'x').error)).toBe(true);
    expect(isRclError({ code: -2, name: 'Timeout', message: 'm' })).toBe(true);
    expect(isRclError(new Error('boom'))).toBe(false);
    expect(isRclError({ code: '-2', name: 'Timeout', message: 'm' })).toBe(false);
    expect(isRclError(null)).toBe(false);
    expect(isRclError('Timeout')).toBe(false);
  });
});

describe('describeError / describeThrown', () => {
  it('formats an error as Name (code): message', () => {
    expect(describeError(err('InvalidArgument', 'topic name "" is empty').error)).toBe(
      'InvalidArgument (-3): topic name "" is empty',
    );
  });

  it('turns anything thrown into a sentence', () => {
    expect(describeThrown(new TypeError('bad key'))).toBe('bad key');
    expect(describeThrown('plain string')).toBe('plain string');
    expect(describeThrown({ reason: 'x' })).toBe('{"reason":"x"}');
    expect(describeThrown(undefined)).toBe('undefined');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeThrown(cyclic)).toBe('[object Object]');
  });
});

describe('error text is total', () => {
  function hostile(): Array<[string, unknown]> {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const badMessage = new Error('x');
    Object.defineProperty(badMessage, 'message', {
      get(): never {
        throw new Error('message getter');
      },
    });
    return [
      ['a null-prototype object', Object.create(null)],
      ['a revoked Proxy', proxy],
      [
        'an object whose toString throws',
        {
          toString: () => {
            throw new Error('toString');
          },
          toJSON: () => {
            throw new Error('toJSON');
          },
        },
      ],
      [
        'an object whose Symbol.toPrimitive throws',
        {
          [Symbol.toPrimitive]: () => {
            throw new Error('prim');
          },
          get toJSON(): never {
            throw new Error('toJSON getter');
          },
        },
      ],
      [
        'a Proxy whose every trap throws',
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('get');
            },
            getPrototypeOf: () => {
              throw new Error('proto');
            },
            ownKeys: () => {
              throw new Error('keys');
            },
          },
        ),
      ],
      ['an Error whose message getter throws', badMessage],
      ['a symbol', Symbol('s')],
      ['a bigint', 12n],
      [
        'a cyclic object with a null prototype',
        (() => {
          const o = Object.create(null) as Record<string, unknown>;
          o.self = o;
          return o;
        })(),
      ],
    ];
  }

  for (const [label, value] of hostile()) {
    it(`describeThrown, describeValue, describeError and isRclError never throw for ${label}`, () => {
      expect(typeof describeThrown(value)).toBe('string');
      expect(typeof describeValue(value)).toBe('string');
      expect(typeof describeError(value as never)).toBe('string');
      expect(typeof isRclError(value)).toBe('boolean');
    });
  }

  it('still says what it can: an Error by its message, a string as is, a plain value as JSON', () => {
    expect(describeThrown(new Error('boom'))).toBe('boom');
    expect(describeThrown('text')).toBe('text');
    expect(describeThrown({ a: 1 })).toBe('{"a":1}');
    expect(describeValue(Object.create(null))).toBe('[object that cannot be shown as text]');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(Symbol('s'))).toBe('Symbol(s)');
  });
});

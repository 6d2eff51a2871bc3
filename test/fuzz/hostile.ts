/**
 * Adversarial but type-conformant values, named: a property draws the NAME (so a failing
 * counterexample prints as a readable word, never as a revoked Proxy that cannot be printed)
 * and builds the value from it inside the run.
 */
import fc from 'fast-check';

/** Numbers a `number` parameter can be given. */
export const NUMBERS = {
  nan: Number.NaN,
  inf: Number.POSITIVE_INFINITY,
  negInf: Number.NEGATIVE_INFINITY,
  negZero: -0,
  zero: 0,
  minValue: Number.MIN_VALUE,
  tiny: 1e-9,
  half: 0.5,
  one: 1,
  negOne: -1,
  ten: 10,
  fifty: 50,
  twoPow31: 2 ** 31,
  twoPow32: 2 ** 32,
  twoPow53: 2 ** 53,
  negTwoPow53: -(2 ** 53),
  maxValue: Number.MAX_VALUE,
} as const;
export type NumberName = keyof typeof NUMBERS;
export const numberName: fc.Arbitrary<NumberName> = fc.constantFrom(...(Object.keys(NUMBERS) as NumberName[]));

/** A budget: mostly hostile, sometimes a small valid wait (so valid paths run too). */
export const budgetName: fc.Arbitrary<NumberName> = fc.constantFrom<NumberName>(
  'nan',
  'inf',
  'negInf',
  'negZero',
  'zero',
  'minValue',
  'half',
  'one',
  'negOne',
  'ten',
  'fifty',
  'twoPow31',
  'twoPow53',
  'maxValue',
);

const HUGE = 'x'.repeat(1 << 20);
/** Strings a `string` parameter can be given. */
export const STRINGS = {
  empty: '',
  plain: 'fuzz_a',
  plain2: 'fuzz_b',
  nul: '\0',
  nulInside: 'fu\0zz',
  loneHigh: '\uD800',
  loneLow: 'a\uDC00b',
  emoji: 'robot_🤖',
  huge: HUGE,
  slash: '/',
  doubleSlash: '//x',
  tilde: '~',
  tildeSlash: '~/x',
  braces: '{node}',
  hash: 'a#b',
  question: 'a?b',
  dollar: '$a',
  star: 'a/*',
  doubleStar: '**',
  space: ' ',
  newline: 'a\nb',
  dotDot: '../x',
  leadingDigit: '1abc',
  proto: '__proto__',
  ctor: 'constructor',
  abs: '/fuzz/abs',
  wsBadPort: 'ws/127.0.0.1:1',
  tcpLocator: 'tcp/127.0.0.1:7447',
  wsNoPort: 'ws/127.0.0.1',
  wsPort0: 'ws/127.0.0.1:0',
  wsPortHuge: 'ws/127.0.0.1:99999',
} as const;
export type StringName = keyof typeof STRINGS;
export const stringName: fc.Arbitrary<StringName> = fc.constantFrom(...(Object.keys(STRINGS) as StringName[]));

/** How an object-shaped argument is wrapped. */
export const OBJECT_KINDS = [
  'plain',
  'nullProto',
  'frozen',
  'proxy',
  'throwingGetters',
  'throwingProxy',
  'revoked',
  'toStringThrows',
  'flipping',
] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];
export const objectKind: fc.Arbitrary<ObjectKind> = fc.constantFrom(...OBJECT_KINDS);

const boom = (): never => {
  throw new Error('fuzz: hostile getter');
};

const throwingTraps: ProxyHandler<object> = {
  get: boom,
  has: boom,
  ownKeys: boom,
  getOwnPropertyDescriptor: boom,
  getPrototypeOf: boom,
  set: boom,
  defineProperty: boom,
  deleteProperty: boom,
  apply: boom,
  construct: boom,
};

/** A revoked Proxy: any touch (even typeof-adjacent reflection) throws TypeError. */
export function revoked<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** An object no code can even print: toString, valueOf and toPrimitive all throw. */
export function unprintable(): object {
  return { toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom, toJSON: boom };
}

/**
 * `base` wrapped the named way. 'flipping' answers the real value on the first read of each
 * field and a hostile one afterwards (a value checked, then read again, changes under the reader).
 */
export function hostileObject<T extends object>(kind: ObjectKind, base: T): T {
  switch (kind) {
    case 'plain':
      return base;
    case 'nullProto':
      return Object.assign(Object.create(null) as T, base);
    case 'frozen':
      return Object.freeze({ ...base });
    case 'proxy':
      return new Proxy(base, {});
    case 'throwingGetters': {
      const o = Object.create(Object.getPrototypeOf(base) as object | null) as T;
      for (const key of Reflect.ownKeys(base)) Object.defineProperty(o, key, { get: boom, enumerable: true });
      return o;
    }
    case 'throwingProxy':
      return new Proxy(base, throwingTraps) as T;
    case 'revoked':
      return revoked(base);
    case 'toStringThrows':
      return Object.assign(Object.create(Object.getPrototypeOf(base) as object | null) as T, base, {
        toString: boom,
        valueOf: boom,
        [Symbol.toPrimitive]: boom,
      });
    case 'flipping': {
      const o = Object.create(Object.getPrototypeOf(base) as object | null) as T;
      for (const key of Reflect.ownKeys(base)) {
        let reads = 0;
        const real = (base as Record<PropertyKey, unknown>)[key];
        Object.defineProperty(o, key, {
          get: () => (reads++ === 0 ? real : typeof real === 'number' ? Number.NaN : revoked({})),
          enumerable: true,
        });
      }
      return o;
    }
  }
}

/** Things a throwing or rejecting callback can throw. */
export const THROWN = ['error', 'string', 'undefined', 'nullProto', 'revoked', 'unprintable', 'bigint'] as const;
export type ThrownKind = (typeof THROWN)[number];
export const thrownKind: fc.Arbitrary<ThrownKind> = fc.constantFrom(...THROWN);

export function thrownValue(kind: ThrownKind): unknown {
  switch (kind) {
    case 'error':
      return new Error('fuzz: handler failed');
    case 'string':
      return 'fuzz: a thrown string';
    case 'undefined':
      return undefined;
    case 'nullProto':
      return Object.create(null);
    case 'revoked':
      return revoked({});
    case 'unprintable':
      return unprintable();
    case 'bigint':
      return 10n;
  }
}

/** Byte arrays a `Uint8Array` parameter can be given. */
export const BYTES = ['empty', 'one', 'garbage', 'detached', 'view', 'big'] as const;
export type BytesKind = (typeof BYTES)[number];
export const bytesKind: fc.Arbitrary<BytesKind> = fc.constantFrom(...BYTES);

export function bytesValue(kind: BytesKind): Uint8Array {
  switch (kind) {
    case 'empty':
      return new Uint8Array(0);
    case 'one':
      return Uint8Array.of(1);
    case 'garbage':
      return Uint8Array.from({ length: 37 }, (_, i) => (i * 97 + 13) & 0xff);
    case 'detached': {
      const b = new Uint8Array(16);
      structuredClone(b.buffer, { transfer: [b.buffer] });
      return b;
    }
    case 'view':
      return new Uint8Array(new ArrayBuffer(64), 60, 4);
    case 'big':
      return new Uint8Array(1 << 20);
  }
}

/** A thenable whose `then` throws `thrown` (a promise-like that breaks whoever adopts it). */
export function throwingThenable(thrown: unknown): PromiseLike<never> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point
    then() {
      throw thrown;
    },
  };
}

/** A thenable that never calls back (adopting it waits forever). */
export function neverThenable(): PromiseLike<never> {
  // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the point
  return { then: () => neverThenable() };
}

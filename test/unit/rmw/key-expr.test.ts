import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonizeKeyExpr, hasWildcard, includes, intersects, validateKeyExpr } from '../../../src/rmw/key-expr.js';
import { loadZenohTs, type ZenohTs } from '../../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';

/** A reference matcher written independently: a key expression as a regular expression over concrete keys. */
function referenceRegex(pattern: string): RegExp {
  const quote = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = pattern.split('/').map((chunk) => {
    if (chunk === '**') return '(?:/(?!@)[^/]*)*';
    if (chunk === '*') return '/(?!@)[^/]+';
    if (chunk.startsWith('@')) return `/${quote(chunk)}`;
    return `/(?!@)${chunk.split('$*').map(quote).join('[^/]*')}`;
  });
  return new RegExp(`^${parts.join('')}$`);
}
const refMatches = (pattern: string, key: string): boolean => referenceRegex(pattern).test(`/${key}`);

const PATTERN_CHUNKS = ['a', 'b', 'ab', '*', '**', 'a$*', '$*b', 'a$*b', '$*a$*', '@a', '@b', 'x@', '@a$*'];
const KEY_CHUNKS = ['a', 'b', 'ab', 'ba', 'aab', 'x@', '@a', '@b', '@a$*'];

const canonical = (ke: string): string => {
  const c = canonizeKeyExpr(ke);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
};
const patternArb = fc
  .array(fc.constantFrom(...PATTERN_CHUNKS), { minLength: 1, maxLength: 5 })
  .map((cs) => canonical(cs.join('/')));
const keyArb = fc.array(fc.constantFrom(...KEY_CHUNKS), { minLength: 1, maxLength: 5 }).map((cs) => cs.join('/'));
const anyStringArb = fc
  .array(fc.constantFrom('a', 'b', '/', '*', '$', '@', '#', '?', ' '), { maxLength: 9 })
  .map((cs) => cs.join(''));

describe('validateKeyExpr', () => {
  it.each([
    'a',
    'vrobots/1/z/state',
    'vrobots/*/z/state',
    'vrobots/**',
    '*/**',
    'a$*',
    '$*a$*',
    '@ros2_lv/0/**',
    '@a$*',
    'a/ /b',
    '0/chatter/std_msgs::msg::dds_::String_/RIHS01_df66',
  ])('accepts %s', (ke) => {
    expect(validateKeyExpr(ke)).toEqual({ ok: true, value: undefined });
  });

  it.each([
    ['', 'empty'],
    ['/a', 'empty chunk'],
    ['a/', 'empty chunk'],
    ['a//b', 'empty chunk'],
    ['a#', "'#'"],
    ['a?b', "'?'"],
    ['a*', "'*' must be a whole chunk"],
    ['***', "'*' must be a whole chunk"],
    ['a$b', "'$' must be followed by '*'"],
    ['**/**', "write '**'"],
    ['**/*', "write '*/**'"],
    ['a/$*/b', "write 'a/*/b'"],
  ])('refuses %j (%s), naming it', (ke, why) => {
    const r = validateKeyExpr(ke, 'subscription key');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('InvalidArgument');
      expect(r.error.message).toContain(`subscription key '${ke}'`);
      expect(r.error.message).toContain(why);
    }
  });

  it('refuses a non-string', () => {
    const r = validateKeyExpr(42 as unknown as string);
    expect(r.ok).toBe(false);
  });
});

describe('canonizeKeyExpr', () => {
  it.each([
    ['**/**', '**'],
    ['**/*', '*/**'],
    ['**/*/**', '*/**'],
    ['a/**/**/b', 'a/**/b'],
    ['**/*/*/**/x', '*/*/**/x'],
    ['a/$*', 'a/*'],
    ['a$*$*b', 'a$*b'],
    ['a/b', 'a/b'],
  ])('%s -> %s', (ke, canon) => {
    expect(canonizeKeyExpr(ke)).toEqual({ ok: true, value: canon });
  });

  it('is idempotent and yields valid key expressions', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PATTERN_CHUNKS, '$*'), { minLength: 1, maxLength: 6 }), (cs) => {
        const once = canonical(cs.join('/'));
        expect(canonical(once)).toBe(once);
        expect(validateKeyExpr(once).ok).toBe(true);
      }),
    );
  });
});

describe('intersects / includes', () => {
  it.each([
    ['vrobots/*/z/state', 'vrobots/1/z/state', true],
    ['vrobots/*/z/state', 'vrobots/1/2/z/state', false],
    ['vrobots/**', 'vrobots', true],
    ['vrobots/**', 'vrobots/1/z/state', true],
    ['vrobots/**', 'vrobots/@ros2_lv/x', false],
    ['**', '@ros2_lv/0/abc', false],
    ['@ros2_lv/0/**', '@ros2_lv/0/abc/NN', true],
    ['*', '@a', false],
    ['a$*', '@ab', false],
    ['a$*b', 'ab', true],
    ['a$*b$*c', '$*bc', true],
    ['a$*', '$*b', true],
    ['a$*', 'b$*', false],
    ['**/@b', 'a/@b', true],
    ['a/*', 'a/**', true],
    ['a/*/b', 'a/**/c', false],
  ])('intersects(%s, %s) = %s', (a, b, want) => {
    expect(intersects(a, b)).toBe(want);
    expect(intersects(b, a)).toBe(want);
  });

  it.each([
    ['**', 'a/b', true],
    ['a/**', 'a', true],
    ['**', '@a', false],
    ['*', 'a$*', true],
    ['a$*', '*', false],
    ['a/**', 'a/*/**', true],
    ['a/*/**', 'a/**', false],
    ['$*', 'a', true],
    ['a$*', 'ab$*', true],
    ['ab$*', 'a$*', false],
    ['@a$*', '@a$*', true],
    ['@a$*', '@ab', false],
  ])('includes(%s, %s) = %s', (a, b, want) => {
    expect(includes(a, b)).toBe(want);
  });

  it('agrees with a reference regex on concrete keys', () => {
    fc.assert(
      fc.property(patternArb, keyArb, (pattern, key) => {
        const want = refMatches(pattern, key);
        expect(intersects(pattern, key)).toBe(want);
        expect(intersects(key, pattern)).toBe(want);
        expect(includes(pattern, key)).toBe(want);
      }),
      { numRuns: 3000 },
    );
  });

  it('is symmetric; inclusion implies intersection; both are reflexive', () => {
    fc.assert(
      fc.property(patternArb, patternArb, (a, b) => {
        expect(intersects(a, b)).toBe(intersects(b, a));
        if (includes(a, b)) expect(intersects(a, b)).toBe(true);
        expect(includes(a, a)).toBe(true);
        expect(intersects(a, a)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('a key matching both patterns proves they intersect; a key in b but not a disproves inclusion', () => {
    fc.assert(
      fc.property(patternArb, patternArb, fc.array(keyArb, { minLength: 20, maxLength: 20 }), (a, b, keys) => {
        for (const k of keys) {
          if (refMatches(a, k) && refMatches(b, k)) expect(intersects(a, b)).toBe(true);
          if (refMatches(b, k) && !refMatches(a, k)) expect(includes(a, b)).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('hasWildcard', () => {
    expect(hasWildcard('a/b')).toBe(false);
    expect(hasWildcard('a/*')).toBe(true);
    expect(hasWildcard('a$*')).toBe(true);
  });
});

/** zenoh's own key-expression code (Rust compiled to wasm, shipped in zenoh-ts) as the oracle. */
describe('agreement with zenoh (zenoh-ts wasm)', () => {
  let zenoh: ZenohTs;
  beforeAll(async () => {
    const loaded = await loadZenohTs();
    if (!loaded.ok) throw new Error(loaded.error.message);
    zenoh = loaded.value;
  });
  const zenohAccepts = (ke: string): boolean => {
    try {
      new zenoh.KeyExpr(ke);
      return true;
    } catch {
      return false;
    }
  };

  it('accepts exactly the strings zenoh accepts', () => {
    fc.assert(
      fc.property(anyStringArb, (s) => {
        expect(validateKeyExpr(s).ok).toBe(zenohAccepts(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('canonizes like zenoh where zenoh can', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PATTERN_CHUNKS, '$*'), { minLength: 1, maxLength: 6 }), (cs) => {
        const ke = cs.join('/');
        expect(canonical(ke)).toBe(zenoh.KeyExpr.autocanonize(ke).toString());
      }),
      { numRuns: 2000 },
    );
  });

  it('intersects and includes exactly like zenoh', () => {
    fc.assert(
      fc.property(fc.oneof(patternArb, keyArb), fc.oneof(patternArb, keyArb), (a, b) => {
        const za = new zenoh.KeyExpr(a);
        const zb = new zenoh.KeyExpr(b);
        expect(intersects(a, b)).toBe(za.intersects(zb));
        expect(includes(a, b)).toBe(za.includes(zb));
      }),
      { numRuns: 5000 },
    );
  });
});

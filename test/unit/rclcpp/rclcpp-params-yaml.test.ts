/**
 * The YAML of `-p name:=value` (the inline scalar parser, one construct at a time) and of params
 * files (the yaml package, as params-yaml.ts reads it: integers as bigint, errors naming the line).
 */
import { describe, expect, it } from 'vitest';
import { parseInline, parseScalar } from '../../../src/rclcpp/parameters/inline-yaml.js';
import { parseParamsYaml as parseYaml } from '../../../src/rclcpp/parameters/params-yaml.js';
import { unwrap } from '../../support/executor-fixture.js';

const message = (r: { ok: boolean; error?: { message: string } }): string => r.error?.message ?? '';

describe('scalars (YAML 1.2 core schema)', () => {
  it('types null, booleans, integers, floats and strings as the core schema does', () => {
    const cases: Array<[string, unknown]> = [
      ['', null],
      ['~', null],
      ['null', null],
      ['Null', null],
      ['NULL', null],
      ['nULL', 'nULL'],
      ['true', true],
      ['True', true],
      ['TRUE', true],
      ['tRUE', 'tRUE'],
      ['truest', 'truest'],
      ['xtrue', 'xtrue'],
      ['false', false],
      ['False', false],
      ['FALSE', false],
      ['falsey', 'falsey'],
      ['afalse', 'afalse'],
      ['0', 0n],
      ['42', 42n],
      ['-42', -42n],
      ['+7', 7n],
      ['12345678901234567890', 12345678901234567890n],
      ['4x', '4x'],
      ['x4', 'x4'],
      ['0x1F', 31n],
      ['0xff', 255n],
      ['0xg', '0xg'],
      ['a0x1', 'a0x1'],
      ['0x1z', '0x1z'],
      ['1.5', 1.5],
      ['-1.5', -1.5],
      ['+.5', 0.5],
      ['.5', 0.5],
      ['2.', 2],
      ['1e3', 1000],
      ['1.5E-2', 0.015],
      ['-2e+2', -200],
      ['1.5x', '1.5x'],
      ['x1.5', 'x1.5'],
      ['1e', '1e'],
      ['.', '.'],
      ['.inf', Number.POSITIVE_INFINITY],
      ['+.Inf', Number.POSITIVE_INFINITY],
      ['-.INF', Number.NEGATIVE_INFINITY],
      ['.infinity', '.infinity'],
      ['x.inf', 'x.inf'],
      ['.nan', Number.NaN],
      ['.NaN', Number.NaN],
      ['.NAN', Number.NaN],
      ['.nanx', '.nanx'],
      ['-.nan', '-.nan'],
      ['hello world', 'hello world'],
      ['  padded  ', 'padded'],
      ['a&b', 'a&b'],
    ];
    for (const [raw, want] of cases) expect(parseScalar(raw), JSON.stringify(raw)).toEqual(want);
  });

  it('unquotes strings: double quotes with \\" \\\\ \\n \\t escapes, single quotes with doubled quotes', () => {
    expect(parseScalar('"42"')).toBe('42');
    expect(parseScalar("'true'")).toBe('true');
    expect(parseScalar('"a\\"b\\\\c\\nd\\te"')).toBe('a"b\\c\nd\te');
    expect(parseScalar('"a\\xb"')).toBe('a\\xb');
    expect(parseScalar("'it''s'")).toBe("it's");
    expect(parseScalar("'a\\n'")).toBe('a\\n');
    expect(parseScalar('""')).toBe('');
    expect(parseScalar('"x\'')).toBe('"x\'');
    expect(parseScalar('"')).toBe('"');
    expect(parseScalar('x"')).toBe('x"');
  });

  it('refuses anchors, aliases, tags, block scalars and flow mappings', () => {
    for (const raw of ['&a 1', '*a', '!!str 1', '|', '>', '{a: 1}']) expect(() => parseScalar(raw), raw).toThrow();
  });
});

describe('flow sequences', () => {
  it('split on commas outside quotes and type each item', () => {
    expect(parseInline('[1, 2.5, true, "a,b", \'c\', x]')).toEqual([1n, 2.5, true, 'a,b', 'c', 'x']);
    expect(parseInline('[]')).toEqual([]);
    expect(parseInline('[ ]')).toEqual([]);
    expect(parseInline('[a]')).toEqual(['a']);
    expect(parseInline('[a,]')).toEqual(['a', null]);
    expect(parseInline('[,]')).toEqual([null, null]);
    expect(parseInline('  7  ')).toBe(7n);
  });

  it('refuse nesting and an unterminated sequence', () => {
    for (const raw of ['[[1]]', '[{a: 1}]', '[1, 2']) expect(() => parseInline(raw), raw).toThrow();
    expect(parseInline('["[x]"]')).toEqual(['[x]']);
  });
});

describe('params file documents (the yaml package)', () => {
  it('reads nested block mappings, block sequences and inline values', () => {
    const doc = [
      '# a params file',
      '---',
      '/ns/node:',
      '  ros__parameters:',
      '    rate: 5 # per second',
      '    name: "left # not a comment"',
      "    tag: 'x#y'",
      '    url: a#b',
      '    empty:',
      '    list: [1, 2]',
      '    items:',
      '      - a',
      '      - 2',
      '    dashes:',
      '    - 1',
      '    - [x, y]',
      '    after: true',
      '...',
    ].join('\n');
    expect(unwrap(parseYaml(doc))).toEqual({
      '/ns/node': {
        ros__parameters: {
          rate: 5n,
          name: 'left # not a comment',
          tag: 'x#y',
          url: 'a#b',
          empty: null,
          list: [1n, 2n],
          items: ['a', 2n],
          dashes: [1n, ['x', 'y']],
          after: true,
        },
      },
    });
  });

  it('reads quoted keys, keys with spaces before the colon, CRLF lines and a top-level sequence', () => {
    expect(unwrap(parseYaml('"a:b": 1\r\n\'c\' : 2\r\nd e: 3'))).toEqual({ 'a:b': 1n, c: 2n, 'd e': 3n });
    expect(unwrap(parseYaml('- 1\n- two'))).toEqual([1n, 'two']);
    expect(unwrap(parseYaml('k:\n  - 1\nnext: 2'))).toEqual({ k: [1n], next: 2n });
    expect(unwrap(parseYaml('a: 1\nb:'))).toEqual({ a: 1n, b: null });
    expect(unwrap(parseYaml('  a: 1\n  b: 2'))).toEqual({ a: 1n, b: 2n });
  });

  it('takes a tab inside a line, refusing it only as indentation, and --- or ... only on a line of their own', () => {
    expect(unwrap(parseYaml('a: "x\ty"\nb:\tz'))).toEqual({ a: 'x\ty', b: 'z' });
    expect(unwrap(parseYaml('a: ---\nb: x...'))).toEqual({ a: '---', b: 'x...' });
  });

  it('reads an empty or comment-only document as null', () => {
    for (const text of ['', '\n\n', '# only a comment\n   # another', '---\n...']) {
      expect(unwrap(parseYaml(text)), JSON.stringify(text)).toBeNull();
    }
  });

  it('reads what the hand-written subset refused: anchors, block scalars, nested sequences, flow mappings', () => {
    expect(unwrap(parseYaml('a: &x 1\nb: *x'))).toEqual({ a: 1n, b: 1n });
    expect(unwrap(parseYaml('t: |\n  two\n  lines'))).toEqual({ t: 'two\nlines\n' });
    expect(unwrap(parseYaml('k:\n  -\n    - 1'))).toEqual({ k: [[1n]] });
    expect(unwrap(parseYaml('a: [1, [2]]\nb: {c: 0x1F}'))).toEqual({ a: [1n, [2n]], b: { c: 31n } });
    expect(unwrap(parseYaml('just text'))).toBe('just text');
  });

  it('refuses tabs, bad indentation, duplicate keys and collection keys', () => {
    const bad = [
      'a: 1\n\tb: 2',
      'a: 1\n  b: 2',
      '  a: 1\nb: 2',
      'a:\n    b: 1\n  c: 2',
      '- a\nb: 1',
      'a: 1\na: 2',
      '? [1]\n: x',
    ];
    for (const text of bad) {
      const r = parseYaml(text);
      expect(r.ok, JSON.stringify(text)).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message.startsWith('YAML: ')).toBe(true);
      }
    }
    const tab = parseYaml('a: 1\n\tb: 2');
    if (!tab.ok) expect(tab.error.message).toContain('line 2');
    const indent = parseYaml('a:\n    b: 1\n  c: 2');
    if (!indent.ok) expect(indent.error.message).toBe('YAML: line 3: All mapping items must start at the same column');
    expect(message(parseYaml('a: 1\na: 2'))).toBe('YAML: line 2: Map keys must be unique');
  });
});

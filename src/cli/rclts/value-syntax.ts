/**
 * The value syntax ros2 users type after `topic pub` and `service call` (YAML flow style:
 * `"{linear: {x: 1.0}, angular: {z: 0.5}}"`, `"data: hello"`), parsed into plain values.
 * Numbers stay text (`NumberText`) until the field's type is known, so an int64 keeps every digit.
 */

export class NumberText {
  constructor(readonly text: string) {}
}

export type YamlValue = string | boolean | null | NumberText | YamlValue[] | { [key: string]: YamlValue };

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(\.inf|\.Inf|\.INF)$|^\.nan$|^\.NaN$/;

/** Parses `text`; a string sentence (with the column) when it is not valid. */
export function parseValues(text: string): { ok: true; value: YamlValue } | { ok: false; error: string } {
  const trimmed = text.trim();
  const src =
    trimmed === ''
      ? '{}'
      : trimmed.startsWith('{') || trimmed.startsWith('[')
        ? trimmed
        : `{${trimmed.replace(/\n/g, ', ')}}`;
  const p = { s: src, i: 0 };
  try {
    const value = parseValue(p);
    skip(p);
    if (p.i < p.s.length) throw new SyntaxError(`unexpected '${p.s[p.i]}' at column ${p.i + 1}`);
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

interface Cursor {
  readonly s: string;
  i: number;
}

function skip(p: Cursor): void {
  while (p.i < p.s.length && /\s/.test(p.s[p.i]!)) p.i++;
}

function expect(p: Cursor, c: string): void {
  skip(p);
  if (p.s[p.i] !== c)
    throw new SyntaxError(`expected '${c}' at column ${p.i + 1}${p.i < p.s.length ? `, found '${p.s[p.i]}'` : ''}`);
  p.i++;
}

function parseValue(p: Cursor): YamlValue {
  skip(p);
  const c = p.s[p.i];
  if (c === '{') return parseMap(p);
  if (c === '[') return parseList(p);
  if (c === '"' || c === "'") return parseQuoted(p);
  return parseBare(p);
}

function parseMap(p: Cursor): { [key: string]: YamlValue } {
  expect(p, '{');
  const out: { [key: string]: YamlValue } = {};
  skip(p);
  if (p.s[p.i] === '}') {
    p.i++;
    return out;
  }
  for (;;) {
    skip(p);
    const key = p.s[p.i] === '"' || p.s[p.i] === "'" ? parseQuoted(p) : parseKey(p);
    expect(p, ':');
    out[key] = parseValue(p);
    skip(p);
    if (p.s[p.i] === ',') {
      p.i++;
      continue;
    }
    expect(p, '}');
    return out;
  }
}

function parseList(p: Cursor): YamlValue[] {
  expect(p, '[');
  const out: YamlValue[] = [];
  skip(p);
  if (p.s[p.i] === ']') {
    p.i++;
    return out;
  }
  for (;;) {
    out.push(parseValue(p));
    skip(p);
    if (p.s[p.i] === ',') {
      p.i++;
      continue;
    }
    expect(p, ']');
    return out;
  }
}

function parseKey(p: Cursor): string {
  const start = p.i;
  while (p.i < p.s.length && /[A-Za-z0-9_]/.test(p.s[p.i]!)) p.i++;
  if (p.i === start) throw new SyntaxError(`expected a field name at column ${start + 1}`);
  return p.s.slice(start, p.i);
}

function parseQuoted(p: Cursor): string {
  const q = p.s[p.i++]!;
  let out = '';
  while (p.i < p.s.length) {
    const c = p.s[p.i++]!;
    if (q === "'" && c === "'" && p.s[p.i] === "'") {
      out += "'";
      p.i++;
    } else if (c === q) {
      return out;
    } else if (q === '"' && c === '\\' && p.i < p.s.length) {
      const e = p.s[p.i++]!;
      out += e === 'n' ? '\n' : e === 't' ? '\t' : e;
    } else {
      out += c;
    }
  }
  throw new SyntaxError(`unterminated string starting with ${q}`);
}

function parseBare(p: Cursor): YamlValue {
  const start = p.i;
  while (p.i < p.s.length && !',}]'.includes(p.s[p.i]!)) p.i++;
  const t = p.s.slice(start, p.i).trim();
  if (t === '') throw new SyntaxError(`expected a value at column ${start + 1}`);
  if (t === 'true' || t === 'True') return true;
  if (t === 'false' || t === 'False') return false;
  if (t === 'null' || t === '~') return null;
  return NUMBER.test(t) ? new NumberText(t) : t;
}

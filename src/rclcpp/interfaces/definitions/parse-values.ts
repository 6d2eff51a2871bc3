/** Constant and default values of `.msg` lines, checked against their type as rosidl does. */

import { utf8Length } from '../runtime/index.js';
import type { PrimitiveName, ScalarValue } from './definition.js';

const INT_RANGE: Partial<Record<PrimitiveName, readonly [bigint, bigint]>> = {
  byte: [0n, 255n],
  char: [0n, 255n],
  int8: [-128n, 127n],
  uint8: [0n, 255n],
  int16: [-32768n, 32767n],
  uint16: [0n, 65535n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
};

/** A primitive value from its text; a string sentence when it is not one. */
export function parseScalar(type: PrimitiveName, text: string, stringBound: number): ScalarValue | string[] {
  const t = text.trim();
  if (type === 'bool') {
    if (t === 'true' || t === 'True' || t === '1') return true;
    if (t === 'false' || t === 'False' || t === '0') return false;
    return [`'${t}' is not a bool (true or false)`];
  }
  if (type === 'string' || type === 'wstring') {
    const s = unquote(t);
    // the bound counts what the encoder counts: UTF-8 bytes (UTF-16 units for a wstring)
    const length = type === 'string' ? utf8Length(s) : s.length;
    if (stringBound > 0 && length > stringBound) return [`'${s}' is longer than the bound ${stringBound}`];
    return s;
  }
  if (type === 'float32' || type === 'float64') {
    const v = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
    if (!Number.isFinite(v)) return [`'${t}' is not a ${type}`];
    return v;
  }
  const range = INT_RANGE[type];
  if (range === undefined || !/^[+-]?\d+$/.test(t)) return [`'${t}' is not an integer of type ${type}`];
  const v = BigInt(t);
  if (v < range[0] || v > range[1]) return [`${t} is out of range for ${type}`];
  return type === 'int64' || type === 'uint64' ? v : Number(v);
}

/** Removes matching quotes and their escapes; an unquoted text is the value as written. */
function unquote(t: string): string {
  if (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0]) {
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return t;
}

/** `[a, "b, c", 3]` split into element texts (commas inside quotes kept). */
export function splitArrayLiteral(text: string): string[] | undefined {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) return undefined;
  const inner = t.slice(1, -1);
  const out: string[] = [];
  let cur = '';
  let quote = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (quote !== '') {
      cur += c;
      if (c === '\\' && i + 1 < inner.length) cur += inner[++i];
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
      cur += c;
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  if (cur.trim() !== '' || out.length > 0) out.push(cur);
  return out.map((s) => s.trim());
}

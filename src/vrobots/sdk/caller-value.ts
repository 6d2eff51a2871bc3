/**
 * A caller's argument read exactly once, into plain data, before anything checks or encodes
 * it: a getter that throws, a revoked Proxy or a cycle answers invalid_argument naming the
 * path, and a value whose fields change between reads cannot pass a check with one value and
 * be sent with another.
 */
import { describeThrown, ok } from '../../result.js';
import { type VrResultOf, vrErr } from './vr-error.js';

/** Deeper than any vrobots message; past it the value is refused rather than walked. */
const MAX_DEPTH = 32;

class Unreadable {
  constructor(readonly detail: string) {}
}

function copy(value: unknown, path: string, depth: number, seen: Set<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) throw new Unreadable(`${path} is nested deeper than ${MAX_DEPTH} levels`);
  if (seen.has(value)) throw new Unreadable(`${path} refers to itself`);
  seen.add(value);
  try {
    if (ArrayBuffer.isView(value)) return value instanceof Uint8Array ? Uint8Array.from(value) : value;
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      for (let i = 0; i < out.length; i++) out[i] = copy(value[i], `${path}[${i}]`, depth + 1, seen);
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      out[key] = copy((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1, seen);
    }
    return out;
  } catch (e) {
    throw e instanceof Unreadable ? e : new Unreadable(`${path} could not be read: ${describeThrown(e)}`);
  } finally {
    seen.delete(value);
  }
}

/** `value` as plain data (arrays, plain objects, primitives, byte arrays), read once. */
export function readCallerValue<T>(value: T, path: string): VrResultOf<T> {
  try {
    return ok(copy(value, path, 0, new Set()) as T);
  } catch (e) {
    return vrErr(
      'invalid_argument',
      e instanceof Unreadable ? e.detail : `${path} could not be read: ${describeThrown(e)}`,
    );
  }
}

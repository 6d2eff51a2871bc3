/**
 * A message decoded by pbjs's generated code made into the plain object rclts hands out:
 * every field present (absent sub-messages as defaults, absent scalars as zeros), 64-bit
 * integers as bigint, bytes copied. The walk reads the field tables at run time and works
 * anywhere; decode-direct.ts compiles the same rules per message type where code may be compiled.
 */
import type { FieldInfo } from '../generated/swarmbotix-types.js';
import { fieldsOf, type Plain } from './encode-walk.js';

/** The value of a scalar field the wire left out. */
export function scalarDefault(f: FieldInfo): unknown {
  if (f.kind === 'long') return 0n;
  if (f.kind === 'enum') return 0;
  if (f.type === 'bool') return false;
  if (f.type === 'string') return '';
  if (f.type === 'bytes') return new Uint8Array(0);
  return 0;
}

/** A complete default message: scalars zero, arrays empty, optional fields absent. */
export function defaultOf(typeName: string): Plain {
  const out: Plain = {};
  for (const f of fieldsOf(typeName)) {
    if (f.optional) continue;
    if (f.repeated) out[f.name] = [];
    else out[f.name] = f.kind === 'message' ? defaultOf(f.type) : scalarDefault(f);
  }
  return out;
}

/** A pbjs 64-bit value (a number, or low and high halves) as a bigint of the field's signedness. */
export function fromLong(v: unknown, f: FieldInfo): bigint {
  const unsigned = f.type === 'uint64' || f.type === 'fixed64';
  if (typeof v === 'number') return BigInt(v);
  const bits = v as { low: number; high: number };
  const u = (BigInt(bits.high >>> 0) << 32n) | BigInt(bits.low >>> 0);
  return unsigned ? u : BigInt.asIntN(64, u);
}

function fromWireValue(v: unknown, f: FieldInfo): unknown {
  if (f.kind === 'message') return fromWire(f.type, v as Plain);
  if (f.kind === 'long') return fromLong(v, f);
  if (f.type === 'bytes') return new Uint8Array(v as Uint8Array);
  return v;
}

/** A decoded pbjs instance -> a complete plain object (absent sub-messages as defaults). */
export function fromWire(typeName: string, decoded: Plain): Plain {
  const out: Plain = {};
  for (const f of fieldsOf(typeName)) {
    const v = decoded[f.name];
    if (f.optional) {
      if (v !== null && v !== undefined && Object.hasOwn(decoded, f.name)) out[f.name] = fromWireValue(v, f);
    } else if (f.repeated) {
      out[f.name] = Array.isArray(v) ? v.map((e) => fromWireValue(e, f)) : [];
    } else if (f.kind === 'message') {
      out[f.name] = v === null || v === undefined ? defaultOf(f.type) : fromWire(f.type, v as Plain);
    } else {
      out[f.name] = v === null || v === undefined ? scalarDefault(f) : fromWireValue(v, f);
    }
  }
  return out;
}

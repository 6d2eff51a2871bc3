// The reference the vrobots codec is held to (its tests, bench/vrobots-codec.ts): protobufjs
// reading proto/ itself, with the conversions to and from the SDK's plain objects (bigint
// 64-bit values, every field present) done here, field table by field table.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { FIELDS, type FieldInfo } from '../../src/vrobots/generated/swarmbotix-types.js';

export type Plain = Record<string, unknown>;

const PROTO = join(import.meta.dirname, '../../proto');
let root: protobuf.Root | undefined;

/** Every message of proto/, read once. */
export function protoRoot(): protobuf.Root {
  if (root !== undefined) return root;
  const r = new protobuf.Root();
  r.resolvePath = (_origin, target) => (target.startsWith(PROTO) ? target : join(PROTO, target));
  const files = readdirSync(PROTO, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.proto'));
  r.loadSync(files.map((f) => join(PROTO, f)).sort());
  r.resolveAll();
  root = r;
  return r;
}

interface LongBits {
  low: number;
  high: number;
  unsigned: boolean;
}

const isUnsigned = (f: FieldInfo): boolean => f.type === 'uint64' || f.type === 'fixed64';

/** A plain message as protobufjs takes it: 64-bit values as halves, proto3 defaults left out. */
export function toReference(typeName: string, plain: Plain): Plain {
  const out: Plain = {};
  for (const f of FIELDS[typeName] ?? []) {
    const v = plain[f.name];
    if (v === undefined || (f.optional && v === null)) continue;
    const one = (e: unknown): unknown => {
      if (f.kind === 'message') return toReference(f.type, e as Plain);
      if (f.kind !== 'long') return e;
      const u = BigInt.asUintN(64, BigInt(e as bigint));
      return { low: Number(u & 0xffffffffn) | 0, high: Number(u >> 32n) | 0, unsigned: isUnsigned(f) };
    };
    const w = Array.isArray(v) ? v.map(one) : one(v);
    let empty: boolean;
    if (Array.isArray(w) || w instanceof Uint8Array || typeof w === 'string') empty = w.length === 0;
    else if (f.kind === 'long') empty = (w as LongBits).low === 0 && (w as LongBits).high === 0;
    else if (f.kind === 'message') empty = Object.keys(w as Plain).length === 0;
    else empty = w === 0 || w === false;
    if (f.optional || !empty) out[f.name] = w;
  }
  return out;
}

function scalarDefault(f: FieldInfo): unknown {
  if (f.kind === 'long') return 0n;
  if (f.type === 'bool') return false;
  if (f.type === 'string') return '';
  if (f.type === 'bytes') return new Uint8Array(0);
  return 0;
}

/** A protobufjs message made the plain object the SDK hands out: every field, bigint, bytes copied. */
export function fromReference(typeName: string, decoded: Plain | null | undefined): Plain {
  const m = decoded ?? {};
  const out: Plain = {};
  for (const f of FIELDS[typeName] ?? []) {
    const one = (e: unknown): unknown => {
      if (f.kind === 'message') return fromReference(f.type, e as Plain);
      if (f.kind === 'long') {
        if (typeof e === 'number') return BigInt(e);
        const bits = e as LongBits;
        const u = (BigInt(bits.high >>> 0) << 32n) | BigInt(bits.low >>> 0);
        return isUnsigned(f) ? u : BigInt.asIntN(64, u);
      }
      if (f.type === 'bytes') return new Uint8Array(e as Uint8Array);
      return e;
    };
    const present = Object.hasOwn(m, f.name) && m[f.name] !== null && m[f.name] !== undefined;
    if (f.optional) {
      if (present) out[f.name] = one(m[f.name]);
    } else if (f.repeated) out[f.name] = present ? (m[f.name] as unknown[]).map(one) : [];
    else if (f.kind === 'message') out[f.name] = fromReference(f.type, present ? (m[f.name] as Plain) : undefined);
    else out[f.name] = present ? one(m[f.name]) : scalarDefault(f);
  }
  return out;
}

/** protobufjs's own code for a type, and the plain objects through it. */
export function referenceOf(typeName: string): {
  encode(plain: Plain): Uint8Array;
  decode(bytes: Uint8Array): Plain;
} {
  const type = protoRoot().lookupType(typeName);
  return {
    encode: (plain) => type.encode(toReference(typeName, plain)).finish(),
    decode: (bytes) => fromReference(typeName, type.decode(bytes) as unknown as Plain),
  };
}

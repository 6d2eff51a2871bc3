// Messages between rclts and the rclpy peer as "peer JSON" (the rules are in rclpy_peer.py's
// docstring): int64/uint64 as decimal strings, NaN/Infinity/-0 as strings, everything else as
// JSON has it. fromPeerJson gives the shape rclts's decode() returns (typed arrays, bigint), so a
// message read back compares with toEqual.
import { ARRAY_KIND, type FieldType, type StructDef } from '../../../src/rclcpp/interfaces/definitions/index.js';
import { TYPED } from '../../support/interface-arbitraries.js';

export type Structs = ReadonlyMap<string, StructDef>;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function floatOut(v: number): Json {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return 'Infinity';
  if (v === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (Object.is(v, -0)) return '-0';
  return v;
}

function floatIn(v: Json): number {
  if (typeof v === 'number') return v;
  if (v === '-0') return -0;
  return Number(v);
}

function scalarOut(t: FieldType, v: unknown, structs: Structs): Json {
  if (t.nested) return toPeerJson(v as Record<string, unknown>, t.base, structs);
  switch (t.base) {
    case 'int64':
    case 'uint64':
      return String(v);
    case 'float32':
    case 'float64':
      return floatOut(v as number);
    default:
      return v as Json;
  }
}

function scalarIn(t: FieldType, v: Json, structs: Structs): unknown {
  if (t.nested) return fromPeerJson(v as Record<string, Json>, t.base, structs);
  switch (t.base) {
    case 'int64':
    case 'uint64':
      return BigInt(v as string);
    case 'float32':
      return Math.fround(floatIn(v));
    case 'float64':
      return floatIn(v);
    default:
      return v;
  }
}

/** An rclts message (decode()'s shape, or create()'s) as peer JSON. */
export function toPeerJson(msg: Record<string, unknown>, typeName: string, structs: Structs): Record<string, Json> {
  const s = structs.get(typeName);
  if (s === undefined) throw new Error(`no structure ${typeName}`);
  const out: Record<string, Json> = {};
  for (const f of s.fields) {
    const v = msg[f.name];
    out[f.name] =
      f.type.array === ARRAY_KIND.none
        ? scalarOut(f.type, v, structs)
        : Array.from(v as Iterable<unknown>, (x) => scalarOut(f.type, x, structs));
  }
  return out;
}

/** Peer JSON as rclts's decode() would give it. A digest ({$sha256, length}) is kept as it is. */
export function fromPeerJson(json: Record<string, Json>, typeName: string, structs: Structs): Record<string, unknown> {
  const s = structs.get(typeName);
  if (s === undefined) throw new Error(`no structure ${typeName}`);
  const out: Record<string, unknown> = {};
  for (const f of s.fields) {
    const v = json[f.name] as Json;
    if (f.type.array === ARRAY_KIND.none) {
      out[f.name] = scalarIn(f.type, v, structs);
      continue;
    }
    if (!Array.isArray(v)) {
      out[f.name] = v;
      continue;
    }
    const items = v.map((x) => scalarIn(f.type, x, structs));
    const typed = f.type.nested ? undefined : TYPED[f.type.base];
    out[f.name] = typed === undefined ? items : typed(items as never[]);
  }
  return out;
}

/**
 * What the generated codec (generated/swarmbotix-codec.js) calls besides the wire reader and
 * writer: the field plans its checks read, the slow paths that name a value that does not fit,
 * and the 64-bit split. Only errors and 64-bit values come here; the common case stays inline.
 */
import { FIELDS, type FieldInfo } from '../generated/swarmbotix-types.js';
import type { WireWriter } from './wire-writer.js';

export type Plain = Record<string, unknown>;

/** A field as the encoder's checks need it, computed once per message type. */
export interface WireField {
  readonly info: FieldInfo;
  /** What checkScalar expects: 'number' | 'boolean' | 'string' | 'bytes'. */
  readonly expected: string;
  readonly range: readonly [number, number] | undefined;
  readonly unsigned: boolean;
  readonly min: bigint;
  readonly max: bigint;
}

const INT_RANGES: Record<string, readonly [number, number]> = {
  int32: [-0x80000000, 0x7fffffff],
  uint32: [0, 0xffffffff],
};
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;

/** Nesting deeper than this is refused (the schema has no recursive type). */
export const MAX_DEPTH = 64;

export function fieldsOf(typeName: string): readonly FieldInfo[] {
  const fields = FIELDS[typeName];
  if (fields === undefined) throw new TypeError(`unknown protobuf message ${typeName}`);
  return fields;
}

function where(typeName: string, f: WireField): string {
  return `${typeName}.${f.info.name}`;
}

function expectedOf(f: FieldInfo): string {
  if (f.kind === 'enum') return 'number';
  if (f.type === 'bool') return 'boolean';
  if (f.type === 'string') return 'string';
  if (f.type === 'bytes') return 'bytes';
  return 'number';
}

/** The plan of a message type's fields, in FIELDS order (the generated code indexes it). */
export function plan(typeName: string): readonly WireField[] {
  return fieldsOf(typeName).map((f): WireField => {
    const unsigned = f.type === 'uint64';
    return {
      info: f,
      expected: expectedOf(f),
      range: f.kind === 'enum' ? INT_RANGES.int32 : INT_RANGES[f.type],
      unsigned,
      min: unsigned ? 0n : I64_MIN,
      max: unsigned ? U64_MAX : I64_MAX,
    };
  });
}

/** A 64-bit field's value as a bigint in its type's range; throws naming the field otherwise. */
export function checkedLong(v: unknown, f: WireField, typeName: string): bigint {
  let b: bigint;
  if (typeof v === 'bigint') b = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) b = BigInt(v);
  else throw new TypeError(`${where(typeName, f)}: expected a bigint, got ${typeof v}`);
  if (b < f.min || b > f.max) throw new RangeError(`${where(typeName, f)}: ${b} is outside ${f.info.type}`);
  return b;
}

/** The slow path of a scalar check: the value when it fits, else an error naming the field. */
export function checkScalar(v: unknown, f: WireField, typeName: string): unknown {
  const expected = f.expected;
  if (expected === 'bytes') {
    if (v instanceof Uint8Array) return v;
  } else if (typeof v === expected) {
    const range = f.range;
    if (range === undefined || (Number.isInteger(v) && (v as number) >= range[0] && (v as number) <= range[1]))
      return v;
    throw new RangeError(
      `${where(typeName, f)}: ${String(v)} is not a ${f.info.kind === 'enum' ? 'enum value' : f.info.type}`,
    );
  }
  throw new TypeError(`${where(typeName, f)}: expected ${expected}, got ${v === null ? 'null' : typeof v}`);
}

export function notArray(f: WireField, typeName: string): never {
  throw new TypeError(`${where(typeName, f)}: expected an array`);
}

export function notObject(f: WireField, typeName: string): never {
  throw new TypeError(`${where(typeName, f)}: expected a ${f.info.type} object`);
}

export function tooDeep(): never {
  throw new RangeError(`messages nested deeper than ${MAX_DEPTH}`);
}

// Splits a checked 64-bit value into the unsigned halves the varint is written from.
const longScratch = new DataView(new ArrayBuffer(8));

export function writeLong(w: WireWriter, b: bigint, unsigned: boolean): void {
  if (unsigned) longScratch.setBigUint64(0, b, true);
  else longScratch.setBigInt64(0, b, true);
  w.varint64(longScratch.getUint32(0, true), longScratch.getUint32(4, true));
}

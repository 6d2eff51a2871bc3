// fast-check arbitraries of messages of any compiled structure, in the shape decode() returns
// (typed arrays for numbers, Uint8Array for bytes), and the same structure as a definition for
// @foxglove/rosmsg2-serialization, the independent CDR implementation the tests compare with.
import type { MessageWriter } from '@foxglove/rosmsg2-serialization';
import fc from 'fast-check';
import { ARRAY_KIND, type FieldType, type StructDef } from '../../src/rclcpp/interfaces/definitions/index.js';

type MessageDefinition = ConstructorParameters<typeof MessageWriter>[0][number];
type MessageDefinitionField = MessageDefinition['definitions'][number];

export interface ArbitraryOptions {
  /** Strings of printable ASCII only (the independent writer sizes strings by UTF-16 units). */
  readonly ascii: boolean;
  readonly maxSequence: number;
}

const INT_BITS: Record<string, [number, boolean]> = {
  int8: [8, true],
  uint8: [8, false],
  byte: [8, false],
  char: [8, false],
  int16: [16, true],
  uint16: [16, false],
  int32: [32, true],
  uint32: [32, false],
};

/** The typed array a decode gives for a primitive array of each base type. */
export const TYPED: Record<string, (xs: never[]) => unknown> = {
  int8: (xs) => Int8Array.from(xs),
  uint8: (xs) => Uint8Array.from(xs),
  byte: (xs) => Uint8Array.from(xs),
  char: (xs) => Uint8Array.from(xs),
  int16: (xs) => Int16Array.from(xs),
  uint16: (xs) => Uint16Array.from(xs),
  int32: (xs) => Int32Array.from(xs),
  uint32: (xs) => Uint32Array.from(xs),
  int64: (xs) => BigInt64Array.from(xs),
  uint64: (xs) => BigUint64Array.from(xs),
  float32: (xs) => Float32Array.from(xs),
  float64: (xs) => Float64Array.from(xs),
};

function scalar(t: FieldType, o: ArbitraryOptions): fc.Arbitrary<unknown> {
  const int = INT_BITS[t.base];
  if (int !== undefined) {
    const [bits, signed] = int;
    return signed
      ? fc.integer({ min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 })
      : fc.integer({ min: 0, max: 2 ** bits - 1 });
  }
  switch (t.base) {
    case 'bool':
      return fc.boolean();
    case 'int64':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    case 'uint64':
      return fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
    case 'float32':
      return fc.float({ noDefaultInfinity: false });
    case 'float64':
      return fc.double();
    default: {
      const max = t.stringBound > 0 ? t.stringBound : 12;
      if (o.ascii) return fc.string({ unit: 'grapheme-ascii', maxLength: max });
      // UTF-8 length within the bound: at most 4 bytes per code point
      return fc.string({ unit: 'binary', maxLength: t.stringBound > 0 ? Math.floor(t.stringBound / 4) : 12 });
    }
  }
}

export class MessageArbitraries {
  private readonly cache = new Map<string, fc.Arbitrary<Record<string, unknown>>>();

  constructor(
    private readonly structs: ReadonlyMap<string, StructDef>,
    private readonly options: ArbitraryOptions,
  ) {}

  of(typeName: string): fc.Arbitrary<Record<string, unknown>> {
    let a = this.cache.get(typeName);
    if (a === undefined) {
      const s = this.structs.get(typeName)!;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of s.fields) fields[f.name] = this.field(f.type);
      a = fc.record(fields);
      this.cache.set(typeName, a);
    }
    return a;
  }

  private field(t: FieldType): fc.Arbitrary<unknown> {
    const element = t.nested ? this.of(t.base) : scalar(t, this.options);
    if (t.array === ARRAY_KIND.none) return element;
    const [minLength, maxLength] =
      t.array === ARRAY_KIND.fixed
        ? [t.size, t.size]
        : [0, t.array === ARRAY_KIND.bounded ? t.size : this.options.maxSequence];
    const list = fc.array(element, { minLength, maxLength });
    const typed = t.nested ? undefined : TYPED[t.base];
    return typed === undefined ? list : list.map((xs) => typed(xs as never[]));
  }
}

/** The definitions @foxglove/rosmsg2-serialization reads: root first, then every nested type. */
export function foxgloveDefinitions(root: string, structs: ReadonlyMap<string, StructDef>): MessageDefinition[] {
  const out: MessageDefinition[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const s = structs.get(name)!;
    const definitions: MessageDefinitionField[] = s.fields.map((f) => {
      const d: MessageDefinitionField = {
        name: f.name,
        type: f.type.nested ? f.type.base : f.type.base === 'byte' || f.type.base === 'char' ? 'uint8' : f.type.base,
        isComplex: f.type.nested,
        isArray: f.type.array !== ARRAY_KIND.none,
      };
      if (f.type.array === ARRAY_KIND.fixed) d.arrayLength = f.type.size;
      if (f.type.array === ARRAY_KIND.bounded) d.arrayUpperBound = f.type.size;
      if (f.type.stringBound > 0) d.upperBound = f.type.stringBound;
      return d;
    });
    out.push({ name, definitions });
    for (const f of s.fields) if (f.type.nested) visit(f.type.base);
  };
  visit(root);
  return out;
}

export function hasWString(root: string, structs: ReadonlyMap<string, StructDef>): boolean {
  const seen = new Set<string>();
  const visit = (name: string): boolean => {
    if (seen.has(name)) return false;
    seen.add(name);
    return structs.get(name)!.fields.some((f) => f.type.base === 'wstring' || (f.type.nested && visit(f.type.base)));
  };
  return visit(root);
}

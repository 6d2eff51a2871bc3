// Message values as canonical JSON, the form bag_canon.py gives Python's decoded messages:
// ints "i:<decimal>", floats "f:<float64 bits as hex>" ("f:nan"), strings "s:<text>",
// booleans as booleans, arrays as lists, messages as objects (the empty-struct filler left out).
import { ARRAY_KIND, type FieldType, type StructDef } from '../../../src/rclcpp/interfaces/definitions/index.js';

export type Canon = boolean | string | Canon[] | { [field: string]: Canon };

const FLOATS = new Set(['float32', 'float64']);
const STRINGS = new Set(['string', 'wstring']);

function float(x: number): string {
  if (Number.isNaN(x)) return 'f:nan';
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return `f:${[...new Uint8Array(v.buffer)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The 8-bit types a reader is known to read signed, as ROS 1 defined them (ROS 2's byte and
 * char are unsigned): rosbags reads `byte` as int8, mcap-ros2-support reads `char` as int8.
 */
export interface CanonOptions {
  readonly signed?: readonly ('byte' | 'char')[];
}

function scalar(t: FieldType, v: unknown, structs: ReadonlyMap<string, StructDef>, o: CanonOptions): Canon {
  if (t.nested) return canonical(v as Record<string, unknown>, t.base, structs, o);
  if ((t.base === 'byte' || t.base === 'char') && o.signed?.includes(t.base) === true) {
    return `i:${((v as number) << 24) >> 24}`;
  }
  if (t.base === 'bool') return v as boolean;
  if (FLOATS.has(t.base)) return float(v as number);
  if (STRINGS.has(t.base)) return `s:${v as string}`;
  return `i:${BigInt(v as number | bigint)}`;
}

export function canonical(
  value: Readonly<Record<string, unknown>>,
  typeName: string,
  structs: ReadonlyMap<string, StructDef>,
  options: CanonOptions = {},
): Canon {
  const s = structs.get(typeName);
  if (s === undefined) throw new Error(`no definition of ${typeName}`);
  const out: Record<string, Canon> = {};
  for (const f of s.fields) {
    if (f.name === 'structure_needs_at_least_one_member') continue;
    const v = value[f.name];
    out[f.name] =
      f.type.array === ARRAY_KIND.none
        ? scalar(f.type, v, structs, options)
        : [...(v as Iterable<unknown>)].map((x) => scalar(f.type, x, structs, options));
  }
  return out;
}

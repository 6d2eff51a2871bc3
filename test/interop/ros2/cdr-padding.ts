// Which bytes of an XCDR1 message are alignment padding, found by walking the bytes as Fast-CDR
// lays them out (the reference: rmw_zenoh_cpp serializes through rosidl_typesupport_fastrtps).
// Fast-CDR skips padding without writing it, so those bytes hold whatever the buffer held
// before; a byte comparison with rclpy's serialize_message has to leave them out.
import { ARRAY_KIND, type FieldType, PRIMITIVE_SIZE } from '../../../src/rclcpp/interfaces/definitions/index.js';
import type { Structs } from './peer-json.js';

const HEADER = 4;

/** true at every padding byte; undefined when the bytes do not walk as `typeName` (a length runs past the end). */
export function paddingMask(bytes: Uint8Array, typeName: string, structs: Structs): boolean[] | undefined {
  const mask = new Array<boolean>(bytes.length).fill(false);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let off = HEADER;
  const fail = new Error('walk');
  const align = (n: number): void => {
    while ((off - HEADER) % n !== 0) {
      if (off >= bytes.length) throw fail;
      mask[off++] = true;
    }
  };
  const skip = (n: number): void => {
    off += n;
    if (off > bytes.length) throw fail;
  };
  const u32 = (): number => {
    align(4);
    if (off + 4 > bytes.length) throw fail;
    const v = view.getUint32(off, true);
    off += 4;
    return v;
  };
  const element = (t: FieldType): void => {
    if (t.nested) struct(t.base);
    else if (t.base === 'string') skip(u32());
    // Fast-CDR writes a wstring as a uint32 count and one uint32 per UTF-16 unit.
    else if (t.base === 'wstring') skip(u32() * 4);
    else {
      const size = PRIMITIVE_SIZE[t.base as keyof typeof PRIMITIVE_SIZE];
      align(size);
      skip(size);
    }
  };
  const struct = (name: string): void => {
    const s = structs.get(name);
    if (s === undefined) throw new Error(`no structure ${name}`);
    // An empty structure is one uint8 on the wire (structure_needs_at_least_one_member).
    if (s.fields.length === 0) skip(1);
    for (const f of s.fields) {
      const n = f.type.array === ARRAY_KIND.none ? 1 : f.type.array === ARRAY_KIND.fixed ? f.type.size : u32();
      for (let i = 0; i < n; i++) element(f.type);
    }
  };
  try {
    struct(typeName);
  } catch (e) {
    if (e === fail) return undefined;
    throw e;
  }
  // Anything past the last member is padding too (Fast-CDR may round the buffer up).
  for (let i = off; i < bytes.length; i++) mask[i] = true;
  return mask;
}

/** The bytes as hex with padding shown as `..`, 32 bytes a line. */
export function maskedHex(bytes: Uint8Array, mask: readonly boolean[] | undefined): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 32) {
    const line: string[] = [];
    for (let j = i; j < Math.min(i + 32, bytes.length); j++)
      line.push(mask?.[j] ? '..' : bytes[j]!.toString(16).padStart(2, '0'));
    lines.push(`${String(i).padStart(6)}: ${line.join(' ')}`);
  }
  return lines.join('\n');
}

/** The first offset where the bytes differ outside padding, or -1. */
export function firstDifference(a: Uint8Array, b: Uint8Array, mask: readonly boolean[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (!mask[i] && a[i] !== b[i]) return i;
  return -1;
}

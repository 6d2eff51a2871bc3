/**
 * The text REP-2016 type hashes (RIHS01) are computed over: the JSON
 * rosidl_generator_type_description hashes, i.e. the type's description and every type it
 * references (sorted by name), fields with name and type only (defaults are not hashed), Python's
 * json.dumps separators `, ` and `: `. `char` is described as UINT8 and `byte` as BYTE, as rosidl's
 * .msg-to-.idl step maps them; a structure with no field gets rosidl's one-byte placeholder member.
 * Pure (no digest here): the interface compiler hashes it with node:crypto, the run-time type
 * registry with the host's SHA-256.
 */

import { ARRAY_KIND, type FieldType, type StructDef } from './definition.js';

export const EMPTY_STRUCT_MEMBER = 'structure_needs_at_least_one_member';

const TYPE_ID: Readonly<Record<string, number>> = {
  nested: 1,
  int8: 2,
  uint8: 3,
  char: 3,
  int16: 4,
  uint16: 5,
  int32: 6,
  uint32: 7,
  int64: 8,
  uint64: 9,
  float32: 10,
  float64: 11,
  bool: 15,
  byte: 16,
  string: 17,
  wstring: 18,
};
const BOUNDED_STRING_ID = { string: 21, wstring: 22 } as const;
const ARRAY_OFFSET = { none: 0, fixed: 48, bounded: 96, unbounded: 144 } as const;

export function fieldTypeId(t: FieldType): number {
  let id: number;
  if (t.nested) id = TYPE_ID.nested!;
  else if (t.stringBound > 0) id = BOUNDED_STRING_ID[t.base as 'string' | 'wstring'];
  else id = TYPE_ID[t.base]!;
  return id + ARRAY_OFFSET[t.array];
}

function fieldJson(name: string, t: FieldType): string {
  const capacity = t.array === ARRAY_KIND.fixed || t.array === ARRAY_KIND.bounded ? t.size : 0;
  return (
    `{"name": ${JSON.stringify(name)}, "type": {"type_id": ${fieldTypeId(t)}, "capacity": ${capacity}, ` +
    `"string_capacity": ${t.stringBound}, "nested_type_name": ${JSON.stringify(t.nested ? t.base : '')}}}`
  );
}

const PLACEHOLDER = fieldJson(EMPTY_STRUCT_MEMBER, {
  base: 'uint8',
  nested: false,
  stringBound: 0,
  array: ARRAY_KIND.none,
  size: 0,
});

function structJson(s: StructDef): string {
  const fields = s.fields.length === 0 ? PLACEHOLDER : s.fields.map((f) => fieldJson(f.name, f.type)).join(', ');
  return `{"type_name": ${JSON.stringify(s.typeName)}, "fields": [${fields}]}`;
}

/** The names `root` references, directly or not. */
export function referencedTypes(root: StructDef, structs: ReadonlyMap<string, StructDef>): string[] {
  const seen = new Set<string>();
  const queue = root.fields.filter((f) => f.type.nested).map((f) => f.type.base);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const f of structs.get(name)?.fields ?? []) if (f.type.nested) queue.push(f.type.base);
  }
  return [...seen].sort();
}

/** The exact text rosidl hashes for `root`. */
export function hashedDescription(root: StructDef, structs: ReadonlyMap<string, StructDef>): string {
  const refs = referencedTypes(root, structs).map((name) => structJson(structs.get(name)!));
  return `{"type_description": ${structJson(root)}, "referenced_type_descriptions": [${refs.join(', ')}]}`;
}

/**
 * REP-2011 type descriptions of the bundled interfaces, rebuilt from the generated field table:
 * the type's own fields and every type it references (sorted by name), as rcl's node type cache
 * holds them. Default values are not in the table (the hash does not cover them either), so
 * `default_value` is empty; a type outside the bundled packages has no description here.
 */

import type {
  Field,
  IndividualTypeDescription,
  TypeDescription,
} from '../interfaces/generated/type_description_interfaces/codec.js';
import { BUNDLED_TYPE_FIELDS } from './bundled-type-descriptions.js';

function fieldsOf(typeName: string): Field[] | undefined {
  const row = BUNDLED_TYPE_FIELDS[typeName];
  if (row === undefined) return undefined;
  return row.split(';').map((entry) => {
    const [name = '', typeId = '0', capacity = '0', stringCapacity = '0', nested = ''] = entry.split(' ');
    return {
      name,
      type: {
        type_id: Number(typeId),
        capacity: BigInt(capacity),
        string_capacity: BigInt(stringCapacity),
        nested_type_name: nested,
      },
      default_value: '',
    };
  });
}

/** The description of `typeName` with its references; undefined when a type in it is not bundled. */
export function bundledTypeDescription(typeName: string): TypeDescription | undefined {
  const own = fieldsOf(typeName);
  if (own === undefined) return undefined;
  const referenced = new Map<string, IndividualTypeDescription>();
  const queue = own.map((f) => f.type.nested_type_name).filter((n) => n !== '');
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (referenced.has(name)) continue;
    const fields = fieldsOf(name);
    if (fields === undefined) return undefined;
    referenced.set(name, { type_name: name, fields });
    for (const f of fields) if (f.type.nested_type_name !== '') queue.push(f.type.nested_type_name);
  }
  const sorted = [...referenced.keys()].sort().map((n) => referenced.get(n) as IndividualTypeDescription);
  return { type_description: { type_name: typeName, fields: own }, referenced_type_descriptions: sorted };
}

/**
 * `rclts topic echo --field a.b`: only that field of each message, as ros2 topic echo prints
 * it. The path is checked against the type before anything is subscribed.
 */

import { err, ok, type ResultOf } from '../../index.js';
import { ARRAY_KIND, type FieldDef, type StructDef } from '../../interface-compiler/index.js';
import { fieldToYaml, messageToYaml } from './message-values.js';
import type { TypeRegistry } from './type-registry.js';

type Message = Record<string, unknown>;
/** A message to the lines echo prints for it (without the `---`). */
export type EchoLines = (m: Message) => string[];

/** The printer for the whole message, or for the field `path` (dot-separated) of it. */
export function echoPrinter(registry: TypeRegistry, struct: StructDef, path: string | undefined): ResultOf<EchoLines> {
  if (path === undefined) return ok((m) => messageToYaml(registry, struct, m));
  const names = path.split('.');
  const chain: FieldDef[] = [];
  let current: StructDef | undefined = struct;
  for (const [i, name] of names.entries()) {
    const at = names.slice(0, i).join('.');
    if (current === undefined)
      return err('InvalidArgument', `--field ${path}: ${at} is not a message, it has no field '${name}'`);
    const field: FieldDef | undefined = current.fields.find((f) => f.name === name);
    if (field === undefined) {
      const known = current.fields.map((f) => f.name).join(', ') || 'none';
      return err('InvalidArgument', `--field ${path}: ${current.typeName} has no field '${name}' (fields: ${known})`);
    }
    chain.push(field);
    const nested: ResultOf<{ readonly struct: StructDef }> | undefined =
      field.type.nested && field.type.array === ARRAY_KIND.none ? registry.message(field.type.base) : undefined;
    current = nested?.ok ? nested.value.struct : undefined;
  }
  const last = chain[chain.length - 1]!;
  const leaf = current;
  return ok((m) => {
    let v: unknown = m;
    for (const f of chain) v = (v as Message)[f.name];
    if (leaf !== undefined) return messageToYaml(registry, leaf, v as Message);
    const y = fieldToYaml(registry, last, v, '');
    return 'inline' in y ? [y.inline] : y.lines;
  });
}

/**
 * A set of interface files parsed as a whole: each file's structures (with the generated
 * service and action parts) in one table by type name, a name defined twice reported.
 */

import type { DefinitionError, InterfaceDef, StructDef } from './definition.js';
import { type InterfaceFile, parseInterfaceFile } from './interface-set.js';

export function parseAll(files: readonly InterfaceFile[], errors: DefinitionError[]): InterfaceDef[] {
  const out: InterfaceDef[] = [];
  for (const f of files) {
    const def = parseInterfaceFile(f, errors);
    if (def !== undefined) out.push(def);
  }
  return out;
}

export function structTable(defs: readonly InterfaceDef[], errors: DefinitionError[]): Map<string, StructDef> {
  const table = new Map<string, StructDef>();
  for (const d of defs) {
    for (const s of d.structs) {
      const prior = table.get(s.typeName);
      if (prior !== undefined) {
        errors.push({ file: s.file, line: s.line, message: `${s.typeName} is also defined in ${prior.file}` });
      } else {
        table.set(s.typeName, s);
      }
    }
  }
  return table;
}

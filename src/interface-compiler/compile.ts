/**
 * From interface files to TypeScript modules: parse every file, add the generated service and
 * action parts, check references across the whole set (the user's packages and the ones they
 * depend on), hash every type, emit the requested packages. Pure: no file system.
 */

import {
  checkReferences,
  type DefinitionError,
  type InterfaceDef,
  type InterfaceFile,
  parseAll,
  structTable,
} from '../rclcpp/interfaces/definitions/index.js';
import { emitPackage, GENERATED_HEADER, type ImportPaths } from './emit-package.js';
import { typeHash } from './type-hash.js';

export { parseAll, structTable };

export interface CompileInput {
  /** Files of the packages to emit. */
  readonly files: readonly InterfaceFile[];
  /** Files of packages they may refer to, already emitted elsewhere (the bundled ones). */
  readonly dependencies: readonly InterfaceFile[];
  readonly paths: ImportPaths;
}

export interface CompiledSet {
  /** `pkg/file.ts` -> text, plus `index.ts` naming every emitted package. */
  readonly files: ReadonlyMap<string, string>;
  /** Every type's hash, the dependencies' included. */
  readonly hashes: ReadonlyMap<string, string>;
  readonly interfaces: readonly InterfaceDef[];
}

export type CompileOutcome =
  | { readonly ok: true; readonly value: CompiledSet }
  | { readonly ok: false; readonly errors: readonly DefinitionError[] };

export function compileInterfaces(input: CompileInput): CompileOutcome {
  const errors: DefinitionError[] = [];
  const own = parseAll(input.files, errors);
  const ownPackages = new Set(own.map((d) => d.pkg));
  const deps = parseAll(
    input.dependencies.filter((f) => !ownPackages.has(f.pkg)),
    errors,
  );
  const table = structTable([...deps, ...own], errors);
  checkReferences(
    table,
    own.flatMap((d) => d.structs),
    errors,
  );
  if (errors.length > 0) return { ok: false, errors };
  const hashes = new Map<string, string>();
  const hashOf = (name: string): string => {
    let h = hashes.get(name);
    if (h === undefined) {
      h = typeHash(table.get(name)!, table);
      hashes.set(name, h);
    }
    return h;
  };
  const files = new Map<string, string>();
  const packages = [...ownPackages].sort();
  for (const pkg of packages) {
    const defs = own.filter((d) => d.pkg === pkg).sort((a, b) => (a.typeName < b.typeName ? -1 : 1));
    for (const [name, text] of emitPackage(pkg, defs, hashOf, input.paths)) files.set(`${pkg}/${name}`, text);
  }
  files.set(
    'index.ts',
    `${GENERATED_HEADER}${packages.map((p) => `export * as ${p} from './${p}/index.js';`).join('\n')}\n`,
  );
  for (const d of own) for (const s of d.structs) hashOf(s.typeName);
  return { ok: true, value: { files, hashes, interfaces: own } };
}

// Compiles interface packages into a temporary folder whose modules import the checkout's
// runtime and bundled packages (as `rclts/...` would in a user's project), for tests to import.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileInterfaces } from '../../src/interface-compiler/compile.js';
import type { InterfaceFile } from '../../src/rclcpp/interfaces/definitions/index.js';
import { findPackageDirs, readPackage } from '../../src/interface-compiler/load-files.js';
import { writeTree } from '../../src/interface-compiler/generate.js';

const SRC = join(import.meta.dirname, '../../src/rclcpp/interfaces');
export const BUNDLED_FILES = findPackageDirs(join(import.meta.dirname, '../../interfaces')).flatMap(readPackage);

export function generateFixture(files: readonly InterfaceFile[]): {
  dir: string;
  structs: ReturnType<typeof structsOf>;
} {
  const own = new Set(files.map((f) => f.pkg));
  const compiled = compileInterfaces({
    files,
    dependencies: BUNDLED_FILES,
    paths: {
      runtime: join(SRC, 'runtime/index.js'),
      codec: (pkg) => (own.has(pkg) ? `../${pkg}/codec.js` : join(SRC, 'generated', pkg, 'codec.js')),
    },
  });
  if (!compiled.ok) throw new Error(compiled.errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n'));
  const dir = join(mkdtempSync(join(tmpdir(), 'rclts-interfaces-')), 'out');
  const written = writeTree(dir, compiled.value.files);
  if (!written.ok) throw new Error(written.error.message);
  return { dir, structs: structsOf(files) };
}

function structsOf(files: readonly InterfaceFile[]) {
  const compiled = compileInterfaces({ files, dependencies: BUNDLED_FILES, paths: { runtime: 'r', codec: (p) => p } });
  if (!compiled.ok) throw new Error('unreachable: compiled once already');
  const all = compileInterfaces({ files: BUNDLED_FILES, dependencies: [], paths: { runtime: 'r', codec: (p) => p } });
  if (!all.ok) throw new Error('bundled packages do not compile');
  return new Map(
    [...all.value.interfaces, ...compiled.value.interfaces].flatMap((i) =>
      i.structs.map((s) => [s.typeName, s] as const),
    ),
  );
}

export const file = (pkg: string, kind: 'msg' | 'srv' | 'action', name: string, text: string): InterfaceFile => ({
  pkg,
  kind,
  name,
  file: `${pkg}/${kind}/${name}.${kind}`,
  text,
});

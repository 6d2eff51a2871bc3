/**
 * `generateInterfaces()`: the user's `.msg` / `.srv` / `.action` packages to TypeScript modules
 * in `out`, resolving references to the bundled packages (which the output imports from
 * `rclts/msgs/<pkg>/codec`). The whole output is written to a temporary folder beside `out`
 * and renamed into place at the end, so a failure leaves `out` as it was.
 */

import * as fs from 'node:fs';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeThrown, err, ok, type ResultOf } from '../result.js';
import { type CompiledSet, compileInterfaces } from './compile.js';
import {
  type DefinitionError,
  type InterfaceFile,
  readInterfaceDirsIn,
} from '../rclcpp/interfaces/definitions/index.js';
import type { ImportPaths } from './emit-package.js';

export interface GenerateOptions {
  /** Package folders, or folders holding package folders. */
  readonly inputs: readonly string[];
  readonly out: string;
  /** Module the output imports rclts from; `rclts` unless testing a checkout. */
  readonly rclts?: string;
  /**
   * Exact module specifiers of the runtime and of a bundled package's codec, instead of
   * `<rclts>/interfaces/runtime` and `<rclts>/msgs/<pkg>/codec` (a checkout of rclts, a bundler alias).
   */
  readonly imports?: { readonly runtime: string; readonly bundledCodec: (pkg: string) => string };
}

export interface GenerateReport {
  readonly out: string;
  readonly packages: readonly string[];
  readonly files: number;
  readonly types: number;
}

/** The folder of the bundled definitions (`interfaces/` at the package root). */
export function bundledInterfacesDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'interfaces', 'std_msgs', 'msg'))) return join(dir, 'interfaces');
    dir = dirname(dir);
  }
  return undefined;
}

export function readInterfaceDirs(inputs: readonly string[]): ResultOf<InterfaceFile[]> {
  return readInterfaceDirsIn(fs, resolve, inputs);
}

export function formatDefinitionErrors(errors: readonly DefinitionError[]): string {
  return errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n');
}

/** Compiles in memory; `paths` says how the output imports the runtime and other packages. */
export function compileInterfaceDirs(
  inputs: readonly string[],
  dependencies: readonly InterfaceFile[],
  paths: ImportPaths,
): ResultOf<CompiledSet> {
  const files = readInterfaceDirs(inputs);
  if (!files.ok) return files;
  const compiled = compileInterfaces({ files: files.value, dependencies, paths });
  if (!compiled.ok) return err('InvalidArgument', formatDefinitionErrors(compiled.errors));
  return ok(compiled.value);
}

export function generateInterfaces(options: GenerateOptions): ResultOf<GenerateReport> {
  const bundledDir = bundledInterfacesDir();
  const bundled = bundledDir === undefined ? ok([]) : readInterfaceDirs([bundledDir]);
  if (!bundled.ok) return bundled;
  const rclts = options.rclts ?? 'rclts';
  const own = readInterfaceDirs(options.inputs);
  if (!own.ok) return own;
  const ownPackages = new Set(own.value.map((f) => f.pkg));
  const compiled = compileInterfaces({
    files: own.value,
    dependencies: bundled.value,
    paths: {
      runtime: options.imports?.runtime ?? `${rclts}/interfaces/runtime`,
      codec: (pkg) =>
        ownPackages.has(pkg)
          ? `../${pkg}/codec.js`
          : (options.imports?.bundledCodec(pkg) ?? `${rclts}/msgs/${pkg}/codec`),
    },
  });
  if (!compiled.ok) return err('InvalidArgument', formatDefinitionErrors(compiled.errors));
  const written = writeTree(resolve(options.out), compiled.value.files);
  if (!written.ok) return written;
  return ok({
    out: resolve(options.out),
    packages: [...ownPackages].sort(),
    files: compiled.value.files.size,
    types: compiled.value.interfaces.length,
  });
}

/** Writes `files` as the whole content of `out`: into a sibling temp folder, then renamed. */
export function writeTree(out: string, files: ReadonlyMap<string, string>): ResultOf<string> {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const tmp = `${out}.tmp-${stamp}`;
  const old = `${out}.old-${stamp}`;
  try {
    mkdirSync(dirname(out), { recursive: true });
    for (const [name, text] of files) {
      const path = join(tmp, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    const hadOut = existsSync(out);
    if (hadOut) renameSync(out, old);
    renameSync(tmp, out);
    if (hadOut) rmSync(old, { recursive: true, force: true });
    return ok(out);
  } catch (thrown) {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(out) && existsSync(old)) renameSync(old, out);
    return err('Error', `cannot write ${out}: ${describeThrown(thrown)}`);
  }
}

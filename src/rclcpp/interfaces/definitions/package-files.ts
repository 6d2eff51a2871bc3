/**
 * Finding interface files on disk: a package folder holds `msg/`, `srv/` and `action/`
 * folders; its name is the folder's (or package.xml's <name>). A folder given may also hold
 * several package folders. The file system is passed in, so this module names no Node
 * built-in: the interface compiler hands it node:fs, the run-time type registry the host's.
 */

import { describeThrown, err, ok, type ResultOf } from '../../../result.js';
import type { InterfaceFile } from './interface-set.js';

/** The few node:fs calls used (synchronous: a registry loads while a command starts). */
export interface PackageFileSystem {
  existsSync(path: string): boolean;
  readdirSync(path: string): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
  statSync(path: string): { isDirectory(): boolean };
}

const KINDS = ['msg', 'srv', 'action'] as const;

// Paths are joined with '/', which Node's fs accepts on every platform.
const join = (dir: string, name: string): string => (dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`);
const basename = (dir: string): string =>
  dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop() ?? dir;

function isPackageDir(fs: PackageFileSystem, dir: string): boolean {
  return KINDS.some((k) => fs.existsSync(join(dir, k)) && fs.statSync(join(dir, k)).isDirectory());
}

function packageName(fs: PackageFileSystem, dir: string): string {
  const xml = join(dir, 'package.xml');
  if (fs.existsSync(xml)) {
    const m = /<name>\s*([^<\s]+)\s*<\/name>/.exec(fs.readFileSync(xml, 'utf8'));
    if (m !== null) return m[1]!;
  }
  return basename(dir);
}

/** Package folders under `dir` (itself if it is one), sorted by name. */
export function findPackageDirsIn(fs: PackageFileSystem, dir: string): string[] {
  if (isPackageDir(fs, dir)) return [dir];
  return fs
    .readdirSync(dir)
    .sort()
    .map((n) => join(dir, n))
    .filter((p) => fs.statSync(p).isDirectory() && isPackageDir(fs, p));
}

export function readPackageIn(fs: PackageFileSystem, dir: string): InterfaceFile[] {
  const pkg = packageName(fs, dir);
  const files: InterfaceFile[] = [];
  for (const kind of KINDS) {
    const sub = join(dir, kind);
    if (!fs.existsSync(sub)) continue;
    for (const name of fs.readdirSync(sub).sort()) {
      if (!name.endsWith(`.${kind}`)) continue;
      const file = join(sub, name);
      files.push({ pkg, kind, name: name.slice(0, -kind.length - 1), file, text: fs.readFileSync(file, 'utf8') });
    }
  }
  return files;
}

/** Every interface file of the package folders `inputs` (each a package or a folder of them). */
export function readInterfaceDirsIn(
  fs: PackageFileSystem,
  resolve: (path: string) => string,
  inputs: readonly string[],
): ResultOf<InterfaceFile[]> {
  const files: InterfaceFile[] = [];
  for (const input of inputs) {
    const dir = resolve(input);
    if (!fs.existsSync(dir)) return err('NotFound', `interface folder ${input} does not exist`);
    let dirs: string[];
    try {
      dirs = findPackageDirsIn(fs, dir);
      for (const d of dirs) files.push(...readPackageIn(fs, d));
    } catch (thrown) {
      return err('Error', `cannot read interface folder ${input}: ${describeThrown(thrown)}`);
    }
    if (dirs.length === 0) return err('NotFound', `${input} holds no package (no msg/, srv/ or action/ folder)`);
  }
  return ok(files);
}

/**
 * Finding interface files on disk: a package folder holds `msg/`, `srv/` and `action/`
 * folders; its name is the folder's (or package.xml's <name>). A folder given may also hold
 * several package folders.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { InterfaceFile } from './interface-set.js';

const KINDS = ['msg', 'srv', 'action'] as const;

function isPackageDir(dir: string): boolean {
  return KINDS.some((k) => existsSync(join(dir, k)) && statSync(join(dir, k)).isDirectory());
}

function packageName(dir: string): string {
  const xml = join(dir, 'package.xml');
  if (existsSync(xml)) {
    const m = /<name>\s*([^<\s]+)\s*<\/name>/.exec(readFileSync(xml, 'utf8'));
    if (m !== null) return m[1]!;
  }
  return basename(dir);
}

/** Package folders under `dir` (itself if it is one), sorted by name. */
export function findPackageDirs(dir: string): string[] {
  if (isPackageDir(dir)) return [dir];
  return readdirSync(dir)
    .sort()
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isDirectory() && isPackageDir(p));
}

export function readPackage(dir: string): InterfaceFile[] {
  const pkg = packageName(dir);
  const files: InterfaceFile[] = [];
  for (const kind of KINDS) {
    const sub = join(dir, kind);
    if (!existsSync(sub)) continue;
    for (const name of readdirSync(sub).sort()) {
      if (!name.endsWith(`.${kind}`)) continue;
      const file = join(sub, name);
      files.push({ pkg, kind, name: name.slice(0, -kind.length - 1), file, text: readFileSync(file, 'utf8') });
    }
  }
  return files;
}

/** `vrobots -V`: the versions of rclts, zenoh-ts and node, read from the installed packages. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function versionIn(file: string): string | undefined {
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Walks up from this file to the package.json named `name` (rclts's own root). */
function findPackageJson(start: string, name: string): string | undefined {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        if ((JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown }).name === name) return candidate;
      } catch {
        // not a readable package.json: keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Finds `node_modules/<pkg>/package.json` from `start` upwards, the way Node resolves it. */
function findDependency(start: string, pkg: string): string | undefined {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function versionLines(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const own = findPackageJson(here, 'rclts');
  const zenoh = findDependency(own !== undefined ? dirname(own) : here, '@eclipse-zenoh/zenoh-ts');
  return [
    `rclts ${own !== undefined ? (versionIn(own) ?? 'unknown') : 'unknown'}`,
    `zenoh-ts ${zenoh !== undefined ? (versionIn(zenoh) ?? 'unknown') : 'not installed'}`,
    `node ${process.versions.node}`,
  ];
}

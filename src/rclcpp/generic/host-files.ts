/**
 * What the run-time type registry needs from Node, fetched only when a registry loads
 * definition files: the file system, SHA-256 and where the bundled definitions are installed.
 * host.ts's `nodeBuiltin` (process.getBuiltinModule) keeps this synchronous and names no Node module in an import,
 * so a browser bundle carries none and a page is answered `Unsupported`.
 */

import { nodeBuiltin } from '../../host.js';
import { err, ok, type ResultOf } from '../../result.js';
import type { PackageFileSystem } from '../interfaces/definitions/index.js';

export interface HostFiles {
  readonly fs: PackageFileSystem;
  readonly sha256Hex: (text: string) => string;
  /** The absolute form of a folder given by the user. */
  readonly resolve: (path: string) => string;
  /** The package's `interfaces/` folder (the bundled packages' definitions), if installed. */
  readonly bundledDir: string | undefined;
}

interface NodeCrypto {
  createHash(algorithm: 'sha256'): { update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
}
interface NodePath {
  resolve(...paths: string[]): string;
  dirname(path: string): string;
  join(...paths: string[]): string;
}
interface NodeUrl {
  fileURLToPath(url: string): string;
}

// How far up from this module (src/rclcpp/generic or dist/src/rclcpp/generic) the package root may be.
const PACKAGE_ROOT_DEPTH = 6;

let cached: HostFiles | undefined;

function findBundledDir(fs: PackageFileSystem, path: NodePath, url: NodeUrl): string | undefined {
  if (!import.meta.url.startsWith('file:')) return undefined;
  let dir = path.dirname(url.fileURLToPath(import.meta.url));
  for (let i = 0; i < PACKAGE_ROOT_DEPTH; i++) {
    if (fs.existsSync(path.join(dir, 'interfaces', 'std_msgs', 'msg'))) return path.join(dir, 'interfaces');
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Node's file system and hash, or Unsupported (a browser page, or a Node without getBuiltinModule). */
export function hostFiles(): ResultOf<HostFiles> {
  if (cached !== undefined) return ok(cached);
  const fs = nodeBuiltin('node:fs') as PackageFileSystem | undefined;
  if (fs === undefined) {
    return err(
      'Unsupported',
      'loading interface definition files needs Node (>= 20.16, process.getBuiltinModule); in a browser use the bundled types',
    );
  }
  const crypto = nodeBuiltin('node:crypto') as NodeCrypto;
  const path = nodeBuiltin('node:path') as NodePath;
  const url = nodeBuiltin('node:url') as NodeUrl;
  cached = {
    fs,
    sha256Hex: (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex'),
    resolve: (p) => path.resolve(p),
    bundledDir: findBundledDir(fs, path, url),
  };
  return ok(cached);
}

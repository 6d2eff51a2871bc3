/**
 * A bag folder on disk under Node. The file system comes through host.ts's `nodeBuiltin`, so
 * no Node module is imported and a page gets Unsupported answers instead of a broken bundle.
 * A path naming an `.mcap` file opens the folder holding it with that one file listed, so a
 * bare MCAP file reads like a bag.
 */

import { nodeBuiltin } from '../../../host.js';
import { describeThrown, err, ok, type Result, type ResultOf } from '../../../result.js';
import type { BagFileSink, BagFileSource, BagFiles } from './types.js';

interface FileHandle {
  write(data: Uint8Array, offset: number, length: number, position: null): Promise<{ bytesWritten: number }>;
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  stat(): Promise<{ size: number }>;
  close(): Promise<void>;
}
interface NodeFsPromises {
  open(path: string, flags: 'w' | 'r'): Promise<FileHandle>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  readdir(path: string, options: { withFileTypes: true }): Promise<{ name: string; isFile(): boolean }[]>;
  stat(path: string): Promise<{ isFile(): boolean }>;
}

const UNSUPPORTED =
  'a bag folder on disk needs Node (>= 20.16, process.getBuiltinModule); a page uses memoryBagFiles()';

function join(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

function split(path: string): { dir: string; base: string } {
  const trimmed = path.replace(/[\\/]+$/, '');
  const at = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return at < 0 ? { dir: '.', base: trimmed } : { dir: trimmed.slice(0, at) || '/', base: trimmed.slice(at + 1) };
}

function sink(handle: FileHandle, path: string): BagFileSink {
  let failed: Result | undefined;
  return {
    async write(chunk) {
      if (failed !== undefined) return failed;
      try {
        let at = 0;
        while (at < chunk.byteLength) {
          at += (await handle.write(chunk, at, chunk.byteLength - at, null)).bytesWritten;
        }
        return ok();
      } catch (thrown) {
        failed = err('Error', `cannot write bag file ${path}: ${describeThrown(thrown)}`);
        return failed;
      }
    },
    async close() {
      try {
        await handle.close();
        return failed ?? ok();
      } catch (thrown) {
        return err('Error', `cannot close bag file ${path}: ${describeThrown(thrown)}`);
      }
    },
  };
}

async function source(handle: FileHandle, path: string): Promise<ResultOf<BagFileSource>> {
  const { size } = await handle.stat();
  return ok({
    sizeBytes: BigInt(size),
    async read(offset, length) {
      if (offset < 0n || length < 0n || offset + length > BigInt(size)) {
        return err('InvalidArgument', `read past the end of bag file ${path}`);
      }
      const out = new Uint8Array(Number(length));
      try {
        let at = 0;
        while (at < out.byteLength) {
          const { bytesRead } = await handle.read(out, at, out.byteLength - at, Number(offset) + at);
          if (bytesRead === 0) return err('Error', `bag file ${path} ended early`);
          at += bytesRead;
        }
        return ok(out);
      } catch (thrown) {
        return err('Error', `cannot read bag file ${path}: ${describeThrown(thrown)}`);
      }
    },
    async close() {
      try {
        await handle.close();
        return ok();
      } catch (thrown) {
        return err('Error', `cannot close bag file ${path}: ${describeThrown(thrown)}`);
      }
    },
  });
}

/** The bag folder at `path` (made when a file is first created), or the `.mcap` file at `path`. */
export function nodeBagFiles(path: string): BagFiles {
  const fs = (nodeBuiltin('node:fs') as { promises: NodeFsPromises } | undefined)?.promises;
  const single = path.endsWith('.mcap') ? split(path) : undefined;
  const dir = single?.dir ?? path;
  return {
    uri: path,
    async create(relativePath) {
      if (fs === undefined) return err('Unsupported', UNSUPPORTED);
      const full = join(dir, relativePath);
      try {
        await fs.mkdir(dir, { recursive: true });
        return ok(sink(await fs.open(full, 'w'), full));
      } catch (thrown) {
        return err('Error', `cannot create bag file ${full}: ${describeThrown(thrown)}`);
      }
    },
    async open(relativePath) {
      if (fs === undefined) return err('Unsupported', UNSUPPORTED);
      const full = join(dir, relativePath);
      try {
        return await source(await fs.open(full, 'r'), full);
      } catch (thrown) {
        const missing = (thrown as { code?: unknown }).code === 'ENOENT';
        return err(missing ? 'NotFound' : 'Error', `cannot open bag file ${full}: ${describeThrown(thrown)}`);
      }
    },
    async list() {
      if (fs === undefined) return err('Unsupported', UNSUPPORTED);
      if (single !== undefined) return ok([single.base]);
      try {
        const entries = await fs.readdir(dir, { withFileTypes: true });
        return ok(
          entries
            .filter((e) => e.isFile())
            .map((e) => e.name)
            .sort(),
        );
      } catch (thrown) {
        const missing = (thrown as { code?: unknown }).code === 'ENOENT';
        return err(missing ? 'NotFound' : 'Error', `cannot list bag folder ${dir}: ${describeThrown(thrown)}`);
      }
    },
  };
}

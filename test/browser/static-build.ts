/** Builds a test page with Vite and serves it on loopback (vite preview) for Chromium to load. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type PreviewServer, preview, type UserConfig } from 'vite';

export interface ServedPage {
  readonly url: string;
  close(): Promise<void>;
}

export async function buildAndServe(root: string, config: UserConfig = {}): Promise<ServedPage> {
  const outDir = mkdtempSync(join(tmpdir(), 'rclts-page-'));
  const shared = { configFile: false as const, root, logLevel: 'warn' as const, ...config };
  await build({ ...shared, build: { outDir, emptyOutDir: true, target: 'es2022', ...config.build } });
  const server: PreviewServer = await preview({
    ...shared,
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('vite preview gave no local URL');
  return {
    url,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

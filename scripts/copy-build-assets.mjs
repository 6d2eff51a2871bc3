// tsc emits only what it compiles; the protobufjs-generated JavaScript (src/vrobots/generated)
// is committed as .js + .d.ts and must be copied beside the compiled files, or dist/ cannot load.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Copies the generated files into `distDir` (tsc's outDir); returns how many. */
export function copyBuildAssets(distDir = join(root, 'dist')) {
  const from = join(root, 'src/vrobots/generated');
  const to = join(distDir, 'src/vrobots/generated');
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const name of readdirSync(from)) {
    if (name.endsWith('.js') || name.endsWith('.d.ts')) {
      cpSync(join(from, name), join(to, name));
      copied++;
    }
  }
  return copied;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const copied = copyBuildAssets();
  console.log(`build: copied ${copied} generated file(s) to dist/src/vrobots/generated`);
}

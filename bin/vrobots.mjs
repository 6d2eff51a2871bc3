#!/usr/bin/env node
// The `vrobots` command. A built package (dist/) runs as plain JavaScript; a source
// checkout (after `npm install`) runs the TypeScript entry through tsx's loader, so
// `npx vrobots` works in a fresh clone with no build step and no node flags.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../dist/src/vrobots/cli/main.js', import.meta.url));
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/vrobots/cli/main.ts', import.meta.url).href);
}

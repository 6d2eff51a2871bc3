// Shared by the commands in bin/: in a source checkout (after `npm install`, tsx is there) the
// TypeScript entry runs through tsx's loader, so the command works in a fresh clone with no
// build step, no node flags, and never runs a stale build. An installed package without tsx
// runs the built JavaScript in dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

async function tsxRegister() {
  try {
    return (await import('tsx/esm/api')).register;
  } catch {
    return undefined;
  }
}

/** `entry` is the path below src/ without its extension, e.g. `cli/vrobots/main`. */
export async function runEntry(command, entry) {
  const source = new URL(`../src/${entry}.ts`, import.meta.url);
  const built = new URL(`../dist/src/${entry}.js`, import.meta.url);
  const register = existsSync(fileURLToPath(source)) ? await tsxRegister() : undefined;
  if (register !== undefined) {
    register();
    await import(source.href);
  } else if (existsSync(fileURLToPath(built))) {
    await import(pathToFileURL(fileURLToPath(built)).href);
  } else {
    process.stderr.write(
      `${command}: neither tsx (to run src/) nor a build (dist/) is available; run \`npm install\` or \`npm run build\`\n`,
    );
    process.exit(1);
  }
}

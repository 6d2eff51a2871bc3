// Generates the bundled ROS 2 interface packages with src/interface-compiler
// (interfaces/ -> src/rclcpp/interfaces/generated/), run as `npm run generate:interfaces`.
// Deterministic: test/unit/interfaces-generated.test.ts fails when the committed modules differ
// from a fresh run.
// Usage: tsx scripts/generate-interfaces.ts [--out <dir>]
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledModules } from '../src/interface-compiler/bundled.js';
import { writeTree } from '../src/interface-compiler/generate.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const i = process.argv.indexOf('--out');
const out =
  i >= 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]!) : join(ROOT, 'src/rclcpp/interfaces/generated');
const compiled = bundledModules(join(ROOT, 'interfaces'));
if (!compiled.ok) {
  process.stderr.write(`${compiled.error.message}\n`);
  process.exit(1);
}
const written = writeTree(out, compiled.value.files);
if (!written.ok) {
  process.stderr.write(`${written.error.message}\n`);
  process.exit(1);
}
process.stdout.write(`${compiled.value.files.size} files in ${out}\n`);

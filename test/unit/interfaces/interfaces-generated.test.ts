// The committed modules of the bundled packages must be what the generator makes from
// interfaces/ now (`npm run generate:interfaces` rewrites them).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledModules } from '../../../src/interface-compiler/bundled.js';

const ROOT = join(import.meta.dirname, '../../..');
const COMMITTED = join(ROOT, 'src/rclcpp/interfaces/generated');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? listFiles(p) : [relative(COMMITTED, p)];
  });
}

describe('generated interface modules', () => {
  it('match a fresh run of the generator on interfaces/', () => {
    const fresh = bundledModules(join(ROOT, 'interfaces'));
    if (!fresh.ok) throw new Error(fresh.error.message);
    expect(listFiles(COMMITTED).sort()).toEqual([...fresh.value.files.keys()].sort());
    for (const [name, text] of fresh.value.files) {
      expect(readFileSync(join(COMMITTED, name), 'utf8'), `${name} is stale: run npm run generate:interfaces`).toBe(
        text,
      );
    }
  });
});

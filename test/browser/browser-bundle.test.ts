import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserBundle } from '../../scripts/build-browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

// What bundlers targeting a browser get from `rclts` and `rclts/vrobots` (the `browser` and
// `default` export conditions): self-contained ESM whose only imports are its own chunks.
describe('the browser ESM bundle', () => {
  let outDir = '';
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'rclts-browser-bundle-'));
    await buildBrowserBundle({ outDir, logLevel: 'silent' });
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('imports nothing but its own chunks: no Node built-in, no ws, no bare package', () => {
    const specifiers = new Set<string>();
    for (const name of readdirSync(outDir).filter((n) => n.endsWith('.js'))) {
      const code = readFileSync(join(outDir, name), 'utf8');
      for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"/g))
        specifiers.add(m[1] ?? '');
      for (const m of code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) specifiers.add(m[1] ?? '');
    }
    expect(specifiers.size).toBeGreaterThan(0);
    expect([...specifiers].filter((s) => !s.startsWith('./'))).toEqual([]);
    expect(readdirSync(outDir).filter((name) => name.includes('vite-browser-external'))).toEqual([]);
  });

  it("holds none of the Node host's preparation (the wasm module hook, the ws WebSocket)", () => {
    const code = readdirSync(outDir)
      .filter((n) => n.endsWith('.js'))
      .map((n) => readFileSync(join(outDir, n), 'utf8'))
      .join('\n');
    expect(code).not.toContain('experimental-wasm-modules');
    expect(code).not.toContain('ws does not work in the browser');
  });

  it("carries zenoh-ts's wasm, instantiated with the browser's WebAssembly API", () => {
    const code = readdirSync(outDir)
      .filter((n) => n.endsWith('.js'))
      .map((n) => readFileSync(join(outDir, n), 'utf8'))
      .join('\n');
    expect(code).toContain('WebAssembly.instantiate(bytes');
    expect(code).not.toMatch(/\.wasm"/);
  });

  it('is what the browser and default export conditions name, beside the node entry', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, Record<string, string>>;
    };
    const files = new Set(readdirSync(outDir));
    for (const [entry, bundle] of [
      ['.', 'rclts.js'],
      ['./vrobots', 'vrobots.js'],
      ['./msgs', 'msgs.js'],
      ['./interfaces/runtime', 'interfaces-runtime.js'],
    ] as const) {
      const conditions = pkg.exports[entry] ?? {};
      expect(Object.keys(conditions)).toEqual(['types', 'browser', 'node', 'default']);
      expect(conditions.browser).toBe(`./dist/browser/${bundle}`);
      expect(conditions.default).toBe(conditions.browser);
      expect(conditions.node).toBe(`./dist/node/${bundle === 'rclts.js' ? 'index.js' : bundle}`);
      expect(files.has(bundle)).toBe(true);
    }
  });
});

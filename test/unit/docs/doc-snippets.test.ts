/**
 * Every ```ts block in README.md and docs/ compiles against the source as a user would write
 * it: `rclts`, `rclts/msgs`, ... mapped to src/ through the package's own exports map. Each
 * block is a module of its own. As the docs' prose does, a block may use `node` (a Node) and
 * `executor` (an Executor) without making them; everything else it uses it imports. A block that
 * is deliberately partial says so in its info string (```ts no-check); keep those rare.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractSnippets } from '../../support/markdown-snippets.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const WORK = join(ROOT, 'node_modules/.cache/rclts-doc-snippets');

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs.sort()];
}

/** `rclts/<sub>` -> the source file behind the package's exports entry (its "types" in dist). */
function exportPaths(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, { types?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [sub, entry] of Object.entries(pkg.exports)) {
    if (entry.types === undefined) continue;
    const source = entry.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts');
    paths[sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`] = [join(ROOT, source)];
  }
  return paths;
}

/** The names a block may use without making them, and their types. */
const GIVEN = { node: 'Node', executor: 'Executor' } as const;

/**
 * The block as a module (`export {}` keeps a script's names its own), on one first line the
 * given names it uses but does not declare; so a block's line n is the file's line n + 1.
 */
function asModule(code: string): string {
  const given = Object.entries(GIVEN).filter(
    ([name]) =>
      new RegExp(`\\b${name}\\b`).test(code) && !new RegExp(`\\b(const|let|var|function)\\s+${name}\\b`).test(code),
  );
  const types = given.map(([, type]) => type);
  const prelude =
    given.length === 0
      ? ''
      : `import type { ${[...new Set(types)].join(', ')} } from 'rclts'; ${given.map(([n, t]) => `declare const ${n}: ${t};`).join(' ')}`;
  return `${prelude}\n${code}\nexport {};`;
}

const snippets = markdownFiles().flatMap((doc) => extractSnippets(doc, readFileSync(join(ROOT, doc), 'utf8')));

describe('extractSnippets', () => {
  it('takes ts and typescript blocks with their Markdown line, dedented, and leaves out no-check ones', () => {
    const text = [
      '# page',
      '```ts',
      'const a = 1;',
      '```',
      '```sh',
      'npm test',
      '```',
      '- item:',
      '  ```typescript',
      '  const b = 2;',
      '    const c = 3;',
      '  ```',
      '```ts no-check',
      'partial(',
      '```',
    ].join('\n');
    expect(extractSnippets('page.md', text)).toEqual([
      { doc: 'page.md', line: 3, code: 'const a = 1;' },
      { doc: 'page.md', line: 10, code: 'const b = 2;\n  const c = 3;' },
    ]);
  });
});

describe('the TypeScript snippets of README.md and docs/', () => {
  it('finds the README snippets (a talker/listener and a vrobots one at least)', () => {
    expect(snippets.filter((s) => s.doc === 'README.md').length).toBeGreaterThanOrEqual(2);
  });

  it('compile against the source, each as a module of its own', { timeout: 120_000 }, () => {
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    // A contributor's snippet imports from the tree (`./src/rmw/local/index.js`), as from the root.
    symlinkSync(join(ROOT, 'src'), join(WORK, 'src'), 'dir');
    const files = snippets.map((s, n) => {
      const name = `${String(n).padStart(3, '0')}-${s.doc.replace(/[^A-Za-z0-9]+/g, '-')}.ts`;
      writeFileSync(join(WORK, name), asModule(s.code));
      return { name, snippet: s };
    });
    const base = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: object };
    const tsconfig = {
      compilerOptions: {
        ...base.compilerOptions,
        noEmit: true,
        noUnusedLocals: false,
        rootDir: ROOT,
        typeRoots: [join(ROOT, 'node_modules/@types')],
        paths: exportPaths(),
      },
      files: files.map((f) => f.name),
    };
    writeFileSync(join(WORK, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    let output = '';
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', WORK], {
        cwd: WORK,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (thrown) {
      output = String((thrown as { stdout?: string }).stdout ?? thrown);
    }
    // Each error named by the Markdown file and line it comes from; errors inside src/ are
    // the typecheck step's to report.
    const byName = new Map(files.map((f) => [f.name, f.snippet]));
    const errors = output.split('\n').flatMap((l) => {
      const at = /^(.*?)\((\d+),(\d+)\): (error TS\d+.*)$/.exec(l);
      const snippet = at === null ? undefined : byName.get(relative(WORK, join(WORK, at[1] ?? '')));
      if (at === null || snippet === undefined) return [];
      return [`${snippet.doc}:${snippet.line + Number(at[2]) - 2}: ${at[4]}`];
    });
    if (output !== '' && errors.length === 0 && !/error TS\d+/.test(output)) throw new Error(`tsc failed: ${output}`);
    expect(errors).toEqual([]);
  });
});

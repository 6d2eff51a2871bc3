import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSnippets } from '../support/markdown-snippets.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A copy of the working tree as a clean clone has it (what git tracks or would track: no dist/),
 * sharing node_modules. Packing it shows what a tarball or a git install of a clean clone
 * holds, and leaves the repository's own dist/, which other tests may be reading, alone.
 */
function cleanCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'rclts-clone-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0')) {
    if (file !== '' && existsSync(join(repo, file))) cpSync(join(repo, file), join(copy, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

// A user's first program: README.md's talker/listener (the block that imports `rclts/msgs`),
// with `rclts` and `rclts/msgs` from the installed tarball, type-checked against the package's
// own .d.ts files, on the in-process backend.
const USER_PROGRAM = extractSnippets('README.md', readFileSync(join(repo, 'README.md'), 'utf8')).find((s) =>
  s.code.includes("from 'rclts/msgs'"),
)?.code;

const USER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: [],
    strict: true,
    skipLibCheck: true,
    outDir: 'out',
  },
  include: ['main.ts'],
};

describe('the built package', () => {
  let root = '';
  beforeAll(() => {
    root = cleanCopy();
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // npm pack runs prepack, which builds dist/: what a tarball or a git install gets.
  it('packs with its build, installs from the tarball and runs a user talker/listener', { timeout: 300_000 }, () => {
    const work = mkdtempSync(join(tmpdir(), 'rclts-pack-'));
    try {
      expect(existsSync(join(root, 'dist'))).toBe(false);
      const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const tarball = join(work, packed.trim().split('\n').pop() ?? '');
      const project = join(work, 'app');
      mkdirSync(project);
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG));
      expect(USER_PROGRAM, "README.md's talker/listener block").toBeDefined();
      writeFileSync(join(project, 'main.ts'), USER_PROGRAM ?? '');
      const quiet = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
      execFileSync('npm', ['install', ...quiet, tarball], { cwd: project, stdio: 'pipe' });
      const installed = JSON.parse(readFileSync(join(project, 'node_modules/rclts/package.json'), 'utf8'));
      expect(installed.name).toBe('rclts');
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
        cwd: project,
        stdio: 'pipe',
      });
      const out = execFileSync(process.execPath, [join(project, 'out/main.js')], {
        cwd: project,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(JSON.parse(out.trim().split('\n').pop() ?? '[]')).toEqual([
        'Hello World: 1',
        'Hello World: 2',
        'Hello World: 3',
      ]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  // Runs after the pack above, on the dist/ it built (tests in a file run in order).
  it('every entry loads from the bundled Node build with plain node, one copy of each module across them', {
    timeout: 120_000,
  }, () => {
    // A type from rclts/msgs/<pkg>/<file> is the object rclts and rclts/msgs hand out, and it
    // publishes on an executor of rclts: the entries share their chunks.
    const script = `
      const root = await import('rclts');
      const vr = await import('rclts/vrobots');
      const msgs = await import('rclts/msgs');
      const one = await import('rclts/msgs/std_msgs/msg');
      const codec = await import('rclts/msgs/std_msgs/codec');
      const runtime = await import('rclts/interfaces/runtime');
      const ex = await root.Executor.create({});
      if (!ex.ok) throw new Error('executor: ' + ex.error.message);
      const node = ex.value.createNode('entries');
      const got = [];
      node.value.createSubscription(one.String, 'chatter', (m) => got.push(m.data));
      node.value.createPublisher(msgs.std_msgs.msg.String, 'chatter').value.publish({ data: 'one copy' });
      await ex.value.spinUntil(() => got.length > 0, 2000, 'the message');
      await ex.value.shutdown();
      console.log(JSON.stringify({
        resolved: [import.meta.resolve('rclts'), import.meta.resolve('rclts/msgs/std_msgs/msg')].map((u) => u.replace(/.*\\/dist\\//, 'dist/')),
        root: typeof root.Executor.create, connect: typeof vr.VirtualRobot.connect, sim: typeof vr.startSimulator,
        same: root.std_msgs.msg.String === msgs.std_msgs.msg.String && msgs.std_msgs.msg.String === one.String,
        codec: typeof codec.write_String, runtime: typeof runtime.defineMessage, got,
      }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop() ?? '{}')).toEqual({
      resolved: ['dist/node/index.js', 'dist/node/msgs/std_msgs/msg.js'],
      root: 'function',
      connect: 'function',
      sim: 'function',
      same: true,
      codec: 'function',
      runtime: 'function',
      got: ['one copy'],
    });
  });

  it('serves rclts/msgs, and a package generated by the rclts command loads against the built package', {
    timeout: 120_000,
  }, () => {
    const work = join(root, 'dist', 'consumer-test');
    rmSync(work, { recursive: true, force: true });
    const pkg = join(work, 'my_msgs', 'msg');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'Cmd.msg'), 'geometry_msgs/Twist twist\nuint8 FAST=1\n');
    try {
      execFileSync(
        process.execPath,
        [join(root, 'bin/rclts.mjs'), 'interfaces', 'generate', join(work, 'my_msgs'), '--out', join(work, 'gen')],
        {
          cwd: root,
          stdio: 'pipe',
        },
      );
      // inside the package's folder, so that `rclts/...` resolves to this package's exports (dist)
      const script = `
        const { geometry_msgs } = await import('rclts/msgs');
        const { my_msgs } = await import(${JSON.stringify(join(work, 'gen', 'index.ts'))});
        const m = my_msgs.msg.Cmd.create({ twist: { linear: { x: 2 } } });
        const back = my_msgs.msg.Cmd.decode(my_msgs.msg.Cmd.encode(m));
        console.log(JSON.stringify({ twist: geometry_msgs.msg.Twist.typeHash.slice(0, 14), x: back.twist.linear.x, fast: my_msgs.msg.Cmd.FAST }));`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(JSON.parse(out.trim().split('\n').pop() ?? '{}')).toEqual({ twist: 'RIHS01_9c45bf1', x: 2, fast: 1 });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

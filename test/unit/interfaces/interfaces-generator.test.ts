// The user-facing generator: clear file:line errors for bad definitions, nothing half-written,
// references to bundled packages resolved, and the `rclts interfaces generate` command.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileInterfaces } from '../../../src/interface-compiler/compile.js';
import { generateInterfaces } from '../../../src/interface-compiler/index.js';
import { BUNDLED_FILES, file } from '../../support/generate-fixture.js';

const ROOT = join(import.meta.dirname, '../../..');
const paths = { runtime: 'r', codec: (p: string) => p };
const errorsOf = (...files: ReturnType<typeof file>[]) => {
  const r = compileInterfaces({ files, dependencies: BUNDLED_FILES, paths });
  return r.ok ? [] : r.errors.map((e) => `${e.file}:${e.line}: ${e.message}`);
};

function writePackage(root: string, pkg: string, files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    const path = join(root, pkg, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return join(root, pkg);
}

describe('definition errors name the file and line', () => {
  it('an unknown type', () => {
    expect(errorsOf(file('my_msgs', 'msg', 'A', '# comment\nint32 x\ngeometry_msgs/Twistt cmd'))).toEqual([
      "my_msgs/msg/A.msg:3: unknown type 'geometry_msgs/msg/Twistt' (field cmd of my_msgs/msg/A)",
    ]);
  });

  it('a bad constant: out of range, not a number, an array type', () => {
    expect(errorsOf(file('my_msgs', 'msg', 'A', 'int8 X=300\nfloat64 Y=abc\nint32[2] Z=1'))).toEqual([
      'my_msgs/msg/A.msg:1: bad constant X: 300 is out of range for int8',
      "my_msgs/msg/A.msg:2: bad constant Y: 'abc' is not a float64",
      "my_msgs/msg/A.msg:3: constant Z must have a primitive, non-array type, not 'int32[2]'",
    ]);
  });

  it('a circular include, through another package file too', () => {
    const errors = errorsOf(file('my_msgs', 'msg', 'A', 'B b'), file('my_msgs', 'msg', 'B', 'int8 x\nA[2] a'));
    expect(errors).toEqual([
      'my_msgs/msg/B.msg:2: circular include: my_msgs/msg/A -> my_msgs/msg/B -> my_msgs/msg/A (field a)',
    ]);
  });

  it('bad names, bad defaults, bad bounds, missing separators', () => {
    expect(
      errorsOf(
        file(
          'my_msgs',
          'msg',
          'A',
          'int32 BadName\nstring<=3 s "toolong"\nint32[<=] q\nuint8[2] u [1, 2, 3]\nfloat64<=3 f',
        ),
        file('my_msgs', 'srv', 'S', 'int32 a'),
      ),
    ).toEqual([
      "my_msgs/msg/A.msg:1: field name 'BadName' must be lower_snake_case (letters, digits, single underscores)",
      "my_msgs/msg/A.msg:2: bad default for s: 'toolong' is longer than the bound 3",
      "my_msgs/msg/A.msg:3: 'int32[<=]': a bounded sequence needs its bound",
      'my_msgs/msg/A.msg:4: bad default for u: 3 values for an array of 2',
      "my_msgs/msg/A.msg:5: 'float64<=3': only string and wstring take a <= bound",
      "my_msgs/srv/S.srv:1: a .srv file has 1 '---' separator(s), found 0",
    ]);
  });

  it('resolves a package referring to bundled ones and to itself, with # inside quoted values kept', () => {
    const r = compileInterfaces({
      files: [
        file(
          'my_msgs',
          'msg',
          'Cmd',
          'geometry_msgs/Twist twist\nstd_msgs/Header header\nstring label "a # b"\nPart[] parts',
        ),
        file('my_msgs', 'msg', 'Part', 'string name'),
        file('my_msgs', 'srv', 'Go', 'Cmd cmd\n---\nbool ok'),
        file('my_msgs', 'action', 'Drive', 'float64 distance\n---\nbool done\n---\nfloat64 left'),
      ],
      dependencies: BUNDLED_FILES,
      paths: {
        runtime: 'rclts/interfaces/runtime',
        codec: (p) => (p === 'my_msgs' ? '../my_msgs/codec.js' : `rclts/msgs/${p}/codec`),
      },
    });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const codec = r.value.files.get('my_msgs/codec.ts')!;
    expect(codec).toContain("import * as $geometry_msgs from 'rclts/msgs/geometry_msgs/codec';");
    expect(codec).toContain('label: q?.label ?? "a # b"');
    expect(r.value.files.get('my_msgs/action.ts')).toContain('export const Drive = $rt.defineAction(');
    expect(r.value.hashes.get('my_msgs/srv/Go')).toMatch(/^RIHS01_[0-9a-f]{64}$/);
  });
});

describe('generateInterfaces (the programmatic API)', () => {
  it('writes every module, or on an error nothing at all: the previous output stays, no temp folder is left', () => {
    const root = mkdtempSync(join(tmpdir(), 'rclts-gen-'));
    const out = join(root, 'out');
    const good = writePackage(root, 'my_msgs', {
      'msg/Cmd.msg': 'geometry_msgs/Twist twist',
      'srv/Go.srv': 'Cmd cmd\n---\nbool ok',
    });
    const done = generateInterfaces({ inputs: [good], out });
    expect(done).toMatchObject({ ok: true, value: { packages: ['my_msgs'], types: 2 } });
    expect(readdirSync(join(out, 'my_msgs')).sort()).toEqual(['codec.ts', 'index.ts', 'msg.ts', 'srv.ts']);
    const before = readFileSync(join(out, 'my_msgs/msg.ts'), 'utf8');
    writeFileSync(join(good, 'msg/Bad.msg'), 'int32 ok\nnot_a_type x');
    const failed = generateInterfaces({ inputs: [good], out });
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error.name).toBe('InvalidArgument');
      expect(failed.error.message).toBe(
        `${join(good, 'msg/Bad.msg')}:2: 'not_a_type' is neither a primitive type nor a message type name`,
      );
    }
    expect(readFileSync(join(out, 'my_msgs/msg.ts'), 'utf8')).toBe(before);
    expect(readdirSync(root).sort()).toEqual(['my_msgs', 'out']);
  });

  it('answers NotFound for a folder that is not there or holds no package', () => {
    const root = mkdtempSync(join(tmpdir(), 'rclts-gen-'));
    expect(generateInterfaces({ inputs: [join(root, 'nope')], out: join(root, 'o') })).toMatchObject({
      ok: false,
      error: { name: 'NotFound' },
    });
    expect(generateInterfaces({ inputs: [root], out: join(root, 'o') })).toMatchObject({
      ok: false,
      error: { name: 'NotFound' },
    });
    expect(existsSync(join(root, 'o'))).toBe(false);
  });
});

describe('rclts interfaces generate (the command)', () => {
  const bin = join(ROOT, 'bin/rclts.mjs');

  it('generates a user package that uses bundled types', () => {
    const root = mkdtempSync(join(tmpdir(), 'rclts-cli-'));
    const pkg = writePackage(root, 'my_msgs', { 'msg/Cmd.msg': 'geometry_msgs/Twist twist\nuint8 MODE_FAST=1' });
    const out = execFileSync(process.execPath, [bin, 'interfaces', 'generate', pkg, '--out', join(root, 'gen')], {
      encoding: 'utf8',
    });
    expect(out).toContain('generated my_msgs: 1 interfaces');
    expect(readFileSync(join(root, 'gen/my_msgs/msg.ts'), 'utf8')).toContain('{ MODE_FAST: 1 } as const');
    expect(readFileSync(join(root, 'gen/index.ts'), 'utf8')).toContain(
      "export * as my_msgs from './my_msgs/index.js';",
    );
  });

  it('exits 1 with file:line on a bad definition and 2 on a usage error', () => {
    const root = mkdtempSync(join(tmpdir(), 'rclts-cli-'));
    const pkg = writePackage(root, 'my_msgs', { 'msg/Cmd.msg': '\n\nstd_msgs/Nope x' });
    const bad = spawnSync(process.execPath, [bin, 'interfaces', 'generate', pkg, '--out', join(root, 'gen')], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`${join(pkg, 'msg/Cmd.msg')}:3: unknown type 'std_msgs/msg/Nope'`);
    expect(existsSync(join(root, 'gen'))).toBe(false);
    const usage = spawnSync(process.execPath, [bin, 'interfaces', 'generate', pkg], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--out <dir>');
  });
});

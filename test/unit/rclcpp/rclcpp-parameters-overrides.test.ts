/**
 * Parameter overrides as rclcpp gathers them: `--ros-args` flags, `-p name:=value`, params files
 * (which node sections apply, nested groups, errors naming the file and line), node options'
 * parameterOverrides, and the order in which they win.
 */
import { describe, expect, it } from 'vitest';
import {
  gatherOverrides,
  paramsFileOverrides,
  parseParamAssignment,
  readOverridesOption,
  yamlToValue,
} from '../../../src/rclcpp/parameters/overrides.js';
import { parseRosArguments } from '../../../src/rclcpp/ros-args/parse-ros-args.js';
import { parseParamsYaml as parseYaml } from '../../../src/rclcpp/parameters/params-yaml.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

function message(r: { ok: boolean; error?: { message: string } }): string {
  return r.ok ? 'ok' : (r.error?.message ?? '');
}

describe('YAML values as parameter values', () => {
  it('takes scalars and arrays of one kind; integers among doubles become doubles', () => {
    expect(unwrap(yamlToValue('v', 3n))).toBe(3n);
    expect(unwrap(yamlToValue('v', 'text'))).toBe('text');
    expect(unwrap(yamlToValue('v', [1n, 2n]))).toEqual([1n, 2n]);
    expect(unwrap(yamlToValue('v', [1n, 2.5]))).toEqual([1, 2.5]);
    expect(unwrap(yamlToValue('v', [1.5, 2.5]))).toEqual([1.5, 2.5]);
    expect(unwrap(yamlToValue('v', [true, false]))).toEqual([true, false]);
    expect(unwrap(yamlToValue('v', []))).toEqual([]);
  });

  it('refuses null, mappings and mixed arrays, naming what it read', () => {
    expect(message(yamlToValue("parameter 'a'", null))).toBe("parameter 'a': a null value is not a parameter value");
    expect(message(yamlToValue("parameter 'a'", { x: 1n }))).toBe("parameter 'a': a mapping is not a parameter value");
    expect(message(yamlToValue("parameter 'a'", [1n, 'x']))).toContain("parameter 'a' must be a boolean");
    expect(expectErr(yamlToValue('v', [null]))).toBe('InvalidArgument');
  });
});

describe('-p name:=value', () => {
  it('needs a name before := and a value after it', () => {
    expect(message(parseParamAssignment(':=5'))).toBe("-p expects name:=value, got ':=5'");
    expect(message(parseParamAssignment('a=5'))).toBe("-p expects name:=value, got 'a=5'");
    expect(message(parseParamAssignment('a:='))).toBe('-p a: a null value is not a parameter value');
    expect(message(parseParamAssignment('a:=&x 1'))).toContain('-p a: ');
    expect(message(parseParamAssignment('a:=&x 1'))).toContain('unsupported YAML construct');
    expect(message(parseParamAssignment('a:=[1, 2'))).toContain('unterminated flow sequence');
    expect(unwrap(parseParamAssignment('a.b:=x:=y'))).toEqual(['a.b', 'x:=y']);
    expect(unwrap(parseParamAssignment('a:=[1, 2.5]'))).toEqual(['a', [1, 2.5]]);
    expect(unwrap(parseParamAssignment('a:=5'))).toEqual(['a', 5n]);
    expect(unwrap(parseParamAssignment('a:=5.0'))).toEqual(['a', 5]);
    expect(unwrap(parseParamAssignment('a:="quoted text"'))).toEqual(['a', 'quoted text']);
    expect(unwrap(parseParamAssignment('a:="5"'))).toEqual(['a', '5']);
  });
});

describe('--ros-args', () => {
  it('reads -p, --param and --params-file between --ros-args and -- only, in order', () => {
    const args = unwrap(
      parseRosArguments([
        '-p',
        'before:=1',
        '--ros-args',
        '-p',
        'a:=1',
        '--param',
        'b:=two',
        '--params-file',
        'one.yaml',
        '-r',
        'x:=y',
        '--',
        '-p',
        'after:=1',
        '--params-file',
        'ignored.yaml',
        '--ros-args',
        '--params-file',
        'two.yaml',
      ]),
    );
    expect(args.paramsFiles).toEqual([
      { path: 'one.yaml', at: 7 },
      { path: 'two.yaml', at: 17 },
    ]);
    expect(args.paramOverrides).toEqual([
      { node: undefined, name: 'a', value: 1n, at: 3 },
      { node: undefined, name: 'b', value: 'two', at: 5 },
    ]);
    expect(args.userArgs).toEqual(['-p', 'before:=1', '-p', 'after:=1', '--params-file', 'ignored.yaml']);
  });

  it('refuses a flag without its value, a bad -p and an argument that is not a string', () => {
    expect(message(parseRosArguments(['--ros-args', '-p']))).toBe('--ros-args: -p needs a value');
    expect(message(parseRosArguments(['--ros-args', '--params-file']))).toBe('--ros-args: --params-file needs a value');
    expect(message(parseRosArguments(['--ros-args', '--param', 'nothing']))).toContain("--param 'nothing'");
    expect(message(parseRosArguments(['a', 5]))).toBe('arguments[1] must be a string, got 5');
  });
});

describe('params files', () => {
  const fileFor = (key: string) => `${key}:\n  ros__parameters:\n    x: 1\n`;
  const applies = (key: string, fqn: string) => unwrap(paramsFileOverrides(fileFor(key), fqn)).has('x');

  it('apply the sections whose key names the node: exactly, with * for one token, /** for any', () => {
    expect(applies('/ns/p', '/ns/p')).toBe(true);
    expect(applies('/ns/p', '/ns/q')).toBe(false);
    expect(applies('/ns/p', '/other/ns/p')).toBe(false);
    expect(applies('p', '/p')).toBe(true);
    expect(applies('/*', '/p')).toBe(true);
    expect(applies('/*', '/ns/p')).toBe(false);
    expect(applies('/ns/*', '/ns/p')).toBe(true);
    expect(applies('/ns/p*', '/ns/planner')).toBe(true);
    expect(applies('/ns/p*', '/ns/q')).toBe(false);
    expect(applies('/**', '/p')).toBe(true);
    expect(applies('/**', '/a/b/p')).toBe(true);
    expect(applies('/**/p', '/p')).toBe(true);
    expect(applies('/**/p', '/a/b/p')).toBe(true);
    expect(applies('/**/p', '/a/b/q')).toBe(false);
    expect(applies('/ns/**', '/ns/a/p')).toBe(true);
    expect(applies('/ns/**', '/other/p')).toBe(false);
    expect(applies('/n.de', '/node')).toBe(false);
    expect(applies('/no(de)?', '/no')).toBe(false);
    // A key is a literal name but for its wildcards: regular expression characters match only themselves.
    const literal: Array<[string, string]> = [
      ['/a|/b', '/b'],
      ['/p$', '/p'],
      ['^/p', '/p'],
      ['/p+', '/pp'],
      ['/p{2}', '/pp'],
      ['/[pq]', '/p'],
      ['/p\\w', '/pw'],
      ['/p.', '/px'],
    ];
    for (const [key, fqn] of literal) expect(applies(key, fqn), key).toBe(false);
  });

  it('name nested groups with dots, keep the file order (a later section wins) and skip other nodes', () => {
    const text = [
      '/**:',
      '  ros__parameters:',
      '    rate: 1',
      '    arm:',
      '      joint:',
      '        max: 2.5',
      '      name: left',
      '/p:',
      '  ros__parameters:',
      '    rate: 5',
      '/other: not a section',
      '/**/p:',
      '  ros__parameters:',
      '    gains: [1, 2.5]',
    ].join('\n');
    const o = unwrap(paramsFileOverrides(text, '/p'));
    expect([...o.entries()]).toEqual([
      ['rate', 5n],
      ['arm.joint.max', 2.5],
      ['arm.name', 'left'],
      ['gains', [1, 2.5]],
    ]);
    const reversed = unwrap(
      paramsFileOverrides('/p:\n  ros__parameters:\n    r: 5\n/**:\n  ros__parameters:\n    r: 1\n', '/p'),
    );
    expect(reversed.get('r')).toBe(1n);
  });

  it('read an empty file as no overrides', () => {
    expect(unwrap(paramsFileOverrides('', '/p')).size).toBe(0);
    expect(unwrap(paramsFileOverrides('# nothing here\n', '/p')).size).toBe(0);
  });

  it('refuse what is not the ROS 2 format, naming the file and what is wrong', () => {
    const bad: Array<[string, string]> = [
      ['- a\n- b', 'f.yaml: the top level must map node names to { ros__parameters: ... }'],
      ['just text', 'f.yaml: the top level must map node names to { ros__parameters: ... }'],
      ['/p: [', 'f.yaml: YAML: line 1: '],
      ['/p:\n  params:\n    x: 1', "f.yaml: node '/p' has no ros__parameters"],
      ['/p: 5', "f.yaml: node '/p' has no ros__parameters"],
      ['/p:\n/q: 1', "f.yaml: node '/p' has no ros__parameters"],
      ['/p:\n  ros__parameters:\n    x:\n', "f.yaml: parameter 'x': a null value is not a parameter value"],
      ['/p:\n  ros__parameters:\n    g:\n      y: [1, a]', "f.yaml: parameter 'g.y' must be a boolean"],
      ['/p:\n  ros__parameters:\n    x: 1\n     y: 2', 'f.yaml: YAML: line 3: '],
      ['/p:\n  ros__parameters:\n    x: 1\n    x: 2', 'f.yaml: YAML: line 4: Map keys must be unique'],
    ];
    for (const [text, why] of bad) {
      const r = paramsFileOverrides(text, '/p', 'f.yaml');
      expect(expectErr(r), text).toBe('InvalidArgument');
      expect(message(r), text).toContain(why);
    }
    expect(message(paramsFileOverrides('- a', '/p'))).toContain('params file: the top level');
  });

  it('read full YAML 1.2: anchors, block scalars and flow mappings (groups, as nested maps are)', () => {
    const text =
      '/p:\n  ros__parameters:\n    a: &one 1\n    b: *one\n    text: |\n      two\n      lines\n    g: {x: 2.5}\n';
    expect(Object.fromEntries(unwrap(paramsFileOverrides(text, '/p')))).toEqual({
      a: 1n,
      b: 1n,
      text: 'two\nlines\n',
      'g.x': 2.5,
    });
  });
});

describe('YAML errors name the line', () => {
  it('for a key without a value, stray indentation and a tab as indentation (the yaml package says what)', () => {
    expect(message(parseYaml('a: 1\nb: 2\nnot a pair'))).toBe(
      'YAML: line 3: Implicit map keys need to be followed by map values',
    );
    expect(message(parseYaml('a:\n    b: 1\n  c: 2'))).toBe(
      'YAML: line 3: All mapping items must start at the same column',
    );
    expect(message(parseYaml('  a: 1\nb: 2'))).toBe('YAML: line 2: Unexpected scalar at node end');
    expect(message(parseYaml('a: 1\n\n\tb: 2'))).toBe('YAML: line 3: Tabs are not allowed as indentation');
  });
});

describe('gathering', () => {
  const files: Record<string, string> = {
    'a.yaml': '/p:\n  ros__parameters:\n    x: 1\n    y: 1\n    z: 1\n',
    'b.yaml': '/**:\n  ros__parameters:\n    y: 2\n',
  };
  const read = (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error(`ENOENT: ${path}`);
    return text;
  };

  const filesArg = (...paths: string[]) => ({
    paramsFiles: paths.map((path, at) => ({ path, at })),
    paramOverrides: [],
  });

  it('files and -p in the order given, then the node options: the later wins', () => {
    const args = {
      paramsFiles: [
        { path: 'a.yaml', at: 1 },
        { path: 'b.yaml', at: 3 },
      ],
      paramOverrides: [
        { node: undefined, name: 'y', value: 9n, at: 0 },
        { node: undefined, name: 'z', value: 3n, at: 5 },
        { node: undefined, name: 'w', value: 3n, at: 7 },
      ],
    };
    const o = unwrap(gatherOverrides('/p', args, new Map([['w', 4n]]), read));
    expect(Object.fromEntries(o)).toEqual({ x: 1n, y: 2n, z: 3n, w: 4n });
  });

  it('a -p rule with a node prefix applies to that node only', () => {
    const paramOverrides = [
      { node: 'p', name: 'a', value: 1n, at: 0 },
      { node: 'q', name: 'b', value: 1n, at: 1 },
    ];
    const o = unwrap(gatherOverrides('/p', { paramsFiles: [], paramOverrides }, new Map(), read));
    expect(Object.fromEntries(o)).toEqual({ a: 1n });
    expect(unwrap(gatherOverrides('/ns/p', { paramsFiles: [], paramOverrides }, new Map(), read)).size).toBe(0);
  });

  it('answers NotFound for a file that cannot be read, Unsupported without a file system, and the file error', () => {
    const missing = gatherOverrides('/p', filesArg('a.yaml', 'c.yaml'), new Map(), read);
    expect(expectErr(missing)).toBe('NotFound');
    expect(message(missing)).toBe('--params-file c.yaml could not be read: ENOENT: c.yaml');
    // Without node:fs (a browser), reading a params file answers Unsupported.
    const proc = process as { getBuiltinModule?: unknown };
    const saved = proc.getBuiltinModule;
    proc.getBuiltinModule = undefined;
    let browser: ReturnType<typeof gatherOverrides>;
    try {
      browser = gatherOverrides('/p', filesArg('a.yaml'), new Map());
    } finally {
      proc.getBuiltinModule = saved;
    }
    expect(expectErr(browser)).toBe('Unsupported');
    expect(message(browser)).toBe('--params-file a.yaml: no file system here');
    files['bad.yaml'] = '- x';
    expect(message(gatherOverrides('/p', filesArg('bad.yaml'), new Map(), read))).toContain(
      'params file bad.yaml: the top level',
    );
  });
});

describe('node options', () => {
  it('parameterOverrides: an object of parameter values (an empty array allowed), read once', () => {
    expect(unwrap(readOverridesOption(undefined)).size).toBe(0);
    expect(Object.fromEntries(unwrap(readOverridesOption({ a: 1n, b: [], c: 'x' })))).toEqual({ a: 1n, b: [], c: 'x' });
    for (const bad of [null, 5, 'x', [1n]]) {
      expect(message(readOverridesOption(bad)), String(bad)).toContain(
        'parameterOverrides must be an object of name: value',
      );
    }
    expect(message(readOverridesOption({ a: {} }))).toContain('parameterOverrides.a must be a boolean');
    expect(message(readOverridesOption({ a: [1n, 'x'] }))).toContain('parameterOverrides.a must be a boolean');
    const hostile = {
      get a(): never {
        throw new Error('no');
      },
    };
    expect(message(readOverridesOption(hostile))).toContain('parameterOverrides could not be read');
  });

  it('refuse bad arguments and overrides at node creation, naming the node', () => {
    const { executor } = makeFixture();
    const cases: Array<[object, string]> = [
      [{ arguments: 'a' }, "options of node 'n'.arguments must be an array of strings, got a"],
      [{ arguments: ['--ros-args', '-p'] }, "options of node 'n'.arguments: --ros-args: -p needs a value"],
      [{ parameterOverrides: 5 }, "options of node 'n'.parameterOverrides must be an object"],
      [{ parameterOverrides: { a: null } }, "options of node 'n'.parameterOverrides.a must be a boolean"],
      [{ arguments: ['--ros-args', '--params-file', '/nonexistent/p.yaml'] }, "options of node 'n': --params-file"],
    ];
    for (const [options, why] of cases) {
      const r = executor.createNode('n', options);
      expect(r.ok, why).toBe(false);
      expect(message(r), why).toContain(why);
    }
  });

  it('match params file sections against the namespaced node name', () => {
    const { executor } = makeFixture();
    const n = unwrap(executor.createNode('p', { namespace: '/ns', arguments: ['--ros-args', '-p', 'x:=2'] }));
    expect(unwrap(n.declareParameter('x', 1n)).value).toBe(2n);
  });
});

/**
 * `--ros-args` parsed as rcl_parse_arguments parses it: the cases of rcl's
 * test_arguments.cpp (check_known_vs_unknown_args, check_valid_vs_invalid_args) as a table,
 * then sections, user arguments, log levels, the rosout switches, and what each flag does
 * at node creation (works, or Unsupported naming it), on the in-process backend.
 */
import { describe, expect, it } from 'vitest';
import { getLogger, LogLevel, std_msgs } from '../../../src/index.js';
import { resetLoggerLevels } from '../../../src/rclcpp/logging/logger-levels.js';
import { parseRosArguments, removeRosArguments } from '../../../src/rclcpp/ros-args/parse-ros-args.js';
import { parseRemapRule } from '../../../src/rclcpp/ros-args/remap-rule.js';
import { expectErr, makeFixture, settle, unwrap } from '../../support/executor-fixture.js';

/** What rcl's tests say of an argument list, in rclts's terms. */
type Verdict = 'known' | 'unknown' | 'invalid' | 'unsupported';

function verdict(args: readonly string[]): Verdict {
  const r = parseRosArguments(args);
  if (!r.ok) return r.error.name === 'Unsupported' ? 'unsupported' : 'invalid';
  return r.value.unparsedRos.length === 0 && r.value.userArgs.length === 0 ? 'known' : 'unknown';
}

const ros = (...a: string[]) => ['--ros-args', ...a];

// check_known_vs_unknown_args: rcl's EXPECT_TRUE is 'known', EXPECT_FALSE 'unknown'.
const KNOWN: ReadonlyArray<readonly [readonly string[], Verdict]> = [
  [ros('-r', '__node:=node_name'), 'known'],
  [ros('-r', 'old_name:__node:=node_name'), 'known'],
  [ros('-r', 'old_name:__node:=nodename123'), 'known'],
  [ros('-r', '__node:=nodename123'), 'known'],
  [ros('-r', '__ns:=/foo/bar'), 'known'],
  [ros('-r', '__ns:=/'), 'known'],
  [ros('-r', '_:=kq'), 'known'],
  [ros('-r', 'nodename:__ns:=/foobar'), 'known'],
  [ros('-r', 'foo:=bar'), 'known'],
  [ros('-r', '~/foo:=~/bar'), 'known'],
  [ros('-r', '/foo/bar:=bar'), 'known'],
  [ros('-r', 'foo:=/bar'), 'known'],
  [ros('-r', '/foo123:=/bar123'), 'known'],
  [ros('-r', 'node:/foo123:=/bar123'), 'known'],
  [ros('-r', 'rostopic:=/foo/bar'), 'known'],
  [ros('-r', 'rosservice:=baz'), 'known'],
  [ros('-r', 'rostopic://rostopic:=rosservice'), 'known'],
  [ros('-r', 'rostopic:///rosservice:=rostopic'), 'known'],
  [ros('-r', 'rostopic:///foo/bar:=baz'), 'known'],
  [ros('-p', 'foo:=bar'), 'known'],
  [ros('-p', 'qos_overrides./foo/bar.publisher.history:=keep_last'), 'known'],
  [ros('-p', 'foo.bar:=bar'), 'known'],
  [ros('-p', 'node:foo:=bar'), 'known'],
  [ros('-p', 'fizz123:=buzz456'), 'known'],
  [ros('--params-file', 'test_parameters.1.yaml'), 'known'],
  [ros('--custom-ros-arg'), 'unknown'],
  [ros('__node:=node_name'), 'unknown'],
  [ros('old_name:__node:=node_name'), 'unknown'],
  [ros('/foo/bar:=bar'), 'unknown'],
  [ros('foo:=/bar'), 'unknown'],
  [ros('file_name.yaml'), 'unknown'],
  // rcl knows these; rclts does not implement them and says so.
  [ros('--log-config-file', 'file.config'), 'unsupported'],
  [ros('--log-level', 'UNSET'), 'known'],
  [ros('--log-level', 'DEBUG'), 'known'],
  [ros('--log-level', 'INFO'), 'known'],
  [ros('--log-level', 'WARN'), 'known'],
  [ros('--log-level', 'ERROR'), 'known'],
  [ros('--log-level', 'FATAL'), 'known'],
  [ros('--log-level', 'debug'), 'known'],
  [ros('--log-level', 'Info'), 'known'],
  [ros('--log', 'foo'), 'unknown'],
  [ros('--loglevel', 'foo'), 'unknown'],
  [ros('--log-file-name', 'filename'), 'unsupported'],
  [ros('--logfile-name', 'filename'), 'unknown'],
  [ros('--log-filename', 'filename'), 'unknown'],
  [ros('--enable-rosout-logs'), 'known'],
  [ros('--disable-rosout-logs'), 'known'],
  [ros('--enable-stdout-logs'), 'known'],
  [ros('--disable-stdout-logs'), 'unsupported'],
  [ros('--enable-external-lib-logs'), 'unsupported'],
  [ros('--disable-external-lib-logs'), 'known'],
  [ros('stdout-logs'), 'unknown'],
  [ros('external-lib-logs'), 'unknown'],
];

// check_valid_vs_invalid_args: rcl's EXPECT_FALSE (RCL_RET_INVALID_ROS_ARGS) is 'invalid'.
const INVALID: readonly (readonly string[])[] = [
  ros('-r'),
  ros('--remap'),
  ...[':', '1', '~', ':=', 'foo:=', ':=bar', '::=', '1:=', '~:=', '__node:=', '__node:=/foo/bar', '__ns:=', '__ns:=foo']
    .concat([':__node:=nodename', '~:__node:=nodename', '}foo:=/bar', 'f oo:=/bar', 'foo:=/b ar', 'f{oo:=/bar'])
    .concat(['foo:=/b}ar', 'rostopic://:=rosservice', 'rostopic::=rosservice'])
    .map((rule) => ros('-r', rule)),
  ros('-p'),
  ...[':=', 'foo:=', ':=bar', ':', '1', '~', '::=', '1:=', '~:=', '__node:=', '__node:=/foo/bar', '__ns:=foo']
    .concat([':__node:=nodename', '~:__node:=nodename', '}foo:=/bar', 'f oo:=/bar'])
    .map((rule) => ros('-p', rule)),
  ros('--param', '}foo:=/bar'),
  ros('--param', 'f oo:=/bar'),
  ros('-e'),
  ros('--enclave'),
  ros('--params-file'),
  ros('--log-config-file'),
  ros('--log-level'),
  ros('--log-level', 'foo'),
  ros('--log-file-name'),
];

describe('rcl test_arguments.cpp', () => {
  for (const [args, expected] of KNOWN) {
    it(`check_known_vs_unknown_args: ${args.join(' ')} is ${expected}`, () => {
      expect(verdict(args)).toBe(expected);
    });
  }
  for (const args of INVALID) {
    it(`check_valid_vs_invalid_args: ${args.join(' ')} is invalid`, () => {
      expect(verdict(args)).toBe('invalid');
    });
  }

  it('a valid mix; an unknown ROS argument is not invalid (rclcpp refuses it at creation)', () => {
    expect(
      verdict(ros('-p', 'foo:=bar', '-r', '__node:=node_name', '--params-file', 'p.yaml', '--log-level', 'INFO')),
    ).toBe('known');
    expect(verdict(ros('--custom-ros-arg'))).toBe('unknown');
  });
});

describe('sections and user arguments', () => {
  it("several sections, -- ends one, --ros-args inside one is ignored; the rest is the user's", () => {
    const args = [
      'prog_arg',
      '--ros-args',
      '-r',
      'a:=b',
      '--ros-args',
      '-p',
      'x:=1',
      '--',
      'mine',
      '--ros-args',
      '-r',
      'c:=d',
    ];
    const r = unwrap(parseRosArguments(args));
    expect(r.remaps.map((x) => x.text)).toEqual(['a:=b', 'c:=d']);
    expect(r.paramOverrides.map((p) => [p.name, p.value])).toEqual([['x', 1n]]);
    expect(r.userArgs).toEqual(['prog_arg', 'mine']);
    expect(unwrap(removeRosArguments(args))).toEqual(['prog_arg', 'mine']);
    // '--' outside a section is the user's
    expect(unwrap(parseRosArguments(['--', 'x'])).userArgs).toEqual(['--', 'x']);
  });

  it('a remap rule outside --ros-args is taken in its deprecated form, as rcl does', () => {
    const r = unwrap(parseRosArguments(['chatter:=other', 'not_a_rule', 'a:=1']));
    expect(r.remaps.map((x) => x.text)).toEqual(['chatter:=other']);
    expect(r.userArgs).toEqual(['not_a_rule', 'a:=1']);
  });

  it('--log-level: the default first, then per logger; a repeated name keeps its last level', () => {
    const r = unwrap(
      parseRosArguments(
        ros('--log-level', 'a.b:=debug', '--log-level', 'WARN', '--log-level', 'a.b:=Error', '--log-level', 'x:=fatal'),
      ),
    );
    expect(r.logLevels).toEqual([
      { name: undefined, level: 'warn' },
      { name: 'a.b', level: 'error' },
      { name: 'x', level: 'fatal' },
    ]);
    expect(expectErr(parseRosArguments(ros('--log-level', ':=debug')))).toBe('InvalidArgument');
    expect(expectErr(parseRosArguments(ros('--log-level', 'a:=loud')))).toBe('InvalidArgument');
  });

  it('--enable-rosout-logs / --disable-rosout-logs: the last one given', () => {
    expect(unwrap(parseRosArguments([])).enableRosout).toBeUndefined();
    expect(unwrap(parseRosArguments(ros('--disable-rosout-logs'))).enableRosout).toBe(false);
    expect(unwrap(parseRosArguments(ros('--disable-rosout-logs', '--enable-rosout-logs'))).enableRosout).toBe(true);
  });

  it('remap rules: kinds, node prefixes, and wildcards or backreferences refused as rcl refuses them', () => {
    expect(unwrap(parseRemapRule('n:rosservice://a/b:=~/c'))).toMatchObject({
      kind: 'service',
      nodeName: 'n',
      match: 'a/b',
      replacement: '~/c',
    });
    expect(unwrap(parseRemapRule('__name:=x'))).toMatchObject({ kind: 'node_name', replacement: 'x' });
    expect(unwrap(parseRemapRule('__ns:=/a/b/'))).toMatchObject({ kind: 'namespace', replacement: '/a/b' });
    expect(expectErr(parseRemapRule('/foo/*:=bar'))).toBe('Unsupported');
    expect(expectErr(parseRemapRule('/foo/**:=bar'))).toBe('Unsupported');
    expect(expectErr(parseRemapRule('foo:=\\1'))).toBe('Unsupported');
    expect(expectErr(parseRemapRule('a__b:=c'))).toBe('InvalidArgument');
  });

  it('messages name the flag and the rule', () => {
    const r = parseRosArguments(ros('-r', 'foo:='));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain("--ros-args -r: remap rule 'foo:='");
    const e = parseRosArguments(ros('-e', '/secure'));
    if (!e.ok)
      expect(e.error.message).toBe('--ros-args -e /secure: rclts has no security enclaves (every node uses enclave /)');
  });
});

describe('at node creation (in-process backend)', () => {
  const Str = std_msgs.msg.String;

  it("a '-r chatter:=other' node's publisher reaches a subscriber on /other", async () => {
    const { executor } = makeFixture();
    const talker = unwrap(executor.createNode('talker', { arguments: ['--ros-args', '-r', 'chatter:=other'] }));
    const listener = unwrap(executor.createNode('listener'));
    const got: string[] = [];
    const onChatter: string[] = [];
    unwrap(listener.createSubscription(Str, '/other', (m) => void got.push(m.data)));
    unwrap(listener.createSubscription(Str, '/chatter', (m) => void onChatter.push(m.data)));
    const pub = unwrap(talker.createPublisher(Str, 'chatter'));
    expect(pub.getTopicName()).toBe('/other');
    unwrap(pub.publish({ data: 'hello' }));
    await settle();
    executor.spinSome();
    expect(got).toEqual(['hello']);
    expect(onChatter).toEqual([]);
  });

  it("'-r __node:=x -r __ns:=/y' names the node /y/x in the graph", () => {
    const { executor, node } = makeFixture();
    const made = unwrap(
      executor.createNode('orig', { arguments: ['--ros-args', '-r', '__node:=x', '-r', '__ns:=/y'] }),
    );
    expect(made.getFullyQualifiedName()).toBe('/y/x');
    const names = unwrap(node.getNodeNames()).map((n) =>
      n.namespace === '/' ? `/${n.name}` : `${n.namespace}/${n.name}`,
    );
    expect(names).toContain('/y/x');
    expect(names).not.toContain('/orig');
  });

  it('-p with a node prefix applies to the node by its remapped name', () => {
    const { executor } = makeFixture();
    const args = ['--ros-args', '-r', '__node:=x', '-p', 'x:a:=1', '-p', 'orig:b:=2', '-p', 'c:=3'];
    const node = unwrap(executor.createNode('orig', { arguments: args }));
    expect(unwrap(node.declareParameter('a', 0n)).value).toBe(1n);
    expect(unwrap(node.declareParameter('b', 0n)).value).toBe(0n);
    expect(unwrap(node.declareParameter('c', 0n)).value).toBe(3n);
  });

  it('--disable-rosout-logs leaves /rosout out, as enableRosout: false does', () => {
    const { executor, node } = makeFixture();
    unwrap(executor.createNode('quiet', { arguments: ['--ros-args', '--disable-rosout-logs'] }));
    unwrap(executor.createNode('loud'));
    const rosout = unwrap(node.getEndpoints())
      .filter((e) => e.kind === 'publisher' && e.name === '/rosout')
      .map((e) => e.node.name);
    expect(rosout).toContain('loud');
    expect(rosout).not.toContain('quiet');
  });

  it('every flag rclts does not implement answers Unsupported naming it, and nothing is created', () => {
    const { executor, node } = makeFixture();
    const cases: ReadonlyArray<readonly string[]> = [
      ['--log-config-file', 'f.config'],
      ['--log-file-name', 'f'],
      ['-e', '/secure'],
      ['--enclave', '/secure'],
      ['--disable-stdout-logs'],
      ['--enable-external-lib-logs'],
    ];
    for (const flags of cases) {
      const r = executor.createNode('n', { arguments: ['--ros-args', ...flags] });
      expect(expectErr(r), flags.join(' ')).toBe('Unsupported');
      if (!r.ok) expect(r.error.message).toContain(flags[0]);
    }
    expect(unwrap(node.getNodeNames()).map((n) => n.name)).not.toContain('n');
  });

  it('an unknown argument inside --ros-args is refused naming it (rclcpp: UnknownROSArgsError)', () => {
    const { executor } = makeFixture();
    const r = executor.createNode('n', { arguments: ['--ros-args', '--custom-ros-arg'] });
    expect(expectErr(r)).toBe('InvalidArgument');
    if (!r.ok) expect(r.error.message).toContain("'--custom-ros-arg'");
  });

  it('--log-level sets the default and named levels, process-wide as rcl sets them at init', () => {
    const { executor } = makeFixture();
    try {
      const args = ['--ros-args', '--log-level', 'lv:=debug', '--log-level', 'error'];
      const node = unwrap(executor.createNode('lv', { arguments: args }));
      expect(node.getLogger().getEffectiveLevel()).toBe(LogLevel.Debug);
      expect(getLogger('elsewhere').getEffectiveLevel()).toBe(LogLevel.Error);
    } finally {
      resetLoggerLevels();
    }
  });

  it('the switches rclts already obeys are accepted', () => {
    const { executor } = makeFixture();
    const args = ['--ros-args', '--enable-stdout-logs', '--disable-external-lib-logs', '--enable-rosout-logs'];
    unwrap(executor.createNode('n', { arguments: args }));
  });
});

describe('hostile arguments', () => {
  it('answer InvalidArgument, never a throw', () => {
    const { executor } = makeFixture();
    const hostile: string[] = ['--ros-args'];
    Object.defineProperty(hostile, 1, {
      get(): never {
        throw new Error('no');
      },
    });
    expect(expectErr(parseRosArguments(hostile))).toBe('InvalidArgument');
    const revoked = Proxy.revocable([], {});
    revoked.revoke();
    expect(expectErr(parseRosArguments(revoked.proxy))).toBe('InvalidArgument');
    const r = executor.createNode('n', { arguments: revoked.proxy });
    expect(expectErr(r)).toBe('InvalidArgument');
    expect(r.ok ? '' : r.error.message).toContain("options of node 'n'.arguments could not be read");
    expect(expectErr(executor.createNode('n', { arguments: 'a' as unknown as string[] }))).toBe('InvalidArgument');
  });
});

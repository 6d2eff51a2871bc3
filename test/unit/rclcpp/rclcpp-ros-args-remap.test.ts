/**
 * Remapping by rcl's rules, case by case from rcl/test/rcl/test_remap.cpp and
 * test_remap_integration.cpp (each row names the rcl test it ports). `local` are the node's
 * own arguments, `global` the context's; rclts has only the former, the latter shows that
 * remap.ts keeps rcl's order (local first) for when it has both.
 */
import { describe, expect, it } from 'vitest';
import { CancelResponse, example_interfaces, GoalResponse, std_msgs } from '../../../src/index.js';
import { parseRosArguments } from '../../../src/rclcpp/ros-args/parse-ros-args.js';
import {
  compileRemap,
  type RemapRules,
  remapName,
  remapNodeName,
  remapNodeNamespace,
} from '../../../src/rclcpp/ros-args/remap.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const remaps = (args: readonly string[] | undefined) =>
  args === undefined ? [] : unwrap(parseRosArguments(['--ros-args', ...args])).remaps;

function rulesOf(local: readonly string[] | undefined, global: readonly string[] | undefined): RemapRules {
  return { local: remaps(local), global: remaps(global) };
}

type Call = 'topic' | 'service' | 'node' | 'namespace';
interface Case {
  readonly rcl: string;
  readonly local?: readonly string[];
  readonly global?: readonly string[];
  readonly call: Call;
  /** The expanded name given (topic and service calls). */
  readonly input?: string;
  readonly node: string;
  readonly ns?: string;
  readonly expected: string | undefined;
}

const CASES: readonly Case[] = [
  {
    rcl: 'global_namespace_replacement',
    global: ['-r', '__ns:=/foo/bar'],
    call: 'namespace',
    node: 'NodeName',
    expected: '/foo/bar',
  },
  ...(['Node1', 'Node2', 'Node3'] as const).map((node, i) => ({
    rcl: `nodename_prefix_namespace_remap (${node})`,
    global: ['-r', 'Node1:__ns:=/foo/bar', '-r', 'Node2:__ns:=/this_one', '-r', 'Node3:__ns:=/bar/foo'],
    call: 'namespace' as const,
    node,
    expected: ['/foo/bar', '/this_one', '/bar/foo'][i],
  })),
  { rcl: 'no_namespace_replacement', global: [], call: 'namespace', node: 'NodeName', expected: undefined },
  {
    rcl: 'local_namespace_replacement_before_global',
    global: ['-r', '__ns:=/global_args'],
    local: ['-r', '__ns:=/local_args'],
    call: 'namespace',
    node: 'NodeName',
    expected: '/local_args',
  },
  { rcl: 'no_use_global_namespace_replacement', local: [], call: 'namespace', node: 'NodeName', expected: undefined },
  {
    rcl: 'other_rules_before_namespace_rule',
    global: ['-r', '/foobar:=/foo/bar', '-r', '__ns:=/namespace', '-r', '__node:=new_name'],
    call: 'namespace',
    node: 'NodeName',
    expected: '/namespace',
  },
  ...(['topic', 'service'] as const).flatMap((call): Case[] => [
    {
      rcl: `global_${call}_name_replacement`,
      global: ['-r', '/bar/foo:=/foo/bar'],
      call,
      input: '/bar/foo',
      node: 'NodeName',
      ns: '/',
      expected: '/foo/bar',
    },
    {
      rcl: `global_${call}_name_replacement (no match)`,
      global: ['-r', '/bar/foo:=/foo/bar'],
      call,
      input: call === 'topic' ? '/foo/bar' : '/foobar',
      node: 'NodeName',
      ns: '/',
      expected: undefined,
    },
    {
      rcl: `relative_${call}_name_remap`,
      global: ['-r', 'foo:=bar'],
      call,
      input: '/ns/foo',
      node: 'NodeName',
      ns: '/ns',
      expected: '/ns/bar',
    },
    ...(['Node1', 'Node2', 'Node3'] as const).map((node, i) => ({
      rcl: `nodename_prefix_${call}_remap (${node})`,
      global: ['-r', 'Node1:/foo:=/foo/bar', '-r', 'Node2:/foo:=/this_one', '-r', 'Node3:/foo:=/bar/foo'],
      call,
      input: '/foo',
      node,
      ns: '/',
      expected: ['/foo/bar', '/this_one', '/bar/foo'][i],
    })),
    {
      rcl: `no_use_global_${call}_name_replacement`,
      local: [],
      call,
      input: '/bar/foo',
      node: 'NodeName',
      expected: undefined,
    },
    { rcl: `no_${call}_name_replacement`, global: [], call, input: '/bar/foo', node: 'NodeName', expected: undefined },
    {
      rcl: `local_${call}_replacement_before_global`,
      global: ['-r', '/bar/foo:=/foo/global_args'],
      local: ['-r', '/bar/foo:=/foo/local_args'],
      call,
      input: '/bar/foo',
      node: 'NodeName',
      expected: '/foo/local_args',
    },
    {
      rcl: `other_rules_before_${call}_rule`,
      global: ['-r', '__ns:=/namespace', '-r', '__node:=remap_name', '-r', '/foobar:=/foo/bar'],
      call,
      input: '/foobar',
      node: 'NodeName',
      expected: '/foo/bar',
    },
  ]),
  {
    rcl: 'global_nodename_replacement',
    global: ['-r', '__node:=globalname'],
    call: 'node',
    node: 'NodeName',
    expected: 'globalname',
  },
  { rcl: 'no_nodename_replacement', global: [], call: 'node', node: 'NodeName', expected: undefined },
  {
    rcl: 'local_nodename_replacement_before_global',
    global: ['-r', '__node:=global_name'],
    local: ['-r', '__node:=local_name'],
    call: 'node',
    node: 'NodeName',
    expected: 'local_name',
  },
  { rcl: 'no_use_global_nodename_replacement', local: [], call: 'node', node: 'NodeName', expected: undefined },
  {
    rcl: 'use_first_nodename_rule',
    global: ['-r', '__node:=firstname', '-r', '__node:=secondname'],
    call: 'node',
    node: 'NodeName',
    expected: 'firstname',
  },
  {
    rcl: 'other_rules_before_nodename_rule',
    global: ['-r', '/foobar:=/foo', '-r', '__ns:=/namespace', '-r', '__node:=remap_name'],
    call: 'node',
    node: 'NodeName',
    expected: 'remap_name',
  },
  {
    rcl: 'url_scheme_rosservice (service)',
    global: ['-r', 'rosservice://foo:=bar'],
    call: 'service',
    input: '/ns/foo',
    node: 'NodeName',
    ns: '/ns',
    expected: '/ns/bar',
  },
  {
    rcl: 'url_scheme_rosservice (topic)',
    global: ['-r', 'rosservice://foo:=bar'],
    call: 'topic',
    input: '/ns/foo',
    node: 'NodeName',
    ns: '/ns',
    expected: undefined,
  },
  {
    rcl: 'url_scheme_rostopic (topic)',
    global: ['-r', 'rostopic://foo:=bar'],
    call: 'topic',
    input: '/ns/foo',
    node: 'NodeName',
    ns: '/ns',
    expected: '/ns/bar',
  },
  {
    rcl: 'url_scheme_rostopic (service)',
    global: ['-r', 'rostopic://foo:=bar'],
    call: 'service',
    input: '/ns/foo',
    node: 'NodeName',
    ns: '/ns',
    expected: undefined,
  },
  {
    rcl: '_rcl_remap_name_bad_arg (local)',
    local: ['-r', '__node:=local_name'],
    call: 'node',
    node: 'NodeName',
    expected: 'local_name',
  },
  {
    rcl: '_rcl_remap_name_bad_arg (global)',
    global: ['-r', '__node:=global_name'],
    call: 'node',
    node: 'NodeName',
    expected: 'global_name',
  },
];

describe('remapping, case by case from rcl test_remap.cpp', () => {
  for (const c of CASES) {
    it(c.rcl, () => {
      const rules = rulesOf(c.local, c.global);
      let got: string | undefined;
      if (c.call === 'node') got = remapNodeName(rules, c.node);
      else if (c.call === 'namespace') got = remapNodeNamespace(rules, c.node);
      else {
        got = unwrap(remapName(rules, c.call, c.input as string, c.node, c.ns ?? '/'));
        // the form a node uses, its rules expanded once, answers the same
        expect(unwrap(compileRemap(rules, c.node, c.ns ?? '/')(c.input as string, c.call))).toBe(got);
      }
      expect(got).toBe(c.expected);
    });
  }

  it('a private rule (~/) is expanded against the node before matching, and so is its replacement', () => {
    const rules = rulesOf(['-r', '~/foo:=~/bar'], undefined);
    expect(unwrap(remapName(rules, 'topic', '/ns/me/foo', 'me', '/ns'))).toBe('/ns/me/bar');
    expect(unwrap(remapName(rules, 'topic', '/ns/foo', 'me', '/ns'))).toBeUndefined();
  });

  it('the first matching rule wins, a non-matching one before it does not count', () => {
    const rules = rulesOf(['-r', 'a:=x', '-r', 'b:=y', '-r', 'b:=z'], undefined);
    expect(unwrap(remapName(rules, 'topic', '/b', 'n', '/'))).toBe('/y');
  });
});

describe('remapping at node creation, from rcl test_remap_integration.cpp', () => {
  const Srv = example_interfaces.srv.AddTwoInts;
  const Str = std_msgs.msg.String;
  const add = (r: { a: bigint; b: bigint }) => ({ sum: r.a + r.b });

  it('remap_using_global_rule: the node, its publisher, subscription, client and service', () => {
    const { executor } = makeFixture();
    const arguments_ = ['--ros-args', '-r', '__node:=new_name', '-r', '__ns:=/new_ns', '-r', '/foo/bar:=/bar/foo'];
    const node = unwrap(executor.createNode('original_name', { namespace: '/original_ns', arguments: arguments_ }));
    expect(node.getName()).toBe('new_name');
    expect(node.getNamespace()).toBe('/new_ns');
    expect(node.getFullyQualifiedName()).toBe('/new_ns/new_name');
    expect(unwrap(node.createPublisher(Str, '/foo/bar')).getTopicName()).toBe('/bar/foo');
    unwrap(node.createSubscription(Str, '/foo/bar', () => {}));
    unwrap(node.createClient(Srv, '/foo/bar', () => {}));
    unwrap(node.createService(Srv, '/foo/bar', add));
    const topics = unwrap(node.getTopicNamesAndTypes());
    expect(topics.has('/bar/foo')).toBe(true);
    expect(topics.has('/foo/bar')).toBe(false);
    expect(unwrap(node.getServiceNamesAndTypes()).has('/bar/foo')).toBe(true);
    const names = unwrap(node.getNodeNames()).map((n) => `${n.namespace}|${n.name}`);
    expect(names).toContain('/new_ns|new_name');
    expect(names).not.toContain('/original_ns|original_name');
  });

  it('ignore_global_rules: a node without arguments keeps its names', () => {
    const { executor } = makeFixture();
    const node = unwrap(executor.createNode('original_name', { namespace: '/original_ns' }));
    expect(node.getFullyQualifiedName()).toBe('/original_ns/original_name');
    expect(unwrap(node.createPublisher(Str, '/foo/bar')).getTopicName()).toBe('/foo/bar');
  });

  it('remap_relative_topic: a relative replacement joins the node namespace', () => {
    const { executor } = makeFixture();
    const node = unwrap(
      executor.createNode('original_name', {
        namespace: '/foo',
        arguments: ['--ros-args', '-r', '/foo/bar:=remap/global'],
      }),
    );
    expect(unwrap(node.createPublisher(Str, 'bar')).getTopicName()).toBe('/foo/remap/global');
    unwrap(node.createService(Srv, 'bar', add));
    expect(unwrap(node.getServiceNamesAndTypes()).has('/foo/remap/global')).toBe(true);
  });

  it('remap_using_node_rules: a node-targeted rule applies to that node only', () => {
    const { executor } = makeFixture();
    const args = ['--ros-args', '-r', 'original_name:__ns:=/new_ns', '-r', 'other:chatter:=elsewhere'];
    const node = unwrap(executor.createNode('original_name', { namespace: '', arguments: args }));
    expect(node.getNamespace()).toBe('/new_ns');
    expect(unwrap(node.createPublisher(Str, 'chatter')).getTopicName()).toBe('/new_ns/chatter');
  });

  it('the namespace rule is matched against the remapped node name, as rcl_node_init does', () => {
    const { executor } = makeFixture();
    const args = ['--ros-args', '-r', '__node:=x', '-r', 'x:__ns:=/y', '-r', 'orig:__ns:=/z'];
    expect(unwrap(executor.createNode('orig', { arguments: args })).getFullyQualifiedName()).toBe('/y/x');
  });

  it('an action is remapped by its name (rcl_action since ros2/rcl#1170), each entity after it by its own', () => {
    const { executor } = makeFixture();
    const args = ['--ros-args', '-r', 'fibonacci:=other', '-r', '/other/_action/status:=/st'];
    const node = unwrap(executor.createNode('n', { arguments: args }));
    const callbacks = {
      goal: () => GoalResponse.AcceptAndExecute,
      cancel: () => CancelResponse.Accept,
      accepted: () => {},
    };
    unwrap(node.createActionServer(example_interfaces.action.Fibonacci, 'fibonacci', callbacks));
    const services = unwrap(node.getServiceNamesAndTypes());
    expect([...services.keys()].filter((k) => k.includes('_action'))).toEqual(
      expect.arrayContaining(['/other/_action/send_goal', '/other/_action/cancel_goal', '/other/_action/get_result']),
    );
    const topics = unwrap(node.getTopicNamesAndTypes());
    expect(topics.has('/other/_action/feedback')).toBe(true);
    expect(topics.has('/st')).toBe(true);
    expect([...services.keys(), ...topics.keys()].some((k) => k.startsWith('/fibonacci'))).toBe(false);
  });

  it('node.resolveName applies topic rules (rcl_action resolves action names so); raw nodes refuse rules', () => {
    const { executor } = makeFixture();
    const node = unwrap(executor.createNode('n', { arguments: ['--ros-args', '-r', 'fibonacci:=other'] }));
    expect(unwrap(node.resolveName('fibonacci'))).toBe('/other');
    const raw = executor.createNode('r', { naming: 'raw', arguments: ['--ros-args', '-r', 'a:=b'] });
    expect(expectErr(raw)).toBe('Unsupported');
  });
});

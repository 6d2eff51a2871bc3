/** Node names, namespaces and topic names as rcl validates and expands them; raw keys. */
import { describe, expect, it } from 'vitest';
import { std_msgs } from '../../../src/index.js';
import { expandTopicName, normalizeNamespace, validateNodeName, validateRawKey } from '../../../src/rclcpp/names.js';
import { BARE_NODE } from '../../support/bare-node.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('node names', () => {
  it('accept alphanumerics and underscore, not a leading digit', () => {
    for (const ok of ['talker', 'my_node', '_hidden', 'n2']) expect(validateNodeName(ok).ok).toBe(true);
    for (const bad of ['', '2fast', 'my-node', 'a/b', 'ä', '~', 'x'.repeat(256), 7]) {
      expect(expectErr(validateNodeName(bad))).toBe('InvalidArgument');
    }
  });
});

describe('namespaces', () => {
  it('normalise like rclcpp (empty is root, relative becomes absolute) and validate tokens', () => {
    expect(unwrap(normalizeNamespace(undefined))).toBe('/');
    expect(unwrap(normalizeNamespace(''))).toBe('/');
    expect(unwrap(normalizeNamespace('robot1'))).toBe('/robot1');
    expect(unwrap(normalizeNamespace('/a/b_2'))).toBe('/a/b_2');
    for (const bad of ['/a/', '/a//b', '/1a', '/a/2b', '/a-b', '~', '/{x}', 3]) {
      expect(expectErr(normalizeNamespace(bad))).toBe('InvalidArgument');
    }
  });
});

describe('topic names', () => {
  const expand = (name: unknown, ns = '/ns') => expandTopicName('topic', name, ns, 'node');

  it('expand absolute, relative and private names', () => {
    expect(unwrap(expand('/chatter'))).toBe('/chatter');
    expect(unwrap(expand('chatter'))).toBe('/ns/chatter');
    expect(unwrap(expand('chatter', '/'))).toBe('/chatter');
    expect(unwrap(expand('a/b'))).toBe('/ns/a/b');
    expect(unwrap(expand('~'))).toBe('/ns/node');
    expect(unwrap(expand('~/status'))).toBe('/ns/node/status');
    expect(unwrap(expand('~/status', '/'))).toBe('/node/status');
  });

  it('refuse what rcl refuses, and substitutions', () => {
    for (const bad of ['', 'a//b', 'chatter/', '/', '9lives', 'a/9b', 'a~', '~a', 'a b', 'a-b', '{node}/x', 'a#', 5]) {
      expect(expectErr(expand(bad))).toBe('InvalidArgument');
    }
    const sub = expand('{node}/x');
    if (!sub.ok) expect(sub.error.message).toContain('substitutions');
  });
});

describe('raw keys', () => {
  it('take the key as is; refuse empty, whitespace, #, ? and $', () => {
    expect(unwrap(validateRawKey('topic', 'vrobots/1/z/state'))).toBe('vrobots/1/z/state');
    expect(unwrap(validateRawKey('topic', 'vrobots/*/z/state'))).toBe('vrobots/*/z/state');
    for (const bad of ['', 'a b', 'a#', 'a?b', '$*', 'tab\there'])
      expect(expectErr(validateRawKey('topic', bad))).toBe('InvalidArgument');
  });
});

describe('nodes resolve names through their naming scheme', () => {
  it('ros nodes expand, raw nodes keep the key', async () => {
    const { executor } = makeFixture();
    const ros = unwrap(executor.createNode('talker', { ...BARE_NODE, namespace: 'robot1' }));
    expect(ros.getFullyQualifiedName()).toBe('/robot1/talker');
    expect(ros.getNamespace()).toBe('/robot1');
    expect(unwrap(ros.resolveName('~/x'))).toBe('/robot1/talker/x');
    const pub = unwrap(ros.createPublisher(std_msgs.msg.String, 'chatter'));
    expect(pub.getTopicName()).toBe('/robot1/chatter');
    const raw = unwrap(executor.createNode('sdk', { ...BARE_NODE, naming: 'raw' }));
    expect(unwrap(raw.resolveName('vrobots/7/z/state'))).toBe('vrobots/7/z/state');
    expect(expectErr(executor.createNode('bad-name', BARE_NODE))).toBe('InvalidArgument');
    expect(expectErr(executor.createNode('ok', { ...BARE_NODE, namespace: '/x/' }))).toBe('InvalidArgument');
    expect(expectErr(executor.createNode('ok', { ...BARE_NODE, naming: 'dds' as never }))).toBe('InvalidArgument');
    await executor.shutdown();
  });
});

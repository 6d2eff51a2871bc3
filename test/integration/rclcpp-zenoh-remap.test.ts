/**
 * `--ros-args` remapping over the real router: a node created with `-r __node:=x -r __ns:=/y
 * -r chatter:=other` is seen by another executor's graph as /y/x (its liveliness token carries
 * the new name), and what it publishes on `chatter` arrives on /y/other, not /y/chatter.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Executor, std_msgs, Result } from '../../src/index.js';
import { uniquePrefix } from '../support/rmw-zenoh-fixtures.js';

const unwrap = Result.unwrap;

const executors: Executor[] = [];
afterEach(async () => {
  for (const e of executors.splice(0)) await e.shutdown();
});

describe('remapping on zenoh', () => {
  it('the remapped node name and topic are what the router and another process see', async () => {
    const router = inject('zenohLocator');
    const talkerExec = unwrap(await Executor.create({ router }));
    executors.push(talkerExec);
    const listenerExec = unwrap(await Executor.create({ router }));
    executors.push(listenerExec);
    const ns = `/${uniquePrefix('remap')}`;
    const args = ['--ros-args', '-r', '__node:=x', '-r', `__ns:=${ns}`, '-r', 'chatter:=other'];
    const talker = unwrap(talkerExec.createNode('orig', { arguments: args, startParameterServices: false }));
    expect(talker.getFullyQualifiedName()).toBe(`${ns}/x`);

    const listener = unwrap(listenerExec.createNode('listener', { startParameterServices: false }));
    const got: string[] = [];
    const wrong: string[] = [];
    unwrap(listener.createSubscription(std_msgs.msg.String, `${ns}/other`, (m) => void got.push(m.data)));
    unwrap(listener.createSubscription(std_msgs.msg.String, `${ns}/chatter`, (m) => void wrong.push(m.data)));
    const pub = unwrap(talker.createPublisher(std_msgs.msg.String, 'chatter'));
    expect(pub.getTopicName()).toBe(`${ns}/other`);

    // Until one sample is heard: the route through the router takes a moment to be in place.
    unwrap(
      await listenerExec.spinUntil(
        () => {
          if (got.length === 0) unwrap(pub.publish({ data: 'hello' }));
          return got.length > 0;
        },
        10_000,
        'the remapped topic to deliver',
      ),
    );
    const seen = (): string[] => {
      const nodes = listener.getNodeNames();
      return nodes.ok ? nodes.value.map((n) => `${n.namespace}/${n.name}`) : [];
    };
    unwrap(await listenerExec.spinUntil(() => seen().includes(`${ns}/x`), 5000, 'the remapped node in the graph'));
    expect(seen()).not.toContain(`${ns}/orig`);
    expect(seen()).not.toContain('//orig');
    const topics = unwrap(listener.getTopicNamesAndTypes());
    expect(topics.has(`${ns}/other`)).toBe(true);
    expect(wrong).toEqual([]);
  }, 30_000);
});

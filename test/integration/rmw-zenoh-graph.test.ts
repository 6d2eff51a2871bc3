import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, serviceSpec, session, topicSpec, uniquePrefix, waitFor } from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

describe('zenoh rmw graph from rmw_zenoh liveliness tokens', () => {
  it("shows another session's node and endpoints, and drops them when they close", async () => {
    const prefix = uniquePrefix('graph');
    const a = await session();
    const b = await session();
    const n = a.createNode({ name: `talker_${prefix}`, namespace: '/robot1', enclave: '/' });
    if (!n.ok) throw new Error('node');
    const pub = n.value.createPublisher(topicSpec(`/robot1/${prefix}/chatter`, { depth: 7 }));
    const srv = n.value.createServiceServer(serviceSpec(`/robot1/${prefix}/add`), (r) => r.respond(new Uint8Array()));
    if (!pub.ok || !srv.ok) throw new Error('endpoint');
    let changes = 0;
    b.graph.onChange(() => changes++);

    const seen = () => b.graph.endpoints().filter((e) => e.name.includes(prefix));
    expect(await waitFor(() => seen().length === 2)).toBe(true);
    expect(b.graph.nodes()).toContainEqual({ name: `talker_${prefix}`, namespace: '/robot1', enclave: '/' });
    const p = seen().find((e) => e.kind === 'publisher');
    expect(p).toMatchObject({
      naming: 'ros',
      name: `/robot1/${prefix}/chatter`,
      typeName: 'std_msgs/msg/String',
      node: { name: `talker_${prefix}`, namespace: '/robot1' },
      qos: { reliability: 'reliable', durability: 'volatile', depth: 7 },
    });
    expect(seen().find((e) => e.kind === 'service')?.typeName).toBe('example_interfaces/srv/AddTwoInts');
    expect(changes).toBeGreaterThan(0);

    pub.value.close();
    expect(await waitFor(() => seen().length === 1)).toBe(true);
    n.value.close();
    expect(
      await waitFor(() => seen().length === 0 && !b.graph.nodes().some((x) => x.name === `talker_${prefix}`)),
    ).toBe(true);
  });

  it('shows its own entities at once, and a session that closes disappears from others', async () => {
    const prefix = uniquePrefix('own');
    const a = await session();
    const b = await session();
    const n = a.createNode({ name: `own_${prefix}`, namespace: '/', enclave: '/' });
    if (!n.ok) throw new Error('node');
    n.value.createSubscriber(topicSpec(`/${prefix}/x`), () => {});
    // Synchronously visible in the creating session.
    expect(a.graph.nodes()).toContainEqual({ name: `own_${prefix}`, namespace: '/', enclave: '/' });
    expect(a.graph.endpoints().some((e) => e.kind === 'subscription' && e.name === `/${prefix}/x`)).toBe(true);
    expect(await waitFor(() => b.graph.nodes().some((x) => x.name === `own_${prefix}`))).toBe(true);
    await a.close();
    expect(await waitFor(() => !b.graph.nodes().some((x) => x.name === `own_${prefix}`))).toBe(true);
  });

  it('keeps domains apart', async () => {
    const prefix = uniquePrefix('dom');
    const a = await session(undefined, 3);
    const b = await session(undefined, 4);
    const n = a.createNode({ name: `d3_${prefix}`, namespace: '/', enclave: '/' });
    if (!n.ok) throw new Error('node');
    const pub = n.value.createPublisher(topicSpec(`/${prefix}/x`));
    if (!pub.ok) throw new Error('pub');
    expect(pub.value.key.startsWith('3/')).toBe(true);
    await pub.value.ready();
    await new Promise((r) => setTimeout(r, 300));
    expect(b.graph.nodes().some((x) => x.name === `d3_${prefix}`)).toBe(false);
  });
});

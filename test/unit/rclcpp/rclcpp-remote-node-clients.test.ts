/** RemoteNodeClients: the poll clients of one remote node's services, made and released together. */
import { describe, expect, it } from 'vitest';
import { example_interfaces } from '../../../src/index.js';
import { RemoteNodeClients } from '../../../src/rclcpp/remote-node-clients.js';
import { err } from '../../../src/result.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('RemoteNodeClients', () => {
  it('opens only for a fully qualified node name', () => {
    const { node } = makeFixture();
    for (const bad of ['', '/', 'talker', 'ns/talker', 5, undefined]) {
      expect(expectErr(RemoteNodeClients.open(node, bad, 'x')), String(bad)).toBe('InvalidArgument');
    }
    expect(unwrap(RemoteNodeClients.open(node, '/t', 'x')).remoteNode).toBe('/t');
    expect(unwrap(RemoteNodeClients.open(node, '/ns/talker', 'x')).remoteNode).toBe('/ns/talker');
  });

  it("makes clients of '<remote node>/<service>' and releases every one together", async () => {
    const { executor, node } = makeFixture();
    const server = unwrap(executor.createNode('talker', { namespace: '/ns' }));
    unwrap(server.createService(example_interfaces.srv.AddTwoInts, '~/add', (r) => ({ sum: r.a + r.b })));
    const before = executor.usage().used;
    const clients = unwrap(RemoteNodeClients.open(node, '/ns/talker', 'adding services'));
    const add = unwrap(clients.client(example_interfaces.srv.AddTwoInts, 'add'));
    unwrap(clients.client(example_interfaces.srv.AddTwoInts, 'add_again'));
    expect(executor.usage().used).toBe(before + 2);
    expect(unwrap(await add.call({ a: 2n, b: 3n }, 2000)).sum).toBe(5n);
    // One request in flight per client: a second send before the first reply is refused.
    unwrap(add.sendRequest({ a: 1n, b: 1n }));
    expect(expectErr(add.sendRequest({ a: 1n, b: 1n }))).toBe('TryAgain');
    expect(expectErr(clients.client(example_interfaces.srv.AddTwoInts, 'bad name'))).toBe('InvalidArgument');
    expect(executor.usage().used).toBe(before + 2);
    clients.releaseAll();
    expect(executor.usage().used).toBe(before);
    clients.releaseAll();
    expect(executor.usage().used).toBe(before);
  });

  it('waits for every service under one budget, naming the remote node and what on timeout', async () => {
    const { executor, node } = makeFixture();
    const server = unwrap(executor.createNode('talker'));
    unwrap(server.createService(example_interfaces.srv.AddTwoInts, '~/present', (r) => ({ sum: r.a + r.b })));
    const clients = unwrap(RemoteNodeClients.open(node, '/talker', 'adding services'));
    unwrap(clients.client(example_interfaces.srv.AddTwoInts, 'present'));
    expect((await clients.waitForService(2000)).ok).toBe(true);
    unwrap(clients.client(example_interfaces.srv.AddTwoInts, 'absent'));
    const r = await clients.waitForService(50);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('Timeout');
      expect(r.error.message.startsWith("adding services of '/talker': ")).toBe(true);
    }
    const none = unwrap(RemoteNodeClients.open(node, '/nobody', 'x'));
    expect((await none.waitForService(0)).ok).toBe(true);
  });

  it('spends the budget waiting: a service that appears later within it is found', async () => {
    const { executor, node } = makeFixture();
    const server = unwrap(executor.createNode('late'));
    const clients = unwrap(RemoteNodeClients.open(node, '/late', 'x'));
    unwrap(clients.client(example_interfaces.srv.AddTwoInts, 'add'));
    setTimeout(
      () => unwrap(server.createService(example_interfaces.srv.AddTwoInts, '~/add', (r) => ({ sum: r.a + r.b }))),
      50,
    );
    expect((await clients.waitForService(5000)).ok).toBe(true);
  });

  it('names the remote node in the error of a failed call', () => {
    const { node } = makeFixture();
    const clients = unwrap(RemoteNodeClients.open(node, '/far', 'lifecycle services'));
    const failed = clients.failed(err('ServiceFailed', 'it said no'));
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error.name).toBe('ServiceFailed');
      expect(failed.error.message).toBe("lifecycle services of '/far': it said no");
    }
  });
});

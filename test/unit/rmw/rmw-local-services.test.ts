import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/result.js';
import { LocalBus, openLocalSession } from '../../../src/rmw/local/index.js';
import type { RmwEndpointSpec, RmwNode, RmwReply, RmwRequest, RmwServiceClient } from '../../../src/rmw/rmw.js';
import { qos, settle, sleep, unwrap } from '../../support/rmw-local-fixtures.js';

const QOS = qos();

const srv = (name = '/add_two_ints', typeName = 'example_interfaces/srv/AddTwoInts'): RmwEndpointSpec => ({
  naming: 'ros',
  name,
  typeName,
  typeHash: 'RIHS01_e118',
  qos: QOS,
});

function freshNode(bus = new LocalBus()): RmwNode {
  const s = unwrap(openLocalSession({ bus }));
  return unwrap(s.createNode({ name: 'svc', namespace: '/', enclave: '/' }));
}

function client(n: RmwNode, spec = srv()): { c: RmwServiceClient; replies: RmwReply[] } {
  const replies: RmwReply[] = [];
  const c = unwrap(n.createServiceClient(spec, (r) => replies.push(r)));
  return { c, replies };
}

function server(n: RmwNode, spec = srv()): RmwRequest[] {
  const requests: RmwRequest[] = [];
  unwrap(n.createServiceServer(spec, (r) => requests.push(r)));
  return requests;
}

describe('local services', () => {
  it('delivers the request and the reply asynchronously, correlated by sequence number from 1', async () => {
    const n = freshNode();
    unwrap(
      n.createServiceServer(srv(), (req) => {
        expect(req.respond(new Uint8Array([req.payload[0]! + req.payload[1]!])).ok).toBe(true);
      }),
    );
    const { c, replies } = client(n);
    expect(unwrap(c.sendRequest(new Uint8Array([2, 3]), 5_000))).toBe(1n);
    expect(unwrap(c.sendRequest(new Uint8Array([4, 5]), 5_000))).toBe(2n);
    expect(replies).toHaveLength(0);
    await settle();
    expect(replies.map((r) => [r.kind, r.sequenceNumber, r.kind === 'reply' ? r.payload[0] : -1])).toEqual([
      ['reply', 1n, 5],
      ['reply', 2n, 9],
    ]);
  });

  it('stamps the request with the client GID and the reply with the request seq and the client GID', async () => {
    const n = freshNode();
    const requests = server(n);
    const { c, replies } = client(n);
    unwrap(c.sendRequest(new Uint8Array([1]), 5_000));
    await settle();
    const req = requests[0]!;
    expect(req.key).toBe('0/add_two_ints/example_interfaces::srv::dds_::AddTwoInts_/RIHS01_e118');
    expect(req.attachment?.sequenceNumber).toBe(1n);
    expect(req.attachment?.gid).toHaveLength(16);
    req.respond(new Uint8Array([2]));
    await settle();
    const reply = replies[0]!;
    expect(reply.kind).toBe('reply');
    if (reply.kind === 'reply') {
      expect(reply.attachment?.sequenceNumber).toBe(1n);
      expect(reply.attachment?.gid).toEqual(req.attachment?.gid);
    }
  });

  it('answers NotFound at once when no server is declared (as zenoh does), naming the key', async () => {
    const { c, replies } = client(freshNode());
    expect(c.serviceIsReady()).toEqual({ ok: true, value: false });
    const seq = unwrap(c.sendRequest(new Uint8Array([1]), 1234));
    expect(replies).toHaveLength(0);
    await settle();
    expect(replies).toHaveLength(1);
    const r = replies[0]!;
    expect(r).toMatchObject({ kind: 'error', sequenceNumber: seq, code: ErrorCode.NotFound });
    if (r.kind === 'error') {
      expect(r.message).toContain('add_two_ints');
      expect(r.message).toContain('nobody serves');
    }
  });

  it('answers Timeout exactly once when the server does not respond within the budget; a late respond is refused', async () => {
    const n = freshNode();
    const requests = server(n);
    const { c, replies } = client(n);
    unwrap(c.sendRequest(new Uint8Array([1]), 30));
    await sleep(200);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ kind: 'error', code: ErrorCode.Timeout });
    if (replies[0]?.kind === 'error') expect(replies[0].message).toContain('30 ms');
    const late = requests[0]!.respond(new Uint8Array([1]));
    expect(late.ok).toBe(false);
    if (!late.ok) {
      expect(late.error.name).toBe('Timeout');
      expect(late.error.message).toContain('came late');
    }
    await settle();
    expect(replies).toHaveLength(1);
  });

  it('fail() reaches the client as ServiceFailed with the message', async () => {
    const n = freshNode();
    unwrap(n.createServiceServer(srv(), (req) => req.fail('robot is asleep')));
    const { c, replies } = client(n);
    unwrap(c.sendRequest(new Uint8Array([1]), 5_000));
    await settle();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ kind: 'error', code: ErrorCode.ServiceFailed, sequenceNumber: 1n });
    if (replies[0]?.kind === 'error') expect(replies[0].message).toContain('robot is asleep');
  });

  it('takes the first answer only: a second respond is BadSequence, other servers are dropped', async () => {
    const n = freshNode();
    const a = server(n);
    const b = server(n);
    const { c, replies } = client(n);
    unwrap(c.sendRequest(new Uint8Array([1]), 5_000));
    await settle();
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(b[0]!.respond(new Uint8Array([2])).ok).toBe(true);
    const again = b[0]!.fail('twice');
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.name).toBe('BadSequence');
    expect(a[0]!.respond(new Uint8Array([1])).ok).toBe(true);
    await sleep(20);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ kind: 'reply' });
    if (replies[0]?.kind === 'reply') expect(replies[0].payload[0]).toBe(2);
  });

  it('abandon drops the reply, even one already on its way', async () => {
    const n = freshNode();
    unwrap(n.createServiceServer(srv(), (req) => req.respond(new Uint8Array([1]))));
    const requests = server(n);
    const { c, replies } = client(n);
    const first = unwrap(c.sendRequest(new Uint8Array([1]), 50));
    c.abandon(first);
    await sleep(120);
    expect(replies).toHaveLength(0);
    const second = unwrap(c.sendRequest(new Uint8Array([1]), 5_000));
    await settle();
    expect(requests).toHaveLength(2);
    expect(replies.map((r) => r.sequenceNumber)).toEqual([second]);
  });

  it('does not match a server of another type (the key holds the type)', async () => {
    const n = freshNode();
    const requests = server(n, srv('/add_two_ints', 'other_pkg/srv/AddTwoInts'));
    const { c, replies } = client(n);
    expect(c.serviceIsReady()).toEqual({ ok: true, value: false });
    unwrap(c.sendRequest(new Uint8Array([1]), 5_000));
    await settle();
    expect(requests).toHaveLength(0);
    expect(replies[0]).toMatchObject({ kind: 'error', code: ErrorCode.NotFound });
  });

  it('reports readiness now and tells listeners asynchronously when servers come and go', async () => {
    const bus = new LocalBus();
    const n = freshNode(bus);
    const other = freshNode(bus);
    const { c } = client(n);
    let changes = 0;
    const off = c.onReadyChange(() => changes++);
    const s = unwrap(other.createServiceServer(srv(), () => {}));
    expect(c.serviceIsReady()).toEqual({ ok: true, value: true });
    expect(changes).toBe(0);
    await settle();
    expect(changes).toBe(1);
    s.close();
    expect(c.serviceIsReady()).toEqual({ ok: true, value: false });
    await settle();
    expect(changes).toBe(2);
    off();
    unwrap(other.createServiceServer(srv(), () => {}));
    await settle();
    expect(changes).toBe(2);
  });

  it('a server that closes without answering ends the request at once with Timeout', async () => {
    const n = freshNode();
    const s = unwrap(n.createServiceServer(srv(), () => {}));
    const { c, replies } = client(n);
    unwrap(c.sendRequest(new Uint8Array([1]), 60_000));
    await settle();
    s.close();
    await settle();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ kind: 'error', code: ErrorCode.Timeout });
  });

  it('closing the session gives every pending request a TransportError reply, once', async () => {
    const bus = new LocalBus();
    const serverNode = freshNode(bus);
    server(serverNode);
    const s = unwrap(openLocalSession({ bus }));
    const n = unwrap(s.createNode({ name: 'c', namespace: '/', enclave: '/' }));
    const { c, replies } = client(n);
    unwrap(c.sendRequest(new Uint8Array([1]), 60_000));
    unwrap(c.sendRequest(new Uint8Array([2]), 60_000));
    expect(await s.close()).toEqual({ ok: true, value: undefined });
    expect(await s.close()).toEqual({ ok: true, value: undefined });
    await settle();
    expect(replies.map((r) => [r.sequenceNumber, r.kind === 'error' ? r.code : 0])).toEqual([
      [1n, ErrorCode.TransportError],
      [2n, ErrorCode.TransportError],
    ]);
    const after = c.sendRequest(new Uint8Array([1]), 10);
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.error.name).toBe('NotInitialized');
  });

  it('refuses bad payloads and budgets with InvalidArgument, sending nothing', async () => {
    const n = freshNode();
    const requests = server(n);
    const { c, replies } = client(n);
    for (const budget of [Number.NaN, -1, Number.POSITIVE_INFINITY, '5' as unknown as number]) {
      const r = c.sendRequest(new Uint8Array([1]), budget);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message).toContain('budgetMs');
      }
    }
    const r = c.sendRequest('x' as unknown as Uint8Array, 100);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.name).toBe('InvalidArgument');
    await settle();
    expect(requests).toHaveLength(0);
    expect(replies).toHaveLength(0);
    // The refused calls used no sequence number.
    expect(unwrap(c.sendRequest(new Uint8Array([1]), 5_000))).toBe(1n);
  });

  it('copies request and reply payloads', async () => {
    const n = freshNode();
    const requests = server(n);
    const { c, replies } = client(n);
    const buf = new Uint8Array([1]);
    unwrap(c.sendRequest(buf, 5_000));
    buf[0] = 9;
    await settle();
    expect(requests[0]!.payload[0]).toBe(1);
    const out = new Uint8Array([3]);
    requests[0]!.respond(out);
    out[0] = 8;
    await settle();
    expect(replies[0]?.kind === 'reply' && replies[0].payload[0]).toBe(3);
  });
});

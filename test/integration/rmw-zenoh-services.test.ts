import { afterEach, describe, expect, it } from 'vitest';
import type { RmwReply, RmwRequest, RmwServiceClient, RmwServiceServer } from '../../src/rmw/rmw.js';
import {
  bytes,
  closeAll,
  rawSpec,
  serviceSpec,
  session,
  text,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

const node = (name: string) => ({ name, namespace: '/', enclave: '/' });

function readyValue(c: RmwServiceClient): boolean {
  const r = c.serviceIsReady();
  return r.ok && r.value;
}

/** A server on `/${prefix}/${leaf}` and a ready client of it, on one node; the client's replies collect in `replies`. */
async function servedPair(
  prefix: string,
  leaf: string,
  handle: (req: RmwRequest) => void,
): Promise<{ server: RmwServiceServer; client: RmwServiceClient; replies: RmwReply[] }> {
  const a = await session();
  const n = a.createNode(node('n'));
  if (!n.ok) throw new Error('node');
  const server = n.value.createServiceServer(serviceSpec(`/${prefix}/${leaf}`), handle);
  const replies: RmwReply[] = [];
  const client = n.value.createServiceClient(serviceSpec(`/${prefix}/${leaf}`), (r) => replies.push(r));
  if (!server.ok || !client.ok) throw new Error('endpoint');
  expect(await waitFor(() => readyValue(client.value))).toBe(true);
  return { server: server.value, client: client.value, replies };
}

describe('zenoh rmw services through the real router', () => {
  it('serviceIsReady goes false -> true when the server appears, and the call round-trips with attachments', async () => {
    const prefix = uniquePrefix('srv');
    const name = `/${prefix}/add_two_ints`;
    const a = await session();
    const b = await session();
    const cn = b.createNode(node('client'));
    const sn = a.createNode(node('server'));
    if (!cn.ok || !sn.ok) throw new Error('node');
    const replies: RmwReply[] = [];
    const client = cn.value.createServiceClient(serviceSpec(name), (r) => replies.push(r));
    if (!client.ok) throw new Error('client');
    expect((await client.value.ready()).ok).toBe(true);
    expect(client.value.serviceIsReady()).toEqual({ ok: true, value: false });
    let changes = 0;
    client.value.onReadyChange(() => changes++);

    const requests: RmwRequest[] = [];
    const server = sn.value.createServiceServer(serviceSpec(name), (req) => {
      requests.push(req);
      req.respond(bytes(`${text(req.payload)} answered`));
    });
    if (!server.ok) throw new Error('server');
    expect(await waitFor(() => readyValue(client.value))).toBe(true);
    expect(changes).toBeGreaterThan(0);

    const seq = client.value.sendRequest(bytes('1+2'), 5000);
    expect(seq).toEqual({ ok: true, value: 1n });
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    const reply = replies[0];
    if (reply?.kind !== 'reply')
      throw new Error(
        `expected a reply, got ${JSON.stringify(reply, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      );
    expect(reply.sequenceNumber).toBe(1n);
    expect(text(reply.payload)).toBe('1+2 answered');
    // The request carried the client's attachment; the reply echoes its seq and the CLIENT's GID.
    const reqAtt = requests[0]?.attachment;
    expect(reqAtt?.sequenceNumber).toBe(1n);
    expect(reply.attachment?.sequenceNumber).toBe(1n);
    expect(Buffer.from(reply.attachment?.gid ?? []).equals(Buffer.from(reqAtt?.gid ?? [1]))).toBe(true);

    // A second request gets sequence number 2.
    expect(client.value.sendRequest(bytes('x'), 5000)).toEqual({ ok: true, value: 2n });
    expect(await waitFor(() => replies.length === 2)).toBe(true);
    expect(replies[1]?.sequenceNumber).toBe(2n);

    server.value.close();
    expect(await waitFor(() => !readyValue(client.value))).toBe(true);
  });

  it('answers NotFound at once when nobody serves the key', async () => {
    const prefix = uniquePrefix('nf');
    const a = await session();
    const n = a.createNode(node('c'));
    if (!n.ok) throw new Error('node');
    const replies: RmwReply[] = [];
    const client = n.value.createServiceClient(serviceSpec(`/${prefix}/nobody`), (r) => replies.push(r));
    if (!client.ok) throw new Error('client');
    await client.value.ready();
    const started = Date.now();
    client.value.sendRequest(bytes('?'), 10_000);
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    expect(Date.now() - started).toBeLessThan(9000);
    expect(replies[0]).toMatchObject({ kind: 'error', sequenceNumber: 1n, code: -4 });
    expect((replies[0] as { message: string }).message).toContain(prefix);
  });

  it('a server that never answers: exactly one Timeout reply naming the key and the budget', async () => {
    const prefix = uniquePrefix('to');
    const held: RmwRequest[] = [];
    const { client, replies } = await servedPair(prefix, 'slow', (req) => held.push(req));
    client.sendRequest(bytes('?'), 300);
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    expect(replies[0]).toMatchObject({ kind: 'error', code: -2 });
    const message = (replies[0] as { message: string }).message;
    expect(message).toContain(client.key);
    expect(message).toContain('300 ms');
    // The late answer is dropped: still exactly one reply.
    expect(held.length).toBe(1);
    expect(held[0]?.respond(bytes('late')).ok).toBe(true);
    expect(held[0]?.respond(bytes('again'))).toMatchObject({ ok: false, error: { name: 'BadSequence' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(replies.length).toBe(1);
  });

  it('fail() reaches the client as ServiceFailed with the message; abandon() drops the reply', async () => {
    const prefix = uniquePrefix('fail');
    const { client, replies } = await servedPair(prefix, 'f', (req) => {
      if (text(req.payload) === 'bad') req.fail('refused: bad input');
      else setTimeout(() => req.respond(bytes('ok')), 100);
    });
    client.sendRequest(bytes('bad'), 5000);
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    expect(replies[0]).toMatchObject({ kind: 'error', code: -9 });
    expect((replies[0] as { message: string }).message).toContain('refused: bad input');
    const seq = client.sendRequest(bytes('good'), 5000);
    if (!seq.ok) throw new Error('send');
    client.abandon(seq.value);
    await new Promise((r) => setTimeout(r, 400));
    expect(replies.length).toBe(1);
  });

  it('a type-name mismatch is never ready, and the client says why', async () => {
    const prefix = uniquePrefix('mm');
    const name = `/${prefix}/add_two_ints`;
    const a = await session();
    const b = await session();
    const sn = a.createNode(node('server'));
    const cn = b.createNode(node('client'));
    if (!sn.ok || !cn.ok) throw new Error('node');
    const server = sn.value.createServiceServer(serviceSpec(name, 'example_interfaces/srv/AddTwoInts'), (req) =>
      req.respond(bytes('')),
    );
    const client = cn.value.createServiceClient(serviceSpec(name, 'my_pkg/srv/AddThreeInts'), () => {});
    if (!server.ok || !client.ok) throw new Error('endpoint');
    const c = client.value as RmwServiceClient & { mismatchReason(): string | undefined };
    expect(await waitFor(() => c.mismatchReason() !== undefined)).toBe(true);
    expect(c.mismatchReason()).toBe(
      `service ${name} is served with type example_interfaces/srv/AddTwoInts, this client expects my_pkg/srv/AddThreeInts`,
    );
    expect(c.serviceIsReady()).toEqual({ ok: true, value: false });
  });

  it('raw services: BEST_MATCHING get on the key, no attachments needed', async () => {
    const prefix = uniquePrefix('rawsrv');
    const a = await session();
    const b = await session();
    const sn = a.createNode(node('sim'));
    const cn = b.createNode(node('sdk'));
    if (!sn.ok || !cn.ok) throw new Error('node');
    const server = sn.value.createServiceServer(rawSpec(`${prefix}/7/z/srv/activate`), (req) =>
      req.respond(bytes(`ack ${text(req.payload)}`)),
    );
    const replies: RmwReply[] = [];
    const client = cn.value.createServiceClient(rawSpec(`${prefix}/7/z/srv/activate`), (r) => replies.push(r));
    if (!server.ok || !client.ok) throw new Error('endpoint');
    expect(await waitFor(() => readyValue(client.value))).toBe(true);
    client.value.sendRequest(bytes('go'), 5000);
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    expect(replies[0]?.kind).toBe('reply');
    expect(text((replies[0] as { payload: Uint8Array }).payload)).toBe('ack go');
    expect((replies[0] as { attachment: unknown }).attachment).toBeUndefined();
  });

  it('a raw server on a wildcard key answers each client on the concrete key it asked', async () => {
    const prefix = uniquePrefix('wild');
    const a = await session();
    const b = await session();
    const sn = a.createNode(node('server'));
    const cn = b.createNode(node('client'));
    if (!sn.ok || !cn.ok) throw new Error('node');
    const server = sn.value.createServiceServer(rawSpec(`${prefix}/*/srv/activate`), (req) =>
      req.respond(bytes(`ack ${req.key}`)),
    );
    if (!server.ok) throw new Error('server');
    for (const robot of ['7', '8']) {
      const replies: RmwReply[] = [];
      const client = cn.value.createServiceClient(rawSpec(`${prefix}/${robot}/srv/activate`), (r) => replies.push(r));
      if (!client.ok) throw new Error('client');
      expect(await waitFor(() => readyValue(client.value))).toBe(true);
      expect(client.value.sendRequest(bytes('go'), 5000).ok).toBe(true);
      expect(await waitFor(() => replies.length === 1)).toBe(true);
      expect(replies[0]?.kind).toBe('reply');
      expect(text((replies[0] as { payload: Uint8Array }).payload)).toBe(`ack ${prefix}/${robot}/srv/activate`);
    }
  });

  it('a server closed with a request open fails that request at once', async () => {
    const prefix = uniquePrefix('closed');
    const { server, client, replies } = await servedPair(prefix, 's', () => {});
    client.sendRequest(bytes('?'), 10_000);
    await new Promise((r) => setTimeout(r, 200));
    server.close();
    expect(await waitFor(() => replies.length === 1, 3000)).toBe(true);
    expect(replies[0]).toMatchObject({ kind: 'error', code: -9 });
  });

  it('closing a client answers its pending requests with TransportError', async () => {
    const prefix = uniquePrefix('cclose');
    const { client, replies } = await servedPair(prefix, 's', () => {});
    client.sendRequest(bytes('?'), 10_000);
    client.close();
    expect(replies).toEqual([]); // never inside the user's call
    await Promise.resolve();
    expect(replies).toMatchObject([{ kind: 'error', code: -100 }]);
    expect(client.sendRequest(bytes('?'), 100)).toMatchObject({ ok: false, error: { name: 'NotInitialized' } });
  });
});

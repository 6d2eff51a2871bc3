/**
 * A declaration that fails part-way is reported, undone and leaves the entity unusable.
 * The real session is used; one of its zenoh-ts calls is made to refuse (the router itself
 * refuses nothing rclts lets through validation, so the failure is injected at that call).
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { RmwEvent, RmwReply, RmwSession } from '../../src/rmw/rmw.js';
import {
  bytes,
  closeAll,
  rawSpec,
  serviceSpec,
  session,
  topicSpec,
  uniquePrefix,
  waitFor,
} from '../support/rmw-zenoh-fixtures.js';

afterEach(closeAll);

function zenohSessionOf(s: RmwSession): Session {
  const connection = (s as unknown as { connection: { current(): Session | undefined } }).connection;
  const z = connection.current();
  if (z === undefined) throw new Error('not connected');
  return z;
}

describe('failed declarations', () => {
  it('a publisher whose liveliness token is refused: reported, its zenoh publisher undeclared, unusable', async () => {
    const prefix = uniquePrefix('declfail');
    const a = await session();
    const events: RmwEvent[] = [];
    a.onEvent((e) => events.push(e));
    const n = a.createNode({ name: 'n', namespace: '/', enclave: '/' });
    if (!n.ok) throw new Error('node');
    await new Promise((r) => setTimeout(r, 100)); // the node token goes out before the fault is injected
    const z = zenohSessionOf(a);
    let undeclared = 0;
    const declarePublisher = z.declarePublisher.bind(z);
    z.declarePublisher = async (...args: Parameters<Session['declarePublisher']>) => {
      const p = await declarePublisher(...args);
      const undeclare = p.undeclare.bind(p);
      p.undeclare = async () => {
        undeclared++;
        await undeclare();
      };
      return p;
    };
    const liveliness = z.liveliness.bind(z);
    z.liveliness = () => {
      const l = liveliness();
      l.declareToken = () => Promise.reject(new Error('token refused (test)'));
      return l;
    };

    const pub = n.value.createPublisher(topicSpec(`/${prefix}/t`));
    if (!pub.ok) throw new Error('pub');
    expect(pub.value.publish(bytes('queued')).ok).toBe(true);
    const ready = await pub.value.ready();
    expect(ready).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    if (!ready.ok) expect(ready.error.message).toContain('token refused (test)');
    expect(events).toContainEqual(expect.objectContaining({ type: 'declaration_failed', key: pub.value.key }));
    expect(await waitFor(() => undeclared === 1)).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: 'dropped', key: pub.value.key }));
    expect(pub.value.publish(bytes('x'))).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(a.graph.endpoints().some((e) => e.name === `/${prefix}/t`)).toBe(false);
    pub.value.close();
  });

  it('a client whose querier is refused: reported, requests refused, nothing left in the graph', async () => {
    const prefix = uniquePrefix('qfail');
    const a = await session();
    const events: RmwEvent[] = [];
    a.onEvent((e) => events.push(e));
    const n = a.createNode({ name: 'n', namespace: '/', enclave: '/' });
    if (!n.ok) throw new Error('node');
    const z = zenohSessionOf(a);
    z.declareQuerier = () => Promise.reject(new Error('querier refused (test)'));
    const replies: RmwReply[] = [];
    const client = n.value.createServiceClient(serviceSpec(`/${prefix}/s`), (r) => replies.push(r));
    if (!client.ok) throw new Error('client');
    expect((await client.value.ready()).ok).toBe(false);
    expect(events.some((e) => e.type === 'declaration_failed' && e.message.includes('querier refused (test)'))).toBe(
      true,
    );
    expect(client.value.sendRequest(bytes('?'), 1000)).toMatchObject({ ok: false, error: { name: 'TransportError' } });
    expect(client.value.serviceIsReady().ok).toBe(false);
    expect(a.graph.endpoints().some((e) => e.name === `/${prefix}/s`)).toBe(false);
    // Other entities of the session are unaffected.
    const got: string[] = [];
    const sub = n.value.createSubscriber(rawSpec(`${prefix}/ok`), (s) => got.push(new TextDecoder().decode(s.payload)));
    const pub = n.value.createPublisher(rawSpec(`${prefix}/ok`));
    if (!sub.ok || !pub.ok) throw new Error('endpoint');
    await Promise.all([sub.value.ready(), pub.value.ready()]);
    pub.value.publish(bytes('fine'));
    expect(await waitFor(() => got.length === 1)).toBe(true);
  });
});

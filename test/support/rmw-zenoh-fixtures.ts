/**
 * Helpers for the zenoh backend's integration tests: sessions on the shared router, specs,
 * and waiting for a condition with a budget. Every test uses its own key prefix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Reply, Sample, Session } from '@eclipse-zenoh/zenoh-ts';
import { expect, inject } from 'vitest';
import type { RmwQos } from '../../src/rmw/qos.js';
import type {
  RmwEndpointSpec,
  RmwNode,
  RmwPublisher,
  RmwReply,
  RmwRequest,
  RmwServiceClient,
  RmwServiceServer,
  RmwSession,
} from '../../src/rmw/rmw.js';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import { loadZenohTs } from '../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';
import { ROS_DEFAULT_QOS } from './ros-default-qos.js';

export const QOS: RmwQos = ROS_DEFAULT_QOS;

export const STRING_HASH = 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18';
export const ADD_TWO_INTS_HASH = 'RIHS01_e118de6bf5eeb66a2491b5bda11202e7b68f198d6f67922cf30364858239c81a';

let counter = 0;
/** A name prefix no other test (or test run) uses. */
export function uniquePrefix(label: string): string {
  counter += 1;
  return `rmwz_${label}_${process.pid}_${Date.now().toString(36)}_${counter}`;
}

export function sharedLocator(): string {
  return inject('zenohLocator');
}

export function topicSpec(name: string, qos: Partial<RmwQos> = {}): RmwEndpointSpec {
  return { naming: 'ros', name, typeName: 'std_msgs/msg/String', typeHash: STRING_HASH, qos: { ...QOS, ...qos } };
}

export function serviceSpec(name: string, typeName = 'example_interfaces/srv/AddTwoInts'): RmwEndpointSpec {
  return { naming: 'ros', name, typeName, typeHash: ADD_TWO_INTS_HASH, qos: QOS };
}

export function rawSpec(key: string, qos: Partial<RmwQos> = {}): RmwEndpointSpec {
  return {
    naming: 'raw',
    name: key,
    typeName: 'swarmbotix.states.State',
    typeHash: 'TypeHashNotSupported',
    qos: { ...QOS, ...qos },
  };
}

const open: RmwSession[] = [];

/** A node at the root namespace and enclave, as most backend tests make one. */
export function nodeSpec(name: string): { name: string; namespace: string; enclave: string } {
  return { name, namespace: '/', enclave: '/' };
}

/** Opens a session on `locator` (default: the shared router); closed by closeAll(). */
export async function session(locator = sharedLocator(), domainId = 0): Promise<RmwSession> {
  const s = await openZenohRmwSession(locator, { domainId, connectBudgetMs: 5000 });
  if (!s.ok) throw new Error(`cannot open a zenoh rmw session: ${s.error.message}`);
  open.push(s.value);
  return s.value;
}

/**
 * A service server and a client of `name` in two sessions on `locator`, both declared and the
 * client seeing the server: replies land in `replies`; `served` is the server's session.
 */
export async function servicePair(
  name: string,
  onRequest: (req: RmwRequest) => void,
  replies: RmwReply[],
  locator?: string,
): Promise<{ client: RmwServiceClient; server: RmwServiceServer; served: RmwSession }> {
  const a = await session(locator);
  const b = await session(locator);
  const sn = a.createNode(nodeSpec('frames_server'));
  const cn = b.createNode(nodeSpec('frames_client'));
  if (!sn.ok || !cn.ok) throw new Error('node');
  const server = sn.value.createServiceServer(serviceSpec(name), onRequest);
  const client = cn.value.createServiceClient(serviceSpec(name), (r) => replies.push(r));
  if (!server.ok || !client.ok) throw new Error('endpoints');
  expect((await client.value.ready()).ok).toBe(true);
  expect((await server.value.ready()).ok).toBe(true);
  expect(
    await waitFor(() => {
      const r = client.value.serviceIsReady();
      return r.ok && r.value;
    }),
  ).toBe(true);
  return { client: client.value, server: server.value, served: a };
}

/**
 * Between sessions `a` and `b`: a talker and a listener, a service server and a client, all
 * declared; then, inside `traffic` (by default just run), a sample published until heard and
 * one request answered. Answers the payloads heard.
 */
export async function talkAndCall(
  a: RmwSession,
  b: RmwSession,
  traffic: (go: () => Promise<void>) => Promise<void> = (go) => go(),
): Promise<string[]> {
  const prefix = uniquePrefix('talk_call');
  const talker = a.createNode(nodeSpec('talker'));
  const listener = b.createNode(nodeSpec('listener'));
  if (!talker.ok || !listener.ok) throw new Error('node');
  const seen: string[] = [];
  const sub = listener.value.createSubscriber(topicSpec(`/${prefix}/chatter`), (m) => void seen.push(text(m.payload)));
  const pub = talker.value.createPublisher(topicSpec(`/${prefix}/chatter`));
  const server = talker.value.createServiceServer(serviceSpec(`/${prefix}/add`), (req) => {
    expect(req.respond(bytes(`sum of ${text(req.payload)}`)).ok).toBe(true);
  });
  const replies: RmwReply[] = [];
  const client = listener.value.createServiceClient(serviceSpec(`/${prefix}/add`), (r) => void replies.push(r));
  if (!sub.ok || !pub.ok || !server.ok || !client.ok) throw new Error('endpoints');
  for (const e of [sub, pub, server, client]) expect((await e.value.ready()).ok).toBe(true);
  await traffic(async () => {
    const heard = () => {
      pub.value.publish(bytes('hello'));
      return seen.length > 0;
    };
    expect(await waitFor(heard, 5000, 50)).toBe(true);
    const serverSeen = () => {
      const r = client.value.serviceIsReady();
      return r.ok && r.value;
    };
    expect(await waitFor(serverSeen)).toBe(true);
    expect(client.value.sendRequest(bytes('1+2'), 5000).ok).toBe(true);
    expect(await waitFor(() => replies.length === 1)).toBe(true);
    const reply = replies[0]!;
    expect(reply.kind === 'reply' ? text(reply.payload) : reply).toBe('sum of 1+2');
  });
  return seen;
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
}

/** Resolves true once `cond()` holds, false when the budget runs out. */
export async function waitFor(cond: () => boolean, budgetMs = 5000, stepMs = 10): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!cond()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return true;
}

/** Whether every thread of `pid` is stopped (Linux /proc: state T). */
function allThreadsStopped(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).every((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return /^[Tt]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
    });
  } catch {
    return false;
  }
}

/**
 * Freezes a router (SIGSTOP) and waits until every one of its threads has stopped: kill()
 * returns before they do, and a request sent in between can still be answered.
 */
export async function freezeRouter(pid: number, budgetMs = 2000): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  if (!(await waitFor(() => allThreadsStopped(pid), budgetMs, 1)))
    throw new Error(`router ${pid} did not stop within ${budgetMs} ms of SIGSTOP`);
}

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function text(b: Uint8Array): string {
  return new TextDecoder().decode(b);
}

/**
 * A talker and a listener node on two sessions, the talker's publisher declared with `spec`
 * and ready, and `payloads` published before anything listens (history tests).
 */
export async function talkerAndListener(
  spec: RmwEndpointSpec,
  payloads: readonly string[],
): Promise<{ pub: RmwPublisher; listener: RmwNode }> {
  const talker = (await session()).createNode(nodeSpec('talker'));
  const listener = (await session()).createNode(nodeSpec('listener'));
  if (!talker.ok || !listener.ok) throw new Error('node');
  const pub = talker.value.createPublisher(spec);
  if (!pub.ok) throw new Error(pub.error.message);
  const ready = await pub.value.ready();
  if (!ready.ok) throw new Error(ready.error.message);
  for (const p of payloads) pub.value.publish(bytes(p));
  return { pub: pub.value, listener: listener.value };
}

/** What the transient-local caches on `dataKey` hold, as a late joiner's history query sees it. */
export async function cachedSamples(asker: Session, dataKey: string): Promise<Sample[]> {
  const zenoh = await loadZenohTs();
  if (!zenoh.ok) throw new Error(zenoh.error.message);
  const { Duration, ConsolidationMode, ReplyKeyExpr } = zenoh.value;
  const out: Sample[] = [];
  await new Promise<void>((resolve, reject) => {
    asker
      .get(`${dataKey}/@adv/pub/**`, {
        timeout: Duration.milliseconds.of(3000),
        // Every cached sample shares one key: keep them all.
        consolidation: ConsolidationMode.NONE,
        // The cache answers on the data key, as zenoh-ext's does.
        acceptReplies: ReplyKeyExpr.ANY,
        handler: [
          (reply: Reply) => {
            const r = reply.result();
            if (r instanceof zenoh.value.Sample) out.push(r);
          },
          () => resolve(),
        ],
      })
      .catch(reject);
  });
  return out;
}

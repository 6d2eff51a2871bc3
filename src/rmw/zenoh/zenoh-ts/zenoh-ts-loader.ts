/**
 * Loads `@eclipse-zenoh/zenoh-ts` once per process. What the host must provide first lives in
 * zenoh-ts-host.ts (Node: a wasm module hook, `ws` sockets); the browser build swaps that file
 * for zenoh-ts-host.browser.ts, so the page's import graph holds no Node built-in.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, err, ok, type ResultOf } from '../../../result.js';
import type { RemoteLink } from './remote-link.js';
import type { BrowserStyleSocketClass } from './session-socket.js';
import { prepareHost, sessionInnerModule, socketClass, takesSocketOptions } from './zenoh-ts-host.js';

export type ZenohTs = typeof import('@eclipse-zenoh/zenoh-ts');

/** The members of zenoh-ts's `SessionInner` (dist/session_inner.js) that opening a session uses. */
export interface OpeningInner {
  id: string;
  ping(): Promise<{ uuid: string }>;
  close(): Promise<void>;
}

/** What rclts needs to build a zenoh-ts session on a socket of its own. */
export interface SessionParts {
  readonly zenoh: ZenohTs;
  readonly newInner: (link: RemoteLink, requestTimeoutMs: number) => OpeningInner;
  readonly newSession: (inner: OpeningInner) => Session;
  readonly socketClass: BrowserStyleSocketClass;
  readonly takesSocketOptions: boolean;
}

let loading: Promise<ResultOf<ZenohTs>> | undefined;
let loadingParts: Promise<ResultOf<SessionParts>> | undefined;

async function load(): Promise<ResultOf<ZenohTs>> {
  try {
    await prepareHost();
    const zenoh = await import('@eclipse-zenoh/zenoh-ts');
    return ok(zenoh);
  } catch (thrown) {
    return err('Unsupported', `could not load @eclipse-zenoh/zenoh-ts: ${describeThrown(thrown)}`);
  }
}

async function loadParts(): Promise<ResultOf<SessionParts>> {
  const zenoh = await loadZenohTs();
  if (!zenoh.ok) return zenoh;
  try {
    const inner = (await sessionInnerModule()) as { SessionInner?: unknown };
    const SessionInner = inner.SessionInner;
    if (typeof SessionInner !== 'function') {
      return err('Unsupported', 'this @eclipse-zenoh/zenoh-ts has no SessionInner in dist/session_inner.js');
    }
    const InnerClass = SessionInner as new (link: RemoteLink, timeoutMs: number) => OpeningInner;
    // Session's constructor is private in zenoh-ts's types; `Session.open` calls it with the inner.
    const SessionClass = zenoh.value.Session as unknown as new (inner: OpeningInner) => Session;
    return ok({
      zenoh: zenoh.value,
      newInner: (link, timeoutMs) => new InnerClass(link, timeoutMs),
      newSession: (inner) => new SessionClass(inner),
      socketClass: await socketClass(),
      takesSocketOptions: takesSocketOptions(),
    });
  } catch (thrown) {
    return err('Unsupported', `cannot open zenoh sessions here: ${describeThrown(thrown)}`);
  }
}

/** Loads zenoh-ts once per process; later calls share the first answer. */
export function loadZenohTs(): Promise<ResultOf<ZenohTs>> {
  loading ??= load();
  return loading;
}

/** Loads, once per process, what opening a session on rclts's own socket takes. */
export function loadSessionParts(): Promise<ResultOf<SessionParts>> {
  loadingParts ??= loadParts();
  return loadingParts;
}

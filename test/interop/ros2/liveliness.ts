// The graph as the router holds it: every rmw_zenoh liveliness token, read with a plain zenoh-ts
// session (not rclts's), and the tokens of one node in a form two nodes can be compared in.
import type { Reply, Session } from '@eclipse-zenoh/zenoh-ts';
import { WebSocket as WsWebSocket } from 'ws';
import { loadZenohTs } from '../../../src/rmw/zenoh/zenoh-ts/zenoh-ts-loader.js';

/** A zenoh-ts session of the test (an application: it gives zenoh-ts the WebSocket Node lacks). */
export async function plainSession(locator: string): Promise<Session> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WsWebSocket;
  return z.value.Session.open(new z.value.Config(locator));
}

/** Every `@ros2_lv/**` token alive now. */
export async function livelinessTokens(session: Session, budgetMs = 3000): Promise<string[]> {
  const z = await loadZenohTs();
  if (!z.ok) throw new Error(z.error.message);
  const keys: string[] = [];
  await new Promise<void>((resolve, reject) => {
    session
      .liveliness()
      .get('@ros2_lv/**', {
        timeout: z.value.Duration.milliseconds.of(budgetMs),
        handler: [
          (r: Reply) => {
            const s = r.result();
            if (s instanceof z.value.Sample) keys.push(s.keyexpr().toString());
          },
          () => resolve(),
        ],
      })
      .catch(reject);
  });
  return keys;
}

export interface NodeToken {
  readonly raw: string;
  /** NN, MP, MS, SS, SC */
  readonly kind: string;
  /** `kind name type hash qos`, the node's own name written `~` (mangled names demangled). */
  readonly shape: string;
}

/** The tokens of the node `namespace`/`name` (one zenoh session may carry several nodes). */
export function tokensOfNode(tokens: readonly string[], namespace: string, name: string): NodeToken[] {
  const mangled = (s: string): string => (s === '' || s === '/' ? '%' : s.replaceAll('/', '%'));
  const fqn = `${namespace === '/' ? '' : namespace}/${name}`;
  return tokens
    .map((raw) => ({ raw, p: raw.split('/') }))
    .filter(({ p }) => p[7] === mangled(namespace) && p[8] === name)
    .map(({ raw, p }) => {
      const kind = p[5]!;
      const demangled = (s: string | undefined): string => (s ?? '').replaceAll('%', '/');
      const topic = demangled(p[9]).replace(fqn, '~');
      return { raw, kind, shape: [kind, topic, demangled(p[10]), demangled(p[11]), p[12] ?? ''].join(' ').trim() };
    });
}

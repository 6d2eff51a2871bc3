/**
 * Opens an rmw session of the backend asked for: in-process (`local`) by default, zenoh when
 * a router locator is given. The one place that knows every backend, so adding one edits the
 * rmw floor only. The zenoh backend is imported lazily so that the local path never loads
 * zenoh-ts (and its wasm).
 */
import { beforeDeadline } from '../budget.js';
import { describeThrown, err, ok, type ResultOf } from '../result.js';
import { openLocalSession } from './local/index.js';
import type { BackendKind, RmwSession } from './rmw.js';
import type { RouterTls } from './router-locator.js';

export interface SessionRequest {
  readonly backend: BackendKind;
  readonly router: string | undefined;
  readonly tls?: RouterTls | undefined;
  readonly domainId: number;
  readonly connectBudgetMs: number;
}

/** What src/rmw/zenoh/index.ts provides. */
type OpenZenoh = (
  locator: string,
  options: {
    readonly domainId: number;
    readonly connectBudgetMs: number;
    readonly startedAtMs: number;
    readonly tls: RouterTls | undefined;
  },
) => Promise<ResultOf<RmwSession>> | ResultOf<RmwSession>;

async function loadZenohOpener(): Promise<ResultOf<OpenZenoh>> {
  try {
    // A literal specifier: bundlers split the zenoh backend (and zenoh-ts with its wasm) into a
    // chunk loaded on the first zenoh session, so the local path never fetches it.
    const mod = (await import('./zenoh/index.js')) as { openZenohRmwSession?: unknown };
    if (typeof mod.openZenohRmwSession !== 'function') {
      return err('Unsupported', 'the zenoh backend module does not export openZenohRmwSession');
    }
    return ok(mod.openZenohRmwSession as OpenZenoh);
  } catch (thrown) {
    return err('Unsupported', `the zenoh backend is not available: ${describeThrown(thrown)}`);
  }
}

export async function openRmwSession(request: SessionRequest): Promise<ResultOf<RmwSession>> {
  // The connect budget counts from here: loading the zenoh backend is part of connecting.
  const startedAtMs = Date.now();
  if (request.backend === 'local') {
    try {
      return openLocalSession({ domainId: request.domainId });
    } catch (thrown) {
      return err('TransportError', `opening the local session failed: ${describeThrown(thrown)}`);
    }
  }
  const locator = request.router;
  if (locator === undefined) return err('InvalidArgument', "backend 'zenoh' needs a router locator (ws/HOST:PORT)");
  // The import cannot be cancelled; the budget holds all the same.
  const loaded = await beforeDeadline(loadZenohOpener(), startedAtMs + request.connectBudgetMs);
  if (!loaded.done) {
    return err(
      'Timeout',
      `could not reach zenoh router at ${locator} within ${request.connectBudgetMs} ms (the zenoh backend was still loading)`,
    );
  }
  const opener = loaded.value;
  if (!opener.ok) return opener;
  try {
    return await opener.value(locator, {
      domainId: request.domainId,
      connectBudgetMs: request.connectBudgetMs,
      startedAtMs,
      tls: request.tls,
    });
  } catch (thrown) {
    return err('TransportError', `connecting to router '${locator}' failed: ${describeThrown(thrown)}`);
  }
}

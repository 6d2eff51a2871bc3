/**
 * Loads `@eclipse-zenoh/zenoh-ts` once per process. What the host must provide first lives in
 * zenoh-ts-host.ts (Node: a wasm module hook and a WebSocket); the browser build swaps that
 * file for zenoh-ts-host.browser.ts, so the page's import graph holds no Node built-in.
 */
import { describeThrown, err, ok, type ResultOf } from '../../result.js';
import { prepareHost } from './zenoh-ts-host.js';

export type ZenohTs = typeof import('@eclipse-zenoh/zenoh-ts');

let loading: Promise<ResultOf<ZenohTs>> | undefined;

async function load(): Promise<ResultOf<ZenohTs>> {
  try {
    await prepareHost();
    const zenoh = await import('@eclipse-zenoh/zenoh-ts');
    return ok(zenoh);
  } catch (thrown) {
    return err('Unsupported', `could not load @eclipse-zenoh/zenoh-ts: ${describeThrown(thrown)}`);
  }
}

/** Loads zenoh-ts once per process; later calls share the first answer. */
export function loadZenohTs(): Promise<ResultOf<ZenohTs>> {
  loading ??= load();
  return loading;
}

/**
 * A zenoh router of a test file's own for the zenoh-ext peers (zenoh-ext-peer.ts), started and
 * stopped by vitest hooks this registers; the peers a test starts and the rclts sessions it
 * opens are closed after it. A missing interop venv fails every test that asks for the router
 * (it must not read as a skip).
 */
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import type { RmwSession } from '../../src/rmw/rmw.js';
import { closeAll, session } from '../support/rmw-zenoh-fixtures.js';
import { checkInteropVenv, Peer } from './zenoh-ext-peer.js';

export interface PeerRouter {
  /** The file's router; throws why there is none (the venv, or a failed start). */
  router(): RunningRouter;
  /** A peer running `script` (the zenoh-ext peer by default) with `args` and `--connect` to the router. */
  peer(args: readonly string[], script?: string): Peer;
  /** An rclts session on the router. */
  rclts(): Promise<RmwSession>;
}

export function peerRouter(): PeerRouter {
  let router: RunningRouter | undefined;
  let venvProblem: Error | undefined;
  const peers: Peer[] = [];

  beforeAll(async () => {
    try {
      checkInteropVenv();
    } catch (thrown) {
      venvProblem = thrown instanceof Error ? thrown : new Error(String(thrown));
      return;
    }
    router = await startRouter({ binary: inject('routerBinary') });
  }, 120_000);

  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.stop()));
    await closeAll();
  });

  afterAll(async () => {
    await router?.stop();
  });

  const theRouter = (): RunningRouter => {
    if (venvProblem !== undefined) throw venvProblem;
    if (router === undefined) throw new Error('no router');
    return router;
  };
  return {
    router: theRouter,
    peer(args, script) {
      const p = new Peer([...args, '--connect', theRouter().linkLocator], script);
      peers.push(p);
      return p;
    },
    rclts: () => session(theRouter().locator),
  };
}

/**
 * The vrobots fuzz over zenoh. The vrobots keys are fixed, so this file starts a router of
 * its own (another file's simulator on the shared router would answer the same manager keys).
 */
import { inject } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { defineVrobotsFuzz } from './vrobots-suite.js';

let router: RunningRouter | undefined;

defineVrobotsFuzz({
  name: 'zenoh',
  setup: async () => {
    router = await startRouter({ binary: inject('routerBinary') });
    return router.locator;
  },
  teardown: async () => {
    await router?.stop();
  },
  runs: 8,
});

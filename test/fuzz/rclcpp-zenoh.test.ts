/** The rclcpp fuzz over zenoh, through the shared real router (fewer runs: each opens a session). */
import { afterAll, beforeAll, inject } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { defineHandlerFuzz } from './handlers-suite.js';
import { defineNamesFuzz } from './names-suite.js';
import { defineRclcppFuzz, type FuzzBackend } from './rclcpp-suite.js';
import { defineRequestFuzz } from './requests-suite.js';

const zenoh: FuzzBackend = {
  name: 'zenoh',
  options: () => ({ router: inject('zenohLocator') }),
  runs: 10,
  dispatchBoundMs: 5000,
};

defineRclcppFuzz(zenoh);
defineRequestFuzz({ ...zenoh, runs: 6 });
defineHandlerFuzz({ ...zenoh, runs: 12 });

// Hostile keys go to a router of this file's own: if one ever took a router down, the other
// test files sharing the common one would not fail for it.
let own: RunningRouter | undefined;
beforeAll(async () => {
  own = await startRouter({ binary: inject('routerBinary') });
});
afterAll(async () => {
  await own?.stop();
});
defineNamesFuzz({
  ...zenoh,
  options: () => {
    if (own === undefined) throw new Error('the names router did not start');
    return { router: own.locator };
  },
  runs: 1,
});

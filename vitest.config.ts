import { configDefaults, defineConfig } from 'vitest/config';
import { Ros2LastSequencer } from './test/setup/ros2-last-sequencer.js';

// A raw zenoh-ts session opened by zenoh-ts itself (a few tests' baselines) chats on the
// console ("Connected to ...", "Successfully opened session ..."); rclts's sessions never do.
// Keep that out of test output, everything else through.
const ZENOH_TS_CHATTER =
  /^(Connected to |Successfully opened session|WebSocket has been disconnected|WebSocket error|Restart connection)/;

// The CI soak judges budgets and memory; it runs after the rest of the suite (groupOrder), so
// that its figures are its own and not those of two cores shared with a hundred test files. It
// needs what the suite's setup provisioned (router, venvs, Chromium) and starts its own routers.
const SOAK_CI = 'test/soak/soak-ci.test.ts';

export default defineConfig({
  test: {
    // The zenoh-ts loader installs a Node module hook (for its .wasm); worker threads handle
    // that too (checked), but processes keep files apart.
    pool: 'forks',
    // Real ROS 2 is built beside the suite on a fresh machine; its files run last and wait for it.
    sequence: { sequencer: Ros2LastSequencer },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The JSON report lets .ci/run print a plain 'N passed, N failed' closing line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    onConsoleLog: (log) => !ZENOH_TS_CHATTER.test(log),
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SOAK_CI],
          globalSetup: ['test/setup/global-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'soak', include: [SOAK_CI], sequence: { groupOrder: 1 } },
      },
    ],
  },
});

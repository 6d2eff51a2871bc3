import { defineConfig } from 'vitest/config';

// A raw zenoh-ts session opened by zenoh-ts itself (a few tests' baselines) chats on the
// console ("Connected to ...", "Successfully opened session ..."); rclts's sessions never do.
// Keep that out of test output, everything else through.
const ZENOH_TS_CHATTER =
  /^(Connected to |Successfully opened session|WebSocket has been disconnected|WebSocket error|Restart connection)/;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global-setup.ts'],
    // The zenoh-ts loader installs a Node module hook (for its .wasm); worker threads handle
    // that too (checked), but processes keep files apart.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The JSON report lets .ci/run print a plain 'N passed, N failed' closing line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    onConsoleLog: (log) => !ZENOH_TS_CHATTER.test(log),
  },
});

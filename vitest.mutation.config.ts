import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The tests the mutation run (stryker.config.mjs) repeats for each mutant: those that need no
// zenoh router and exercise src/executor, src/rclcpp or src/rmw/wire (the unit tests of those
// floors and the conformance suite on the in-process backend). The vrobots, web console and
// interface-compiler tests, slower and aimed at other code, are left to `npm test`.
// (mergeConfig would append to the base's include and globalSetup lists; these replace them.)
// The base's projects (the suite, then the CI soak) are left out: one list of files here.
const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  test: {
    ...shared,
    include: ['test/unit/**/*.test.ts', 'test/conformance/local.test.ts'],
    exclude: [
      'test/unit/vrobots/**',
      'test/unit/web/**',
      'test/unit/bench/**',
      // The interface compiler and the generated packages are not mutated; their tests
      // (hundreds of types, random messages) would only lengthen every run.
      'test/unit/interfaces/**',
      'test/unit/cli/**',
      '**/node_modules/**',
    ],
    globalSetup: [],
    // Module state is not shared between these files (they pass with --no-isolate too), and
    // re-importing every file for each of thousands of mutants would double the run.
    isolate: false,
    reporters: ['default'],
  },
});

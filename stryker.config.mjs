// The mutation run (`npm run mutation`, on demand, not part of `npm test`): how many deliberate
// small bugs in the executor, the rclcpp layer and the wire formats the tests notice.
// The score and what it covers are in docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // The rclcpp floor without the ROS interface compiler and the packages it generated.
  mutate: [
    'src/executor/**/*.ts',
    'src/rclcpp/**/*.ts',
    'src/rmw/wire/**/*.ts',
    '!src/rclcpp/interfaces/**',
    '!src/rclcpp/cli/**',
    '!src/**/index.ts',
  ],
  // Error sentences are not mutated: a changed word in a message is not a changed behaviour,
  // and each would cost a run (about a fifth of all mutants). Messages that matter are pinned
  // by explicit assertions in the tests.
  mutator: { excludedMutations: ['StringLiteral'] },
  // Only the tests that cover a mutant run for it.
  coverageAnalysis: 'perTest',
  // A mutant in code that runs when a module loads (a constant table, a default) would need
  // every test re-run in a fresh process; those are left out (reported as ignored).
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 5000,
  // Results are kept between runs: a re-run tests only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  // Stryker rewrites the `extends`/`references` paths of this file for its sandbox with the
  // TypeScript 5 compiler API, which TypeScript 7 does not have; tsconfig.json has neither, so
  // point the rewriter at a file that does not exist and it leaves tsconfig.json as it is.
  tsconfigFile: 'tsconfig.stryker-nothing-to-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

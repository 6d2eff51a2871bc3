// One area of the mutation run at a time, each with its own results file and JSON report:
//   AREA=wire|executor|rclcpp npx stryker run stryker.area.config.mjs
// An area can be cut in parts with `--mutate` and a part name for the files (AREA=rclcpp-core).
// The areas and the score of each are in docs/testing.md.
import base from './stryker.config.mjs';

const area = process.env.AREA ?? 'all';
const AREAS = {
  wire: ['src/rmw/wire/**/*.ts'],
  executor: ['src/executor/**/*.ts'],
  rclcpp: ['src/rclcpp/**/*.ts', '!src/rclcpp/interfaces/**', '!src/rclcpp/cli/**'],
};
const globs = AREAS[area] ?? base.mutate;

export default {
  ...base,
  mutate: [...globs, '!src/**/index.ts'],
  incrementalFile: `reports/${area}-incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/${area}.json` },
};

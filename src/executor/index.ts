/**
 * The executor area's public surface. `Executor.create` assembles the arena core with the
 * rclcpp node factory (src/rclcpp/executor.ts); importing it from here or from the package
 * root is the same thing.
 */
export { Executor } from '../rclcpp/executor.js';
export type { ExecutorStats } from './executor-core.js';
export { EMPTY_HANDLE_ID, MAX_GENERATION, MAX_SLOTS } from './handle-id.js';

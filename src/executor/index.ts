/**
 * The executor area's public surface. `Executor.create` lives in the rclcpp area (it builds
 * nodes on top of this one) and is public from there.
 */
export type { ExecutorStats } from './executor-core.js';
export { EMPTY_HANDLE_ID, MAX_GENERATION, MAX_SLOTS } from './handle-id.js';

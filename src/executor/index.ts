/**
 * The executor area's public list: what the executor reports (rounds, events, counters), the
 * handle-id limits, and its wake-up signal. `Executor.create` lives in the rclcpp area (it
 * builds nodes on top of this one) and is public from there.
 */
export type { ExecutorEvent, ExecutorStats, SpinReport } from './events.js';
export { EMPTY_HANDLE_ID, MAX_GENERATION, MAX_SLOTS } from './handle-id.js';
export { WakeSignal } from './wake-signal.js';

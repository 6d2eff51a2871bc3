/**
 * message_filters (ros2/message_filters) as the `message_filters` namespace: Subscriber, Cache,
 * PassThrough, TimeSynchronizer (exact) and ApproximateTimeSynchronizer. Everything runs when
 * the node's executor dispatches a message; there is no thread and no timer.
 */

export { DEFAULT_AGE_PENALTY, DEFAULT_MAX_INTERVAL_NS } from './approximate-time.js';
export {
  type ApproximateTimeOptions,
  ApproximateTimeSynchronizer,
} from './approximate-time-synchronizer.js';
export { Cache, type CacheOptions } from './cache.js';
export { type FilterSource, PassThrough, SimpleFilter, type StampOption } from './filter.js';
export type { Connection, FilterCallback } from './signal.js';
export type { Headered, StampGetter, StampLike } from './stamp.js';
export { Subscriber, type SubscriberOptions } from './subscriber.js';
export {
  type DropCallback,
  MAX_INPUTS,
  MIN_INPUTS,
  type SyncCallback,
  Synchronizer,
  type SyncMessages,
  type SyncSources,
} from './synchronizer.js';
export { TimeSynchronizer, type TimeSynchronizerOptions } from './time-synchronizer.js';

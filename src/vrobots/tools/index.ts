/** Topic tools: which vrobots keys speak (listTopics) and how one key behaves (measureRate). */

export type { HeaderStamp } from './header-reader.js';
export { readHeader } from './header-reader.js';
export type { ListTopicsOptions } from './list-topics.js';
export { DEFAULT_LIST_WINDOW_MS, listTopics } from './list-topics.js';
export { DEFAULT_RATE_WINDOW_MS, isWildcardKey, measureRate } from './measure-rate.js';
export type { ObserverTarget } from './observe.js';
export type { IntervalStats, LatencyStats, PayloadStats, RateObservation, RateReport, SeqStats } from './rate-stats.js';
export { computeRateReport } from './rate-stats.js';
export type { TopicListing, TopicRow, TopicWire } from './topic-table.js';
export { sysIdOfKey, TopicTally, wireOfKey } from './topic-table.js';

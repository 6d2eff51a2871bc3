/**
 * `listTopics`: which vrobots keys speak, how often and how big, over a window.
 * Subscribing `vrobots/**` raw sees every publication (state, frames, and whatever clients
 * publish on cmd/estimate); queryables are not publications and do not show.
 */
import { err, ok, type ResultOf } from '../../result.js';
import { DISCOVERY_KEY_EXPR } from '../keys.js';
import { type ObserverTarget, observe } from './observe.js';
import { type TopicListing, TopicTally } from './topic-table.js';

export const DEFAULT_LIST_WINDOW_MS = 1500;

export interface ListTopicsOptions {
  /** Keep only keys containing this text. */
  readonly keyword?: string | undefined;
  /** What to observe; default `vrobots/**`. */
  readonly keyExpr?: string | undefined;
}

export async function listTopics(
  target: ObserverTarget,
  windowMs: number = DEFAULT_LIST_WINDOW_MS,
  options: ListTopicsOptions = {},
): Promise<ResultOf<TopicListing>> {
  const keyExpr = options.keyExpr ?? DISCOVERY_KEY_EXPR;
  const tally = new TopicTally();
  const observed = await observe(target, keyExpr, windowMs, (key, payload) => tally.add(key, payload.byteLength));
  if (!observed.ok) return err(observed.error.name, `listTopics: ${observed.error.message}`);
  return ok(tally.listing(windowMs, options.keyword));
}

/**
 * `measureRate(key, window)`: rate, interval statistics, latency from the header's capture
 * stamp, seq continuity and payload size of one concrete key.
 */
import { err, ok, type ResultOf } from '../../result.js';
import { readHeader } from './header-reader.js';
import { type ObserverTarget, observe } from './observe.js';
import { computeRateReport, type RateObservation, type RateReport } from './rate-stats.js';

export const DEFAULT_RATE_WINDOW_MS = 5000;

/** True when the key is a key expression rather than one concrete key. */
export function isWildcardKey(key: string): boolean {
  return key.includes('*') || key.includes('$');
}

export async function measureRate(
  target: ObserverTarget,
  key: string,
  windowMs: number = DEFAULT_RATE_WINDOW_MS,
): Promise<ResultOf<RateReport>> {
  if (typeof key !== 'string' || key.length === 0) return err('InvalidArgument', 'measureRate: key is empty');
  if (isWildcardKey(key)) {
    return err(
      'InvalidArgument',
      `measureRate: key '${key}' is a wildcard; give one concrete key (e.g. vrobots/1/z/state)`,
    );
  }
  const observations: RateObservation[] = [];
  const observed = await observe(target, key, windowMs, (sampleKey, payload, receivedAtMs) => {
    const header = readHeader(sampleKey, payload);
    observations.push({
      arrivalMs: receivedAtMs,
      bytes: payload.byteLength,
      seq: header?.seq,
      stampNs: header?.stampNs,
    });
  });
  if (!observed.ok) return err(observed.error.name, `measureRate: ${observed.error.message}`);
  observations.sort((a, b) => a.arrivalMs - b.arrivalMs);
  return ok(computeRateReport(key, windowMs, observations));
}

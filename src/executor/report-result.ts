/**
 * What a spin verb answers: its SpinReport in an Ok, frozen. The usual reports (so many
 * subscriptions, a timer or two, no error) are made once and shared, so a host loop calling
 * spinSome() for one message at a time allocates no report and no Result per call.
 */
import { type Ok, ok } from '../result.js';
import type { Mutable, SpinReport } from './events.js';

/** Reports counting only subscriptions, by that count. */
const MAX_SHARED_SUBSCRIPTIONS = 1024;
/** Each of timers, services, clients and guard conditions below this in a shared mixed report. */
const MIXED_KIND_BOUND = 16;
/** Distinct mixed reports shared at most; past it each answer is made anew (a bound, not a leak). */
const MAX_SHARED_MIXED = 1024;

const bySubscriptions: (Ok<SpinReport> | undefined)[] = new Array(MAX_SHARED_SUBSCRIPTIONS);
const mixed = new Map<number, Ok<SpinReport>>();

function frozen(report: SpinReport): Ok<SpinReport> {
  return Object.freeze(ok(Object.freeze({ ...report })));
}

/** The frozen Ok of `report` (read now, never kept: the caller may reuse it). */
export function reportResult(report: SpinReport): Ok<SpinReport> {
  const { subscriptions: s, timers: t, services: v, clients: c, guardConditions: g } = report;
  if (report.handlerErrors !== 0 || s >= MAX_SHARED_SUBSCRIPTIONS) return frozen(report);
  if ((t | v | c | g) === 0) {
    const shared = bySubscriptions[s];
    if (shared !== undefined) return shared;
    const made = frozen(report);
    bySubscriptions[s] = made;
    return made;
  }
  const b = MIXED_KIND_BOUND;
  if (t >= b || v >= b || c >= b || g >= b) return frozen(report);
  const key = s + MAX_SHARED_SUBSCRIPTIONS * (t + b * (v + b * (c + b * g)));
  const shared = mixed.get(key);
  if (shared !== undefined) return shared;
  const made = frozen(report);
  if (mixed.size < MAX_SHARED_MIXED) mixed.set(key, made);
  return made;
}

/** Zeroes a report for the next round that counts into it. */
export function resetReport(report: Mutable<SpinReport>): void {
  report.subscriptions = 0;
  report.timers = 0;
  report.services = 0;
  report.clients = 0;
  report.guardConditions = 0;
  report.handlerErrors = 0;
}

/** Timer and GuardCondition handles: two words, verbs on the prototype. */

import { checkTimerPeriod, GuardEntry, TimerEntry } from '../executor/timer-entry.js';
import { describeValue, err, ok, type Result, type ResultOf } from '../result.js';
import type { GuardCondition, Timer } from './api.js';
import { Duration } from './duration.js';
import { coreOf, entryOf, Handle } from './handle.js';

/** A period given in ms or as a Duration, checked (a hostile object answers InvalidArgument). */
export function timerPeriodMs(argument: string, period: unknown): ResultOf<number> {
  let ms: unknown;
  try {
    ms = period instanceof Duration ? period.toMs() : period;
  } catch {
    return err('InvalidArgument', `${argument} could not be read as a number of milliseconds or a Duration`);
  }
  if (typeof ms !== 'number') {
    return err(
      'InvalidArgument',
      `${argument} must be a number of milliseconds or a Duration, got ${describeValue(ms)}`,
    );
  }
  const p = checkTimerPeriod(argument, ms);
  return p.ok ? ok(ms) : p;
}

export class TimerHandle extends Handle implements Timer {
  cancel(): Result {
    const found = entryOf(this, TimerEntry, 'timer');
    if (!found.ok) return found;
    found.value.cancel();
    return ok();
  }

  /** A released timer counts as canceled. */
  isCanceled(): boolean {
    const found = entryOf(this, TimerEntry, 'timer');
    return !found.ok || found.value.canceled;
  }

  restart(): Result {
    const found = entryOf(this, TimerEntry, 'timer');
    if (!found.ok) return found;
    found.value.restart();
    return ok();
  }

  /** Periods skipped because a round came late (the skip policy); 0 for a released timer. */
  overrunCount(): number {
    const found = entryOf(this, TimerEntry, 'timer');
    return found.ok ? found.value.overruns : 0;
  }
}

export class GuardConditionHandle extends Handle implements GuardCondition {
  /** Safe anywhere, including inside handlers: the callback runs in a later round. */
  trigger(): Result {
    const found = entryOf(this, GuardEntry, 'guard condition');
    if (!found.ok) return found;
    found.value.triggered = true;
    coreOf(this.executor)?.markReady(found.value);
    return ok();
  }
}

/**
 * What the loggers could not do, counted instead of thrown: a logger never throws, so a sink
 * that fails, a message that cannot be made a string, or a /rosout record that was refused
 * leaves a count here.
 */

export interface LoggingNotes {
  /** Console sinks that threw. */
  outputErrors: number;
  /** Messages that were not strings and could not be described (or a message function that threw). */
  badMessages: number;
  /** /rosout records the node's publisher refused. */
  rosoutErrors: number;
  /** Calls whose form options were not understood (logged plainly instead). */
  badOptions: number;
  /** Call sites past MAX_CALL_SITES, whose once / skip-first / throttle forms logged every time. */
  untrackedSites: number;
}

export const loggingNotes: LoggingNotes = {
  outputErrors: 0,
  badMessages: 0,
  rosoutErrors: 0,
  badOptions: 0,
  untrackedSites: 0,
};

/** A copy of the counters since the process started (or the last reset). */
export function loggingStats(): Readonly<LoggingNotes> {
  return { ...loggingNotes };
}

export function resetLoggingStats(): void {
  loggingNotes.outputErrors = 0;
  loggingNotes.badMessages = 0;
  loggingNotes.rosoutErrors = 0;
  loggingNotes.badOptions = 0;
  loggingNotes.untrackedSites = 0;
}

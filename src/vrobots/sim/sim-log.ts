/**
 * The simulator's log: one line per notable event (robot created, malformed payload,
 * refused command, fault applied). Quiet unless the caller gives a sink (the CLI does).
 */
export type SimLog = (line: string) => void;

export const QUIET: SimLog = () => {};

/** Prefixes each line with the wall-clock time, for a terminal. */
export function timestampedLog(write: (line: string) => void): SimLog {
  return (line) => write(`${new Date().toISOString()} vrobots-sim ${line}`);
}

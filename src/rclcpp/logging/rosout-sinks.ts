/**
 * Which logger names publish on /rosout, as rcl_logging_rosout keeps its map of logger name ->
 * publisher: a node with /rosout on adds its logger's name at start and removes it when
 * destroyed. A record of a logger whose name (or, for a child, whose node logger's name) is
 * here goes to that node's /rosout; two nodes under one name publish on the first one's, as rcl
 * keeps the first.
 */

import type { Result } from '../../result.js';

/** Publishes one record on a node's /rosout (the node stamps it). */
export type RosoutSink = (level: number, name: string, msg: string, file: string, fn: string, line: number) => Result;

const sinks = new Map<string, RosoutSink[]>();

/** Adds `sink` under `loggerName`; the function answered removes it. */
export function addRosoutSink(loggerName: string, sink: RosoutSink): () => void {
  const list = sinks.get(loggerName);
  if (list === undefined) sinks.set(loggerName, [sink]);
  else list.push(sink);
  return () => {
    const now = sinks.get(loggerName);
    if (now === undefined) return;
    const at = now.indexOf(sink);
    if (at >= 0) now.splice(at, 1);
    if (now.length === 0) sinks.delete(loggerName);
  };
}

export function rosoutSinkFor(loggerName: string): RosoutSink | undefined {
  return sinks.get(loggerName)?.[0];
}

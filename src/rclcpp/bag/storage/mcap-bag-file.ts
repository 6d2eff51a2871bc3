/**
 * One MCAP file of a bag opened for reading: its summary (channels, schemas, statistics) when
 * it has one, read lazily through the file's random access; a file without one (a recording
 * that never finished) is read whole and its messages sorted by log time.
 */

import type { TypedMcapRecords } from '@mcap/core';
import { mcapLibrary } from './bag-libraries.js';
import { NO_TIME } from './bag-metadata-builder.js';
import type { DecompressHandlers } from './chunk-compression.js';
import type { BagFileInformation, BagFileSource, BagReadFilter } from './types.js';

export type McapMessage = TypedMcapRecords['Message'];
export type Channel = TypedMcapRecords['Channel'];
export type Schema = TypedMcapRecords['Schema'];

/** One MCAP file of the bag, with its summary read. */
export interface BagFile {
  readonly path: string;
  readonly source: BagFileSource;
  readonly channels: ReadonlyMap<number, Channel>;
  readonly schemas: ReadonlyMap<number, Schema>;
  readonly info: BagFileInformation;
  /** Messages per channel id, from the statistics (empty without them). */
  readonly channelCounts: ReadonlyMap<number, bigint>;
  /** Indexed files read lazily; a file without a summary is read whole. */
  messages(filter: BagReadFilter): AsyncGenerator<McapMessage, void, void>;
}

export class ReadFailure extends Error {}

async function openIndexed(path: string, source: BagFileSource, handlers: DecompressHandlers): Promise<BagFile> {
  const { McapIndexedReader } = await mcapLibrary();
  const reader = await McapIndexedReader.Initialize({
    readable: {
      size: async () => source.sizeBytes,
      read: async (offset, size) => {
        const r = await source.read(offset, size);
        if (!r.ok) throw new ReadFailure(r.error.message);
        return r.value;
      },
    },
    decompressHandlers: handlers,
  });
  const stats = reader.statistics;
  let start = stats?.messageStartTime ?? NO_TIME;
  let end = stats?.messageEndTime ?? 0n;
  let count = Number(stats?.messageCount ?? 0n);
  if (stats === undefined) {
    count = 0;
    for (const c of reader.chunkIndexes) {
      if (c.messageStartTime < start) start = c.messageStartTime;
      if (c.messageEndTime > end) end = c.messageEndTime;
    }
  }
  return {
    path,
    source,
    channels: reader.channelsById,
    schemas: reader.schemasById,
    channelCounts: stats?.channelMessageCounts ?? new Map(),
    info: { path, startingTimeNs: start, durationNs: end > start ? end - start : 0n, messageCount: count },
    messages: (f) =>
      reader.readMessages({
        ...(f.startNs === undefined ? {} : { startTime: f.startNs }),
        // MCAP's end is inclusive; the filter's is not
        ...(f.endNs === undefined ? {} : { endTime: f.endNs - 1n }),
      }),
  };
}

function countByChannel(messages: readonly McapMessage[]): Map<number, bigint> {
  const counts = new Map<number, bigint>();
  for (const m of messages) counts.set(m.channelId, (counts.get(m.channelId) ?? 0n) + 1n);
  return counts;
}

/** A file without a summary (an unfinished recording): read whole, sorted by log time. */
async function openStreamed(path: string, source: BagFileSource, handlers: DecompressHandlers): Promise<BagFile> {
  const bytes = await source.read(0n, source.sizeBytes);
  if (!bytes.ok) throw new ReadFailure(bytes.error.message);
  const { McapStreamReader } = await mcapLibrary();
  const stream = new McapStreamReader({ decompressHandlers: handlers, validateCrcs: true });
  stream.append(bytes.value);
  const channels = new Map<number, Channel>();
  const schemas = new Map<number, Schema>();
  const all: McapMessage[] = [];
  for (let r = stream.nextRecord(); r !== undefined; r = stream.nextRecord()) {
    if (r.type === 'Channel') channels.set(r.id, r);
    else if (r.type === 'Schema') schemas.set(r.id, r);
    else if (r.type === 'Message') all.push(r);
  }
  all.sort((a, b) => (a.logTime < b.logTime ? -1 : a.logTime > b.logTime ? 1 : 0));
  const start = all[0]?.logTime ?? NO_TIME;
  const end = all.at(-1)?.logTime ?? 0n;
  return {
    path,
    source,
    channels,
    schemas,
    channelCounts: countByChannel(all),
    info: { path, startingTimeNs: start, durationNs: end > start ? end - start : 0n, messageCount: all.length },
    async *messages(f) {
      for (const m of all) {
        if (f.startNs !== undefined && m.logTime < f.startNs) continue;
        if (f.endNs !== undefined && m.logTime >= f.endNs) break;
        yield m;
      }
    },
  };
}

export async function openMcapFile(
  path: string,
  source: BagFileSource,
  handlers: DecompressHandlers,
): Promise<BagFile> {
  try {
    return await openIndexed(path, source, handlers);
  } catch (thrown) {
    if (thrown instanceof ReadFailure) throw thrown;
    return openStreamed(path, source, handlers);
  }
}

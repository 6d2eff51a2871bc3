/**
 * `rclts bag info <bag>`: what `ros2 bag info` prints (rosbag2_py's format_bag_metadata.cpp):
 * the files, size, storage, distro, duration, start and end in local time, the message count,
 * the topics sorted by name (service event topics listed as services).
 */

import { type BagMetadata, type BagTopicInfo, nodeBagFiles, openBagReader } from '../../index.js';
import { type CliIo, ExitCode, type ParsedArgs } from './cli-args.js';

// The longest field name ("Topic information:") and a space.
const INDENT = ' '.repeat(19);
const SERVICE_EVENT = '/_service_event';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function seconds(ns: bigint): string {
  const s = ns / 1_000_000_000n;
  const frac = ns % 1_000_000_000n;
  return `${s}.${frac.toString().padStart(9, '0')}`;
}

/** `%b %e %Y %H:%M:%S.nnnnnnnnn (sec.nnnnnnnnn)` in local time, as rosbag2 prints a time point. */
export function formatTimePoint(ns: bigint): string {
  const d = new Date(Number(ns / 1_000_000_000n) * 1000);
  const two = (n: number): string => n.toString().padStart(2, '0');
  const date = `${MONTHS[d.getMonth()]} ${d.getDate().toString().padStart(2, ' ')} ${d.getFullYear()}`;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  const frac = (ns % 1_000_000_000n).toString().padStart(9, '0');
  return `${date} ${time}.${frac} (${seconds(ns)})`;
}

/** rosbag2's format_file_size: B, KiB, MiB, GiB, TiB, one decimal past bytes. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let size = bytes;
  let i = 0;
  while (size >= 1024 && i < 4) {
    size /= 1024;
    i++;
  }
  return `${size.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}

function isServiceEvent(t: BagTopicInfo): boolean {
  return (
    t.name.length > SERVICE_EVENT.length &&
    t.name.endsWith(SERVICE_EVENT) &&
    t.type.includes('/srv/') &&
    t.type.endsWith('_Event')
  );
}

function lines(first: string, rest: readonly string[], indent: string): string {
  if (rest.length === 0 && first === '') return '\n';
  return `${[first, ...rest.map((l) => `${indent}${l}`)].join('\n')}\n`;
}

/** The text `ros2 bag info` prints for `m` (it starts with an empty line). */
export function formatBagInfo(m: BagMetadata): string {
  const byName = (a: BagTopicInfo, b: BagTopicInfo): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const topics = m.topicsWithMessageCount.filter((t) => !isServiceEvent(t)).sort(byName);
  const services = m.topicsWithMessageCount.filter(isServiceEvent).sort(byName);
  const serviceCount = services.reduce((n, s) => n + s.messageCount, 0);
  const topicLines = topics.map(
    (t) =>
      `Topic: ${t.name} | Type: ${t.type} | Count: ${t.messageCount} | Serialization Format: ${t.serializationFormat}`,
  );
  const serviceLines = services.map(
    (s) =>
      `Service: ${s.name.slice(0, -SERVICE_EVENT.length)} | Type: ${s.type.slice(0, -'_Event'.length)} | Event Count: ${s.messageCount} | Serialization Format: ${s.serializationFormat}`,
  );
  const [firstFile = '', ...files] = m.relativeFilePaths;
  const [firstTopic = '', ...moreTopics] = topicLines;
  const [firstService, ...moreServices] = serviceLines;
  return [
    '\n',
    `Files:             ${lines(firstFile, files, INDENT)}`,
    `Bag size:          ${formatFileSize(m.bagSizeBytes)}\n`,
    `Storage id:        ${m.storageIdentifier}\n`,
    `ROS Distro:        ${m.rosDistro === '' ? 'unknown' : m.rosDistro}\n`,
    `Duration:          ${seconds(m.durationNs)}s\n`,
    `Start:             ${formatTimePoint(m.startingTimeNs)}\n`,
    `End:               ${formatTimePoint(m.startingTimeNs + m.durationNs)}\n`,
    `Messages:          ${m.messageCount - serviceCount}\n`,
    `Topic information: ${lines(firstTopic, moreTopics, INDENT)}`,
    `Service:           ${services.length}\n`,
    `Service information: ${firstService === undefined ? '' : lines(firstService, moreServices, `${INDENT}  `)}`,
  ].join('');
}

export async function runBagInfo(args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [path] = args.positionals;
  if (path === undefined) {
    io.err('rclts: bag info needs a bag (a folder with metadata.yaml, or an .mcap file)\n');
    return ExitCode.Misuse;
  }
  const reader = await openBagReader({ files: nodeBagFiles(path) });
  if (!reader.ok) {
    io.err(`rclts: ${reader.error.message}\n`);
    return ExitCode.Failed;
  }
  // ros2 bag info ends with print()'s newline after the text
  io.out(`${formatBagInfo(reader.value.metadata)}\n`);
  await reader.value.close();
  return ExitCode.Ok;
}

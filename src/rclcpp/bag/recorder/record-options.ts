/**
 * What a recording is told (rosbag2_transport's RecordOptions, the parts rclts offers), checked
 * once: topics by name, all, include and exclude regexes, the discovery period, the queue of
 * each recording subscription, and where the bag goes.
 */
import { describeValue, err, ok, type ResultOf } from '../../../result.js';
import { TypeRegistry } from '../../generic/type-registry.js';
import { readOptions } from '../../type-check.js';
import { definitionFiles, type MessageDefinitionSource } from '../storage/message-definition.js';
import type { BagWriter } from '../storage/types.js';
import { readRegex, type TopicSelection } from './topic-filter.js';

/** rosbag2's topic_polling_interval. */
export const DEFAULT_DISCOVERY_PERIOD_MS = 100;
/**
 * Samples each recording subscription holds between two executor rounds before the oldest is
 * dropped (and counted). rosbag2 asks for keep-last 10 and relies on its own thread; a recorder
 * dispatched in executor rounds needs more room for bursts.
 */
export const DEFAULT_RECORD_QUEUE_DEPTH = 1000;

export interface RecordOptions {
  /** The open bag writer the recording writes to; `stop()` closes it. */
  readonly writer: BagWriter;
  /** Topics recorded when they appear (resolved as the node resolves names). */
  readonly topics?: readonly string[] | undefined;
  /** Every published topic (`-a`). */
  readonly all?: boolean | undefined;
  /** Topics whose name matches (`-e`), besides `topics`. */
  readonly regex?: RegExp | string | undefined;
  /** Topics whose name matches are left out (`-x`). */
  readonly excludeRegex?: RegExp | string | undefined;
  /** Topics with a `_`-prefixed name token too (rosbag2's --include-hidden-topics). */
  readonly includeHidden?: boolean | undefined;
  /** How often the graph is polled for new topics; default 100 ms. */
  readonly discoveryPeriodMs?: number | undefined;
  /** Queue of each recording subscription; default DEFAULT_RECORD_QUEUE_DEPTH. */
  readonly queueDepth?: number | undefined;
  /** Where types are looked up; default the bundled one. */
  readonly registry?: TypeRegistry | undefined;
  /**
   * The `.msg` texts the schemas are made of (the storage's `definitionFiles(dirs)`, or
   * `await bundledDefinitions()` in a page); default: the bundled packages' files under Node,
   * none in a page (schemas then `unknown`, as rosbag2 writes a type it has no definition for).
   */
  readonly definitions?: MessageDefinitionSource | undefined;
}

export interface CheckedRecordOptions {
  readonly writer: BagWriter;
  readonly selection: TopicSelection;
  readonly discoveryPeriodMs: number;
  readonly queueDepth: number;
  readonly registry: TypeRegistry;
  readonly definitions: MessageDefinitionSource;
}

const KEYS = [
  'writer',
  'topics',
  'all',
  'regex',
  'excludeRegex',
  'includeHidden',
  'discoveryPeriodMs',
  'queueDepth',
  'registry',
  'definitions',
] as const;

function positiveInteger(argument: string, v: unknown, fallback: number): ResultOf<number> {
  if (v === undefined) return ok(fallback);
  return typeof v === 'number' && Number.isInteger(v) && v > 0
    ? ok(v)
    : err('InvalidArgument', `${argument} must be a whole number > 0, got ${describeValue(v)}`);
}

function optionalBoolean(argument: string, v: unknown): ResultOf<boolean> {
  if (v === undefined) return ok(false);
  return typeof v === 'boolean'
    ? ok(v)
    : err('InvalidArgument', `${argument} must be a boolean, got ${describeValue(v)}`);
}

/**
 * The options read once. `resolve` turns a topic into its fully qualified name. Nothing selected
 * (no topics, no regex, not all) is InvalidArgument, as `ros2 bag record` with no topic refuses.
 */
export function checkRecordOptions(
  options: unknown,
  resolve: (topic: string) => ResultOf<string>,
): ResultOf<CheckedRecordOptions> {
  const o = readOptions('options', options, KEYS);
  if (!o.ok) return o;
  const v = o.value;
  const writer = v.writer as BagWriter | undefined;
  if (typeof writer !== 'object' || writer === null || typeof writer.write !== 'function') {
    return err('InvalidArgument', 'options.writer must be an open BagWriter (openBagWriter)');
  }
  if (v.definitions !== undefined && typeof v.definitions !== 'function') {
    return err('InvalidArgument', 'options.definitions must be a MessageDefinitionSource (definitionFiles())');
  }
  const topics: string[] = [];
  if (v.topics !== undefined) {
    if (!Array.isArray(v.topics)) return err('InvalidArgument', 'options.topics must be an array of topic names');
    for (const t of v.topics as unknown[]) {
      if (typeof t !== 'string' || t === '') {
        return err('InvalidArgument', `options.topics holds ${describeValue(t)}: topic names are non-empty strings`);
      }
      const resolved = resolve(t);
      if (!resolved.ok) return resolved;
      topics.push(resolved.value);
    }
  }
  const all = optionalBoolean('options.all', v.all);
  if (!all.ok) return all;
  const includeHidden = optionalBoolean('options.includeHidden', v.includeHidden);
  if (!includeHidden.ok) return includeHidden;
  const include = readRegex('options.regex', v.regex);
  if (!include.ok) return include;
  const exclude = readRegex('options.excludeRegex', v.excludeRegex);
  if (!exclude.ok) return exclude;
  if (!all.value && topics.length === 0 && include.value === undefined) {
    return err('InvalidArgument', 'nothing to record: give options.topics, options.regex or options.all');
  }
  const period = positiveInteger('options.discoveryPeriodMs', v.discoveryPeriodMs, DEFAULT_DISCOVERY_PERIOD_MS);
  if (!period.ok) return period;
  const depth = positiveInteger('options.queueDepth', v.queueDepth, DEFAULT_RECORD_QUEUE_DEPTH);
  if (!depth.ok) return depth;
  if (v.registry !== undefined && !(v.registry instanceof TypeRegistry)) {
    return err('InvalidArgument', 'options.registry must be a TypeRegistry');
  }
  return ok({
    writer,
    selection: {
      topics,
      all: all.value,
      include: include.value,
      exclude: exclude.value,
      includeHidden: includeHidden.value,
    },
    discoveryPeriodMs: period.value,
    queueDepth: depth.value,
    registry: (v.registry as TypeRegistry | undefined) ?? TypeRegistry.bundled(),
    definitions: (v.definitions as MessageDefinitionSource | undefined) ?? bundledDefinitions(),
  });
}

/** The bundled `.msg` texts where a file system is at hand, else none. */
function bundledDefinitions(): MessageDefinitionSource {
  const d = definitionFiles();
  return d.ok ? d.value : () => undefined;
}

/**
 * What a playback is told (rosbag2_transport's PlayOptions, the parts rclts offers), checked
 * once: rate, loop, topic filters and remaps, start offset, /clock, start paused, the read-ahead
 * queue and per-topic QoS overrides.
 */
import { describeValue, err, ok, type ResultOf } from '../../../result.js';
import type { RmwQos } from '../../../rmw/qos.js';
import type { QoSLike } from '../../api.js';
import { TypeRegistry } from '../../generic/type-registry.js';
import { readOptions } from '../../type-check.js';
import { readRegex } from '../recorder/topic-filter.js';
import type { BagReader } from '../storage/types.js';

/** rosbag2's read_ahead_queue_size. */
export const DEFAULT_READ_AHEAD = 1000;
/** `ros2 bag play --clock` without a value. */
export const DEFAULT_CLOCK_HZ = 40;

export interface PlayOptions {
  readonly reader: BagReader;
  /** > 0; default 1. */
  readonly rate?: number | undefined;
  readonly loop?: boolean | undefined;
  /** Only these topics (bag names); absent: all. */
  readonly topics?: readonly string[] | undefined;
  readonly regex?: RegExp | string | undefined;
  readonly excludeRegex?: RegExp | string | undefined;
  /** Bag topic -> the topic it is published on (`--remap a:=b`). */
  readonly remap?: Readonly<Record<string, string>> | undefined;
  /** Start this far into the bag (ns >= 0). */
  readonly startOffsetNs?: bigint | undefined;
  /** Publish /clock at this rate (Hz > 0); absent or 0: no /clock. The bag's own /clock is then not played. */
  readonly clockHz?: number | undefined;
  readonly startPaused?: boolean | undefined;
  readonly readAheadQueueSize?: number | undefined;
  /** Bag topic -> the QoS to publish it with instead of the recorded one. */
  readonly qosOverrides?: Readonly<Record<string, QoSLike | RmwQos>> | undefined;
  readonly registry?: TypeRegistry | undefined;
}

export interface CheckedPlayOptions {
  readonly reader: BagReader;
  readonly rate: number;
  readonly loop: boolean;
  readonly topics: readonly string[] | undefined;
  readonly include: RegExp | undefined;
  readonly exclude: RegExp | undefined;
  readonly remap: ReadonlyMap<string, string>;
  readonly startOffsetNs: bigint;
  readonly clockHz: number;
  readonly startPaused: boolean;
  readonly readAhead: number;
  readonly qosOverrides: ReadonlyMap<string, QoSLike | RmwQos>;
  readonly registry: TypeRegistry;
}

const KEYS = [
  'reader',
  'rate',
  'loop',
  'topics',
  'regex',
  'excludeRegex',
  'remap',
  'startOffsetNs',
  'clockHz',
  'startPaused',
  'readAheadQueueSize',
  'qosOverrides',
  'registry',
] as const;

function bool(argument: string, v: unknown): ResultOf<boolean> {
  if (v === undefined) return ok(false);
  return typeof v === 'boolean'
    ? ok(v)
    : err('InvalidArgument', `${argument} must be a boolean, got ${describeValue(v)}`);
}

function nameMap<V>(
  argument: string,
  v: unknown,
  check: (value: unknown) => boolean,
  resolve: (t: string) => ResultOf<string>,
): ResultOf<Map<string, V>> {
  const out = new Map<string, V>();
  if (v === undefined) return ok(out);
  if (typeof v !== 'object' || v === null)
    return err('InvalidArgument', `${argument} must be an object keyed by topic`);
  for (const [from, to] of Object.entries(v)) {
    if (!check(to)) return err('InvalidArgument', `${argument}['${from}'] is ${describeValue(to)}`);
    const name = resolve(from);
    if (!name.ok) return name;
    out.set(name.value, to as V);
  }
  return ok(out);
}

export function checkPlayOptions(
  options: unknown,
  resolve: (t: string) => ResultOf<string>,
): ResultOf<CheckedPlayOptions> {
  const o = readOptions('options', options, KEYS);
  if (!o.ok) return o;
  const v = o.value;
  const reader = v.reader as BagReader | undefined;
  if (typeof reader !== 'object' || reader === null || typeof reader.messages !== 'function') {
    return err('InvalidArgument', 'options.reader must be an open BagReader (openBagReader)');
  }
  const rate = v.rate ?? 1;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
    return err('InvalidArgument', `options.rate must be a finite number > 0, got ${describeValue(rate)}`);
  }
  const clockHz = v.clockHz ?? 0;
  if (typeof clockHz !== 'number' || !Number.isFinite(clockHz) || clockHz < 0 || (clockHz > 0 && clockHz > 1e6)) {
    return err(
      'InvalidArgument',
      `options.clockHz must be a number of Hz in (0, 1e6] (0: no /clock), got ${describeValue(clockHz)}`,
    );
  }
  const offset = v.startOffsetNs ?? 0n;
  if (typeof offset !== 'bigint' || offset < 0n) {
    return err('InvalidArgument', `options.startOffsetNs must be a bigint >= 0 (ns), got ${describeValue(offset)}`);
  }
  const readAhead = v.readAheadQueueSize ?? DEFAULT_READ_AHEAD;
  if (typeof readAhead !== 'number' || !Number.isInteger(readAhead) || readAhead < 1) {
    return err(
      'InvalidArgument',
      `options.readAheadQueueSize must be a whole number > 0, got ${describeValue(readAhead)}`,
    );
  }
  let topics: string[] | undefined;
  if (v.topics !== undefined) {
    if (!Array.isArray(v.topics)) return err('InvalidArgument', 'options.topics must be an array of topic names');
    topics = [];
    for (const t of v.topics as unknown[]) {
      if (typeof t !== 'string' || t === '') return err('InvalidArgument', `options.topics holds ${describeValue(t)}`);
      const r = resolve(t);
      if (!r.ok) return r;
      topics.push(r.value);
    }
  }
  const include = readRegex('options.regex', v.regex);
  if (!include.ok) return include;
  const exclude = readRegex('options.excludeRegex', v.excludeRegex);
  if (!exclude.ok) return exclude;
  const remap = nameMap<string>('options.remap', v.remap, (x) => typeof x === 'string' && x !== '', resolve);
  if (!remap.ok) return remap;
  const qos = nameMap<QoSLike | RmwQos>(
    'options.qosOverrides',
    v.qosOverrides,
    (x) => typeof x === 'object' && x !== null,
    resolve,
  );
  if (!qos.ok) return qos;
  const loop = bool('options.loop', v.loop);
  if (!loop.ok) return loop;
  const startPaused = bool('options.startPaused', v.startPaused);
  if (!startPaused.ok) return startPaused;
  if (v.registry !== undefined && !(v.registry instanceof TypeRegistry)) {
    return err('InvalidArgument', 'options.registry must be a TypeRegistry');
  }
  return ok({
    reader,
    rate,
    loop: loop.value,
    topics,
    include: include.value,
    exclude: exclude.value,
    remap: remap.value,
    startOffsetNs: offset,
    clockHz,
    startPaused: startPaused.value,
    readAhead,
    qosOverrides: qos.value,
    registry: (v.registry as TypeRegistry | undefined) ?? TypeRegistry.bundled(),
  });
}

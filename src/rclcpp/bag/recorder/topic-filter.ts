/**
 * Which discovered topics a recording takes, by rosbag2_transport's TopicFilter rules: a topic
 * with one type only; named in `topics`, or matching the include regex, or any with `all`;
 * not matching the exclude regex; not hidden (a name token starting with `_`) unless asked;
 * published by someone (a topic only subscribed has nothing to record).
 */
import { describeThrown, describeValue, err, ok, type ResultOf } from '../../../result.js';

export interface TopicSelection {
  /** Fully qualified names recorded when they appear. */
  readonly topics: readonly string[];
  /** Every published topic (rosbag2's `--all-topics`). */
  readonly all: boolean;
  readonly include: RegExp | undefined;
  readonly exclude: RegExp | undefined;
  readonly includeHidden: boolean;
}

/** Why a discovered topic is not recorded (reported once per topic, never silently). */
export const TopicSkip = {
  NotSelected: 'not_selected',
  SeveralTypes: 'several_types',
  Hidden: 'hidden',
  Excluded: 'excluded',
  Unpublished: 'unpublished',
} as const;
export type TopicSkip = (typeof TopicSkip)[keyof typeof TopicSkip];

/** A regex given as a RegExp or a source string (ECMAScript syntax; rosbag2's is std::regex ECMAScript). */
export function readRegex(argument: string, value: unknown): ResultOf<RegExp | undefined> {
  if (value === undefined || value === '') return ok(undefined);
  if (value instanceof RegExp) return ok(new RegExp(value.source, value.flags.replace(/[gy]/g, '')));
  if (typeof value !== 'string') {
    return err('InvalidArgument', `${argument} must be a RegExp or a string, got ${describeValue(value)}`);
  }
  try {
    return ok(new RegExp(value));
  } catch (thrown) {
    return err('InvalidArgument', `${argument} '${value}' is not a regular expression: ${describeThrown(thrown)}`);
  }
}

const isHidden = (name: string): boolean => name.split('/').some((token) => token.startsWith('_'));

/**
 * The topic's one type when the selection records it, else why not. `publishers` is how many
 * publishers the graph shows on it.
 */
export function takeTopic(
  selection: TopicSelection,
  name: string,
  types: readonly string[],
  publishers: number,
): { readonly take: true; readonly type: string } | { readonly take: false; readonly why: TopicSkip } {
  const type = types[0];
  if (type === undefined || types.some((t) => t !== type)) return { take: false, why: TopicSkip.SeveralTypes };
  const named = selection.topics.includes(name);
  if (!selection.all && !named && !(selection.include?.test(name) ?? false)) {
    return { take: false, why: TopicSkip.NotSelected };
  }
  if (selection.exclude?.test(name) === true) return { take: false, why: TopicSkip.Excluded };
  if (!selection.includeHidden && isHidden(name)) return { take: false, why: TopicSkip.Hidden };
  if (publishers === 0) return { take: false, why: TopicSkip.Unpublished };
  return { take: true, type };
}

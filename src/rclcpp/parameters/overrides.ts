/**
 * Parameter overrides of one node, gathered as rclcpp gathers them: `--ros-args` params files
 * (`--params-file FILE`) and `-p [node:]name:=value` rules in the order given (rcl merges them
 * into one set, so a later one wins; ros-args/ parses them), then the node options'
 * `parameterOverrides` (last wins). A params file is the ROS 2 format:
 * `/ns/node: { ros__parameters: { a: 1, group: { b: x } } }`, node keys may use `*` (one name
 * token) and `/**` (any), nested maps name `group.b`.
 */

import { describeThrown, describeValue, err, ok, type ResultOf } from '../../result.js';
import { parseInline, type YamlNode } from './inline-yaml.js';
import { parseParamsYaml } from './params-yaml.js';
import { type ParameterValue, typeOfValue } from './value.js';

/** What `--ros-args` said about parameters (ros-args/parse-ros-args.ts), each source with its argument position. */
export interface RosParameterArgs {
  readonly paramsFiles: ReadonlyArray<{ readonly path: string; readonly at: number }>;
  /** `node`: the rule's node prefix (`node:name:=value`), matched as a params file key is. */
  readonly paramOverrides: ReadonlyArray<{
    readonly node: string | undefined;
    readonly name: string;
    readonly value: ParameterValue;
    readonly at: number;
  }>;
}

/** A YAML value as a parameter value (mixed integers and doubles read as doubles). */
export function yamlToValue(what: string, node: YamlNode): ResultOf<ParameterValue> {
  if (node === null) return err('InvalidArgument', `${what}: a null value is not a parameter value`);
  if (Array.isArray(node)) {
    const numeric = node.length > 0 && node.every((x) => typeof x === 'bigint' || typeof x === 'number');
    const items = numeric && node.some((x) => typeof x === 'number') ? node.map(Number) : node;
    if (items.length === 0) return ok([]);
    const t = typeOfValue(what, items);
    return t.ok ? ok(items as ParameterValue) : t;
  }
  if (typeof node === 'object') return err('InvalidArgument', `${what}: a mapping is not a parameter value`);
  return ok(node);
}

/** One value in YAML flow syntax, as `-p name:=value` and `ros2 param set` take it; `what` names it in errors. */
export function parseParameterValue(what: string, text: string): ResultOf<ParameterValue> {
  try {
    return yamlToValue(what, parseInline(text));
  } catch (thrown) {
    return err('InvalidArgument', `${what}: ${describeThrown(thrown)}`);
  }
}

/** `name:=value` with the value in YAML syntax, as `-p` takes it. */
export function parseParamAssignment(text: string): ResultOf<readonly [string, ParameterValue]> {
  const at = text.indexOf(':=');
  if (at <= 0) return err('InvalidArgument', `-p expects name:=value, got '${text}'`);
  const name = text.slice(0, at);
  const v = parseParameterValue(`-p ${name}`, text.slice(at + 2));
  return v.ok ? ok([name, v.value] as const) : v;
}

function globToRegExp(pattern: string): RegExp {
  const absolute = pattern.startsWith('/') ? pattern : `/${pattern}`;
  const body = absolute
    .split('/')
    .slice(1)
    .map((part) =>
      part === '**' ? '(/[^/]+)*' : `/${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}`,
    )
    .join('');
  return new RegExp(`^${body}$`);
}

function flatten(prefix: string, node: YamlNode, into: Map<string, ParameterValue>, what: string): ResultOf<void> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, child] of Object.entries(node)) {
      const f = flatten(prefix === '' ? k : `${prefix}.${k}`, child, into, what);
      if (!f.ok) return f;
    }
    return ok(undefined);
  }
  const v = yamlToValue(`${what}: parameter '${prefix}'`, node);
  if (!v.ok) return v;
  into.set(prefix, v.value);
  return ok(undefined);
}

/** The overrides a params file's text gives the node `fqn`, in the file's order. */
export function paramsFileOverrides(
  text: string,
  fqn: string,
  what = 'params file',
): ResultOf<Map<string, ParameterValue>> {
  const doc = parseParamsYaml(text);
  if (!doc.ok) return err(doc.error.name, `${what}: ${doc.error.message}`);
  const out = new Map<string, ParameterValue>();
  if (doc.value === null) return ok(out);
  if (typeof doc.value !== 'object' || Array.isArray(doc.value)) {
    return err('InvalidArgument', `${what}: the top level must map node names to { ros__parameters: ... }`);
  }
  for (const [key, section] of Object.entries(doc.value)) {
    if (!globToRegExp(key).test(fqn)) continue;
    const params =
      section !== null && typeof section === 'object' && !Array.isArray(section) ? section.ros__parameters : undefined;
    if (params === undefined) return err('InvalidArgument', `${what}: node '${key}' has no ros__parameters`);
    const f = flatten('', params, out, what);
    if (!f.ok) return f;
  }
  return ok(out);
}

type ReadText = (path: string) => string;

/** Node's fs, reached without a static import so the browser bundle does not pull it in. */
function nodeReadText(): ReadText | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = proc?.getBuiltinModule?.('node:fs') as { readFileSync(p: string, enc: 'utf8'): string } | undefined;
  return fs === undefined ? undefined : (p) => fs.readFileSync(p, 'utf8');
}

/** All overrides of node `fqn`, in rclcpp's order of precedence (later wins). */
export function gatherOverrides(
  fqn: string,
  args: RosParameterArgs,
  fromOptions: ReadonlyMap<string, ParameterValue>,
  readText: ReadText | undefined = nodeReadText(),
): ResultOf<Map<string, ParameterValue>> {
  const out = new Map<string, ParameterValue>();
  const sources = [...args.paramsFiles, ...args.paramOverrides].sort((x, y) => x.at - y.at);
  for (const source of sources) {
    if (!('path' in source)) {
      if (source.node === undefined || globToRegExp(source.node).test(fqn)) out.set(source.name, source.value);
      continue;
    }
    const file = source.path;
    if (readText === undefined) return err('Unsupported', `--params-file ${file}: no file system here`);
    let text: string;
    try {
      text = readText(file);
    } catch (thrown) {
      return err('NotFound', `--params-file ${file} could not be read: ${describeThrown(thrown)}`);
    }
    const o = paramsFileOverrides(text, fqn, `params file ${file}`);
    if (!o.ok) return o;
    for (const [k, v] of o.value) out.set(k, v);
  }
  for (const [k, v] of fromOptions) out.set(k, v);
  return ok(out);
}

/** Node options' `parameterOverrides` read once into a map, each value checked. */
export function readOverridesOption(value: unknown): ResultOf<Map<string, ParameterValue>> {
  const out = new Map<string, ParameterValue>();
  if (value === undefined) return ok(out);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('InvalidArgument', `parameterOverrides must be an object of name: value, got ${describeValue(value)}`);
  }
  try {
    for (const [k, v] of Object.entries(value)) {
      const t = Array.isArray(v) && v.length === 0 ? undefined : typeOfValue(`parameterOverrides.${k}`, v);
      if (t !== undefined && !t.ok) return t;
      out.set(k, v as ParameterValue);
    }
  } catch (thrown) {
    return err('InvalidArgument', `parameterOverrides could not be read: ${describeThrown(thrown)}`);
  }
  return ok(out);
}

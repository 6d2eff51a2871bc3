/**
 * A params file's YAML, read by the `yaml` package (a full YAML 1.2 parser, core schema). It is
 * loaded the first time a params file is read, on Node only: a node's overrides are gathered
 * while `createNode` runs, which is synchronous, so the package is required there rather than
 * imported (a dynamic import could not be awaited); the browser bundle never contains it.
 */

import { describeThrown, err, ok, type ResultOf } from '../../result.js';
import type { YamlNode } from './inline-yaml.js';

interface YamlError {
  readonly message: string;
  readonly linePos?: ReadonlyArray<{ readonly line: number }>;
}
interface YamlDocument {
  readonly errors: readonly YamlError[];
  toJS(options: { mapAsMap: true }): unknown;
}
interface YamlPackage {
  parseDocument(
    text: string,
    options: { version: '1.2'; schema: 'core'; intAsBigInt: true; uniqueKeys: true },
  ): YamlDocument;
}

let loaded: YamlPackage | undefined;

function loadYaml(): ResultOf<YamlPackage> {
  if (loaded !== undefined) return ok(loaded);
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.('node:module') as
    | { createRequire(from: string): (id: string) => unknown }
    | undefined;
  if (mod === undefined) return err('Unsupported', 'reading a params file needs Node (the yaml package)');
  try {
    loaded = mod.createRequire(import.meta.url)('yaml') as YamlPackage;
    return ok(loaded);
  } catch (thrown) {
    return err('NotFound', `the yaml package could not be loaded: ${describeThrown(thrown)}`);
  }
}

/** Maps (keys as text; a key that is a collection refused), sequences and scalars as YamlNode. */
function toNode(value: unknown, at: string): YamlNode {
  if (value instanceof Map) {
    const out: { [key: string]: YamlNode } = {};
    for (const [k, v] of value) {
      if (typeof k === 'object' && k !== null) throw new Error(`${at}: a key must be a scalar`);
      const key = String(k);
      out[key] = toNode(v, key);
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v, i) => toNode(v, `${at}[${i}]`));
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  throw new Error(`${at}: a ${(value as object).constructor?.name ?? typeof value} is not a parameter value`);
}

/** One YAML document as YamlNode (integers as bigint); InvalidArgument names the line. */
export function parseParamsYaml(text: string): ResultOf<YamlNode> {
  const yaml = loadYaml();
  if (!yaml.ok) return yaml;
  try {
    const doc = yaml.value.parseDocument(text, {
      version: '1.2',
      schema: 'core',
      intAsBigInt: true,
      uniqueKeys: true,
    });
    const first = doc.errors[0];
    if (first !== undefined) {
      const line = first.linePos?.[0]?.line;
      const what = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'not YAML';
      return err('InvalidArgument', `YAML: ${line === undefined ? '' : `line ${line}: `}${what}`);
    }
    return ok(toNode(doc.toJS({ mapAsMap: true }), 'document'));
  } catch (thrown) {
    return err('InvalidArgument', `YAML: ${describeThrown(thrown)}`);
  }
}

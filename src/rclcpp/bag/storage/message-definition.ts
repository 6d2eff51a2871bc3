/**
 * The schema text rosbag2 stores for a ROS type (docs/message_definition_encoding.md in
 * rosbag2): the type's `.msg` text first, then each type it names, depth first in name order,
 * each after a line of 80 `=` and a line `MSG: <name as written>`. A type rosbag2 cannot name
 * this way (an action part) or whose file is missing gets encoding `unknown` and no text, as
 * rosbag2 writes it. The texts come from a `MessageDefinitionSource`: the installed `.msg`
 * files under Node (`definitionFiles`), the bundled packages' texts anywhere
 * (`bundledDefinitions`, loaded on first use), or a table of the caller's.
 */

import { err, ok, type ResultOf } from '../../../result.js';
import { hostFiles } from '../../generic/host-files.js';
import { readInterfaceDirsIn } from '../../interfaces/definitions/index.js';
import { type BagMessageDefinition, SchemaEncoding } from './types.js';

/** The `.msg` file text of `pkg/msg/Name`, or undefined when it is not known. */
export type MessageDefinitionSource = (typeName: string) => string | undefined;

const DELIMITER = `${'='.repeat(80)}\n`;
// The same patterns rosbag2's LocalMessageDefinitionSource matches with.
const PACKAGE_TYPENAME = /^([a-zA-Z0-9_]+)\/(?:msg\/|srv\/)?([a-zA-Z0-9_]+)$/;
const FIELD_TYPE = /(?:^|\n)\s*([a-zA-Z0-9_/]+)(?:\[[^\]]*\])?\s+/g;
const PRIMITIVES = new Set([
  'bool',
  'byte',
  'char',
  'float32',
  'float64',
  'int8',
  'uint8',
  'int16',
  'uint16',
  'int32',
  'uint32',
  'int64',
  'uint64',
  'string',
  // not in rosbag2's list (which falls back to the .idl files for such types, and rclts ships none)
  'wstring',
]);
// rosbag2's ROSBAG2_CPP_LOCAL_MESSAGE_DEFINITION_SOURCE_MAX_RECURSION_DEPTH
const MAX_DEPTH = 50;

function dependencies(text: string, pkg: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(FIELD_TYPE)) {
    const type = m[1]!;
    if (PRIMITIVES.has(type)) continue;
    found.add(type.includes('/') ? type : `${pkg}/${type}`);
  }
  return [...found].sort();
}

function unknown(typeName: string): BagMessageDefinition {
  return { encoding: SchemaEncoding.Unknown, name: typeName, data: '' };
}

/**
 * The MCAP schema rosbag2 writes for `typeName` (`pkg/msg/Name`). Ok with encoding `unknown`
 * when a definition is missing (rosbag2 records such a topic too); InvalidArgument for a
 * definition nesting past rosbag2's depth.
 */
export function messageDefinitionFor(
  typeName: string,
  source: MessageDefinitionSource,
): ResultOf<BagMessageDefinition> {
  const root = PACKAGE_TYPENAME.exec(typeName);
  if (root === null || typeName.includes('/srv/')) return ok(unknown(typeName));
  const seen = new Set<string>();
  const textOf = (name: string): string | undefined => {
    const m = PACKAGE_TYPENAME.exec(name);
    return m === null ? undefined : source(`${m[1]}/msg/${m[2]}`);
  };
  const append = (name: string, depth: number): string | undefined => {
    if (depth <= 0) return undefined;
    const text = textOf(name);
    if (text === undefined) return undefined;
    let out = text;
    for (const dep of dependencies(text, PACKAGE_TYPENAME.exec(name)![1]!)) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      const inner = append(dep, depth - 1);
      if (inner === undefined) return undefined;
      out += `\n${DELIMITER}MSG: ${dep}\n${inner}`;
    }
    return out;
  };
  const text = append(typeName, MAX_DEPTH);
  if (text === undefined) {
    if (textOf(typeName) !== undefined) {
      return err('InvalidArgument', `the definition of ${typeName} names a type that is missing or nests too deep`);
    }
    return ok(unknown(typeName));
  }
  return ok({ encoding: SchemaEncoding.Ros2Msg, name: typeName, data: text });
}

/** A protobuf topic's schema: its full message name and the FileDescriptorSet that defines it. */
export function protobufDefinition(fullName: string, fileDescriptorSet: Uint8Array): BagMessageDefinition {
  return { encoding: SchemaEncoding.Protobuf, name: fullName, data: fileDescriptorSet };
}

let bundled: ReadonlyMap<string, string> | undefined;

/**
 * The `.msg` texts of the bundled packages and of `directories` (package folders, or folders
 * of them), read now; Node only (a page answers Unsupported and brings its own table).
 */
export function definitionFiles(directories: readonly string[] = []): ResultOf<MessageDefinitionSource> {
  const host = hostFiles();
  if (!host.ok) return host;
  const { fs, resolve, bundledDir } = host.value;
  const dirs = [...(bundledDir === undefined ? [] : [bundledDir]), ...directories];
  if (directories.length === 0 && bundled !== undefined) return ok(lookup(bundled));
  const files = readInterfaceDirsIn(fs, resolve, dirs);
  if (!files.ok) return files;
  const table = new Map<string, string>();
  for (const f of files.value) if (f.kind === 'msg') table.set(`${f.pkg}/msg/${f.name}`, f.text);
  if (directories.length === 0) bundled = table;
  return ok(lookup(table));
}

let bundledTexts: Promise<MessageDefinitionSource> | undefined;

/**
 * The bundled packages' `.msg` texts without reading a file (a page's source; the same texts
 * as the installed files). The table is a module of its own, fetched the first time.
 */
export function bundledDefinitions(): Promise<MessageDefinitionSource> {
  bundledTexts ??= import('./bundled-definitions.js').then(({ BUNDLED_MSG_TEXTS }) => {
    const table = new Map(Object.entries(BUNDLED_MSG_TEXTS));
    return lookup(table);
  });
  return bundledTexts;
}

/** The first source that knows a type. */
export function combinedDefinitions(...sources: readonly MessageDefinitionSource[]): MessageDefinitionSource {
  return (typeName) => {
    for (const s of sources) {
      const text = s(typeName);
      if (text !== undefined) return text;
    }
    return undefined;
  };
}

function lookup(table: ReadonlyMap<string, string>): MessageDefinitionSource {
  return (typeName) => table.get(typeName);
}

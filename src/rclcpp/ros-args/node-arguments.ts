/**
 * What a node's `arguments` (NodeOptions) decide when the node is created, as rcl_node_init
 * decides it: its name (`__node:=`), then its namespace (`__ns:=`, matched against the new
 * name), and the remap rules every name it resolves goes through. rclts has no process-wide
 * (context) arguments, so a node's own rules are all there is.
 */

import { err, ok, type ResultOf } from '../../result.js';
import type { NamingScheme } from '../../rmw/rmw.js';
import { type NameRemap, normalizeNamespace, validateNodeName } from '../names.js';
import { parseRosArguments, type RosArguments } from './parse-ros-args.js';
import { compileRemap, NO_REMAPS, type RemapRules, remapNodeName, remapNodeNamespace } from './remap.js';

export interface NodeArguments {
  /** The node's name after `__node:=` remapping. */
  readonly name: string;
  /** The node's namespace after `__ns:=` remapping. */
  readonly namespace: string;
  readonly args: RosArguments;
  readonly rules: RemapRules;
}

/** Parses the node's `arguments` and applies its node-name and namespace rules. */
export function readNodeArguments(
  name: string,
  namespace: string,
  naming: NamingScheme,
  raw: unknown,
): ResultOf<NodeArguments> {
  const what = `options of node '${name}'.arguments`;
  const parsed = parseRosArguments((raw as unknown[] | undefined) ?? []);
  if (!parsed.ok) {
    // 'arguments must be ...' reads as '<what> must be ...'
    const m = parsed.error.message;
    return err(
      parsed.error.name,
      m.startsWith('arguments ') ? `${what}${m.slice('arguments'.length)}` : `${what}: ${m}`,
    );
  }
  const args = parsed.value;
  if (args.unparsedRos.length > 0) {
    // rclcpp refuses these too (UnknownROSArgsError).
    const list = args.unparsedRos.map((a) => `'${a}'`).join(', ');
    return err('InvalidArgument', `${what}: unknown ROS argument(s) ${list} inside --ros-args`);
  }
  if (args.remaps.length === 0) return ok({ name, namespace, args, rules: NO_REMAPS });
  if (naming === 'raw') {
    return err('Unsupported', `${what}: remap rules apply to ROS names; a 'raw' node's names are zenoh keys`);
  }
  const rules: RemapRules = { local: args.remaps, global: [] };
  const newName = remapNodeName(rules, name) ?? name;
  const validName = validateNodeName(newName);
  if (!validName.ok) return err('InvalidArgument', `${what}: __node:= ${validName.error.message}`);
  const remappedNs = remapNodeNamespace(rules, newName);
  const ns = remappedNs === undefined ? ok(namespace) : normalizeNamespace(remappedNs);
  if (!ns.ok) return err('InvalidArgument', `${what}: __ns:= ${ns.error.message}`);
  return ok({ name: newName, namespace: ns.value, args, rules });
}

/** The rules as names.ts's resolveName takes them, for the node `name` in `namespace`. */
export function nameRemapOf(rules: RemapRules, name: string, namespace: string): NameRemap | undefined {
  if (rules.local.length === 0 && rules.global.length === 0) return undefined;
  return compileRemap(rules, name, namespace);
}

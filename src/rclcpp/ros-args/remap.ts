/**
 * Remap rules applied as rcl applies them (rcl/src/rcl/remap.c): the node's own rules
 * (NodeOptions `arguments`) first, then global ones; in each list the first rule that
 * applies wins. A rule with a node prefix applies only to the node of that name. Topic and
 * service rules compare the rule's `from`, expanded against the node's name and namespace,
 * with the expanded name; the replacement is expanded the same way. Node-name and namespace
 * rules apply on the first rule of their kind.
 */

import { ok, type ResultOf } from '../../result.js';
import { expandTopicName } from '../names.js';
import { RemapKind, type RemapRule } from './remap-rule.js';

/** The rules a node resolves names with. */
export interface RemapRules {
  readonly local: readonly RemapRule[];
  readonly global: readonly RemapRule[];
}

export const NO_REMAPS: RemapRules = Object.freeze({ local: [], global: [] });

type NameKind = 'topic' | 'service';

function appliesTo(rule: RemapRule, kind: RemapKind | NameKind, nodeName: string): boolean {
  if (rule.nodeName !== undefined && rule.nodeName !== nodeName) return false;
  if (kind === 'topic') return rule.kind === RemapKind.topic || rule.kind === RemapKind.topicOrService;
  if (kind === 'service') return rule.kind === RemapKind.service || rule.kind === RemapKind.topicOrService;
  return rule.kind === kind;
}

function firstMatch(
  rules: readonly RemapRule[],
  kind: RemapKind | NameKind,
  name: string | undefined,
  nodeName: string,
  namespace: string,
): RemapRule | undefined {
  for (const rule of rules) {
    if (!appliesTo(rule, kind, nodeName)) continue;
    if (kind !== 'topic' && kind !== 'service') return rule;
    // A `from` that does not expand (say `~/x` under an invalid node) matches nothing.
    const from = expandTopicName('remap rule', rule.match, namespace, nodeName);
    if (from.ok && from.value === name) return rule;
  }
  return undefined;
}

function find(
  rules: RemapRules,
  kind: RemapKind | NameKind,
  name: string | undefined,
  nodeName: string,
  namespace: string,
): RemapRule | undefined {
  return (
    firstMatch(rules.local, kind, name, nodeName, namespace) ??
    firstMatch(rules.global, kind, name, nodeName, namespace)
  );
}

/**
 * rcl_remap_topic_name / rcl_remap_service_name: the new name of the expanded `name`, or
 * undefined when no rule matches. InvalidArgument when the matching rule's replacement
 * does not expand under this node.
 */
export function remapName(
  rules: RemapRules,
  kind: NameKind,
  name: string,
  nodeName: string,
  namespace: string,
): ResultOf<string | undefined> {
  const rule = find(rules, kind, name, nodeName, namespace);
  if (rule === undefined) return ok(undefined);
  const to = expandTopicName(`replacement of remap rule '${rule.text}'`, rule.replacement, namespace, nodeName);
  return to;
}

/**
 * remapName for one node, its rules' `from` expanded once: a name the node resolves is then
 * compared, not expanded again per rule.
 */
export function compileRemap(
  rules: RemapRules,
  nodeName: string,
  namespace: string,
): (name: string, kind: NameKind) => ResultOf<string | undefined> {
  const candidates: Array<{ readonly rule: RemapRule; readonly from: string }> = [];
  for (const rule of [...rules.local, ...rules.global]) {
    if (!appliesTo(rule, 'topic', nodeName) && !appliesTo(rule, 'service', nodeName)) continue;
    const from = expandTopicName('remap rule', rule.match, namespace, nodeName);
    if (from.ok) candidates.push({ rule, from: from.value });
  }
  return (name, kind) => {
    for (const { rule, from } of candidates) {
      if (from !== name || !appliesTo(rule, kind, nodeName)) continue;
      return expandTopicName(`replacement of remap rule '${rule.text}'`, rule.replacement, namespace, nodeName);
    }
    return ok(undefined);
  };
}

/** rcl_remap_node_name: the node's new name, or undefined. */
export function remapNodeName(rules: RemapRules, nodeName: string): string | undefined {
  return find(rules, RemapKind.nodeName, undefined, nodeName, '/')?.replacement;
}

/** rcl_remap_node_namespace, with the node's name after its own remapping (as rcl_node_init passes it). */
export function remapNodeNamespace(rules: RemapRules, nodeName: string): string | undefined {
  return find(rules, RemapKind.namespace, undefined, nodeName, '/')?.replacement;
}

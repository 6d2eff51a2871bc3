/**
 * ROS names as rcl validates and expands them (rmw_validate_node_name,
 * rmw_validate_namespace, rcl_validate_topic_name, rcl_expand_topic_name), and raw zenoh
 * keys for the `raw` naming scheme. `{}` substitutions are not supported and refused.
 */
import { describeValue, err, ok, type Result, type ResultOf } from '../result.js';
import type { NamingScheme } from '../rmw/rmw.js';

/** rmw's limit for node names. */
export const NODE_NAME_MAX_LENGTH = 255;
const TOKEN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function validateNodeName(name: unknown): Result {
  if (typeof name !== 'string') return err('InvalidArgument', `node name must be a string, got ${describeValue(name)}`);
  if (name.length === 0) return err('InvalidArgument', 'node name must not be empty');
  if (name.length > NODE_NAME_MAX_LENGTH) {
    return err('InvalidArgument', `node name '${name}' is longer than ${NODE_NAME_MAX_LENGTH} characters`);
  }
  if (/^[0-9]/.test(name)) return err('InvalidArgument', `node name '${name}' must not start with a number`);
  if (!TOKEN.test(name)) {
    return err('InvalidArgument', `node name '${name}' may contain only alphanumerics and '_'`);
  }
  return ok();
}

/** Checks the `/`-separated tokens of an absolute name (namespace or expanded topic). */
function checkAbsolute(what: string, name: string): Result {
  if (!name.startsWith('/')) return err('InvalidArgument', `${what} '${name}' must be absolute (start with '/')`);
  if (name === '/') return ok();
  if (name.endsWith('/')) return err('InvalidArgument', `${what} '${name}' must not end with '/'`);
  if (name.includes('//')) return err('InvalidArgument', `${what} '${name}' must not contain '//'`);
  for (const token of name.slice(1).split('/')) {
    if (/^[0-9]/.test(token)) {
      return err('InvalidArgument', `${what} '${name}': token '${token}' must not start with a number`);
    }
    if (!TOKEN.test(token)) {
      return err('InvalidArgument', `${what} '${name}': token '${token}' may contain only alphanumerics and '_'`);
    }
  }
  return ok();
}

/** rclcpp accepts '' (root) and a relative namespace (made absolute); returns the absolute form. */
export function normalizeNamespace(namespace: unknown): ResultOf<string> {
  if (namespace === undefined) return ok('/');
  if (typeof namespace !== 'string') {
    return err('InvalidArgument', `namespace must be a string, got ${describeValue(namespace)}`);
  }
  const absolute = namespace === '' ? '/' : namespace.startsWith('/') ? namespace : `/${namespace}`;
  const checked = checkAbsolute('namespace', absolute);
  return checked.ok ? ok(absolute) : checked;
}

export function fullyQualifiedNodeName(namespace: string, name: string): string {
  return namespace === '/' ? `/${name}` : `${namespace}/${name}`;
}

/** rcl_validate_topic_name on the name as written (before expansion). */
export function validateTopicName(what: string, name: unknown): Result {
  if (typeof name !== 'string') return err('InvalidArgument', `${what} must be a string, got ${describeValue(name)}`);
  if (name.length === 0) return err('InvalidArgument', `${what} must not be empty`);
  if (name.includes('{') || name.includes('}')) {
    return err('InvalidArgument', `${what} '${name}': substitutions ('{...}') are not supported`);
  }
  if (!/^[A-Za-z0-9_/~]*$/.test(name)) {
    return err('InvalidArgument', `${what} '${name}' may contain only alphanumerics, '_', '/' and a leading '~'`);
  }
  if (name.indexOf('~', 1) >= 0)
    return err('InvalidArgument', `${what} '${name}': '~' is allowed only as the first character`);
  if (name.startsWith('~') && name.length > 1 && name[1] !== '/') {
    return err('InvalidArgument', `${what} '${name}': '~' must be followed by '/'`);
  }
  if (name.endsWith('/')) return err('InvalidArgument', `${what} '${name}' must not end with '/'`);
  if (name.includes('//')) return err('InvalidArgument', `${what} '${name}' must not contain '//'`);
  if (/^[0-9]/.test(name)) return err('InvalidArgument', `${what} '${name}' must not start with a number`);
  return ok();
}

/** rcl_expand_topic_name: absolute stays, `~` is the node, relative joins the namespace. */
export function expandTopicName(what: string, name: unknown, namespace: string, nodeName: string): ResultOf<string> {
  const valid = validateTopicName(what, name);
  if (!valid.ok) return valid;
  const n = name as string;
  const nodeFqn = fullyQualifiedNodeName(namespace, nodeName);
  let expanded: string;
  if (n.startsWith('/')) expanded = n;
  else if (n === '~') expanded = nodeFqn;
  else if (n.startsWith('~/')) expanded = `${nodeFqn}${n.slice(1)}`;
  else expanded = namespace === '/' ? `/${n}` : `${namespace}/${n}`;
  const checked = checkAbsolute(what, expanded);
  return checked.ok ? ok(expanded) : checked;
}

/** `raw`: the name is the zenoh key as is; only what no key may contain is refused. */
export function validateRawKey(what: string, key: unknown): ResultOf<string> {
  if (typeof key !== 'string') return err('InvalidArgument', `${what} must be a string, got ${describeValue(key)}`);
  if (key.length === 0) return err('InvalidArgument', `${what} must not be empty`);
  if (/[\s#?$]/.test(key)) {
    return err('InvalidArgument', `${what} '${key}' must not contain whitespace, '#', '?' or '$'`);
  }
  return ok(key);
}

/**
 * The node's remap rules applied to an expanded name (ros-args/remap.ts): the new name, or
 * undefined when no rule matches.
 */
export type NameRemap = (expanded: string, kind: 'topic' | 'service') => ResultOf<string | undefined>;

/**
 * Resolves a topic or service name under a node's naming scheme: on a `ros` node expanded,
 * then remapped by the node's rules (rcl_node_resolve_name) and the result checked.
 */
export function resolveName(
  naming: NamingScheme,
  what: string,
  name: unknown,
  namespace: string,
  nodeName: string,
  remap?: { readonly rules: NameRemap; readonly kind: 'topic' | 'service' },
): ResultOf<string> {
  if (naming === 'raw') return validateRawKey(what, name);
  const expanded = expandTopicName(what, name, namespace, nodeName);
  if (!expanded.ok || remap === undefined) return expanded;
  const remapped = remap.rules(expanded.value, remap.kind);
  if (!remapped.ok) return err(remapped.error.name, `${what} '${String(name)}': ${remapped.error.message}`);
  if (remapped.value === undefined) return expanded;
  const checked = checkAbsolute(`${what} '${String(name)}' remapped to`, remapped.value);
  return checked.ok ? ok(remapped.value) : checked;
}

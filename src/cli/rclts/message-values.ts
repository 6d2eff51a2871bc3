/**
 * Typed-in values to a message of a known type (fields checked by name, numbers converted to
 * the field's type, missing fields at their defaults), and a message to the YAML text
 * `ros2 topic echo` prints.
 */

import { ARRAY_KIND, type FieldDef, type StructDef } from '../../interface-compiler/index.js';
import type { TypeRegistry } from './type-registry.js';
import { NumberText, type YamlValue } from './value-syntax.js';

type Message = Record<string, unknown>;
const INTEGER = /^(bool|byte|char|u?int(8|16|32))$/;

/** Throws a sentence naming the field when a value does not fit. */
export function messageFromValues(registry: TypeRegistry, struct: StructDef, value: YamlValue, path: string): Message {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof NumberText) {
    throw new TypeError(`${path} must be a mapping {field: value, ...}`);
  }
  const partial: Message = {};
  for (const [key, v] of Object.entries(value)) {
    const field = struct.fields.find((f) => f.name === key);
    if (field === undefined) {
      const names = struct.fields.map((f) => f.name).join(', ') || 'none';
      throw new TypeError(`${struct.typeName} has no field '${key}' (fields: ${names})`);
    }
    partial[key] = fieldValue(registry, field, v, `${path}.${key}`);
  }
  const made = registry.message(struct.typeName);
  if (!made.ok) throw new TypeError(made.error.message);
  return made.value.type.create(partial as never);
}

function fieldValue(registry: TypeRegistry, f: FieldDef, v: YamlValue, path: string): unknown {
  if (f.type.array === ARRAY_KIND.none) return scalar(registry, f, v, path);
  if (!Array.isArray(v)) throw new TypeError(`${path} must be a list [a, b, ...]`);
  return v.map((e, i) => scalar(registry, f, e, `${path}[${i}]`));
}

function scalar(registry: TypeRegistry, f: FieldDef, v: YamlValue, path: string): unknown {
  const t = f.type;
  if (t.nested) {
    const nested = registry.message(t.base);
    if (!nested.ok) throw new TypeError(nested.error.message);
    return messageFromValues(registry, nested.value.struct, v, path);
  }
  if (t.base === 'string' || t.base === 'wstring') {
    if (typeof v === 'string') return v;
    if (v instanceof NumberText) return v.text;
    if (typeof v === 'boolean') return String(v);
    throw new TypeError(`${path} must be a string`);
  }
  if (t.base === 'bool') {
    if (typeof v === 'boolean') return v;
    throw new TypeError(`${path} must be true or false`);
  }
  if (!(v instanceof NumberText)) throw new TypeError(`${path} must be a number (${t.base})`);
  if (t.base === 'int64' || t.base === 'uint64') {
    if (!/^[-+]?\d+$/.test(v.text)) throw new TypeError(`${path} must be an integer (${t.base}), got ${v.text}`);
    return BigInt(v.text);
  }
  const n = v.text.toLowerCase().endsWith('inf')
    ? v.text.startsWith('-')
      ? -Infinity
      : Infinity
    : v.text.toLowerCase() === '.nan'
      ? Number.NaN
      : Number(v.text);
  if (INTEGER.test(t.base) && !Number.isInteger(n))
    throw new TypeError(`${path} must be an integer (${t.base}), got ${v.text}`);
  return n;
}

/** At most this many elements of an array are printed, as `ros2 topic echo` truncates. */
export const ECHO_ARRAY_LIMIT = 128;

function formatScalar(base: string, v: unknown): string {
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (typeof v === 'number') {
    if (base !== 'float32' && base !== 'float64') return String(v);
    if (Number.isNaN(v)) return '.nan';
    if (!Number.isFinite(v)) return v > 0 ? '.inf' : '-.inf';
    return Number.isInteger(v) ? v.toFixed(1) : String(v);
  }
  const s = String(v);
  const plain = s !== '' && !/^[\s'"{}[\],:#&*!|>%@`-]|[:#]\s|\s$|^(true|false|null|~|[-+]?[\d.]+)$/i.test(s);
  return plain ? s : `'${s.replace(/'/g, "''")}'`;
}

/** One field's value as YAML: a scalar (or `[]`) on the key's line, or lines below it. */
export type FieldYaml = { readonly inline: string } | { readonly lines: string[] };

/**
 * A field's value as ros2 topic echo prints it. `indent` is the key's: list items sit at it,
 * a nested message's fields two spaces in.
 */
export function fieldToYaml(registry: TypeRegistry, f: FieldDef, v: unknown, indent: string): FieldYaml {
  const t = f.type;
  const nested = t.nested ? registry.message(t.base) : undefined;
  if (t.array === ARRAY_KIND.none) {
    if (nested?.ok) return { lines: messageToYaml(registry, nested.value.struct, v as Message, `${indent}  `) };
    return { inline: formatScalar(t.base, v) };
  }
  const items = Array.from(v as ArrayLike<unknown>);
  if (items.length === 0) return { inline: '[]' };
  const out: string[] = [];
  for (const item of items.slice(0, ECHO_ARRAY_LIMIT)) {
    if (nested?.ok) {
      const lines = messageToYaml(registry, nested.value.struct, item as Message, `${indent}  `);
      out.push(...lines.map((l, i) => (i === 0 ? `${indent}- ${l.slice(indent.length + 2)}` : l)));
    } else {
      out.push(`${indent}- ${formatScalar(t.base, item)}`);
    }
  }
  if (items.length > ECHO_ARRAY_LIMIT) out.push(`${indent}- '...'`);
  return { lines: out };
}

/** The message as YAML lines, as ros2 topic echo prints it (without the `---`). */
export function messageToYaml(registry: TypeRegistry, struct: StructDef, m: Message, indent = ''): string[] {
  const out: string[] = [];
  for (const f of struct.fields) {
    const y = fieldToYaml(registry, f, m[f.name], indent);
    if ('inline' in y) out.push(`${indent}${f.name}: ${y.inline}`);
    else out.push(`${indent}${f.name}:`, ...y.lines);
  }
  return out;
}

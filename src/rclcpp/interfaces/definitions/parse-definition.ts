/**
 * `.msg` / `.srv` / `.action` text to fields and constants, with the rules rosidl_adapter
 * applies: names, array and bound syntax, constant and default values. Nested type names
 * are resolved to `pkg/msg/Name` here; whether they exist is checked later, for the whole set.
 */

import {
  ARRAY_KIND,
  type ConstantDef,
  type DefaultValue,
  type DefinitionError,
  type FieldDef,
  type FieldType,
  isPrimitive,
  type ScalarValue,
} from './definition.js';
import { parseScalar, splitArrayLiteral } from './parse-values.js';

const FIELD_NAME = /^[a-z]([a-z0-9_]*[a-z0-9])?$/;
const CONSTANT_NAME = /^[A-Z]([A-Z0-9_]*[A-Z0-9])?$/;
const PACKAGE_NAME = /^[a-z]([a-z0-9_]*[a-z0-9])?$/;
export const TYPE_NAME = /^[A-Z][A-Za-z0-9]*$/;

export interface ParsedSection {
  readonly fields: FieldDef[];
  readonly constants: ConstantDef[];
}

/** Sections split at `---` lines (1 for .msg, 2 for .srv, 3 for .action). */
export function parseSections(
  pkg: string,
  file: string,
  text: string,
  errors: DefinitionError[],
): { sections: ParsedSection[]; separatorLines: number[] } {
  const sections: ParsedSection[] = [{ fields: [], constants: [] }];
  const separatorLines: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const content = stripComment(lines[i]!).trim();
    if (content === '') continue;
    if (content === '---') {
      sections.push({ fields: [], constants: [] });
      separatorLines.push(line);
      continue;
    }
    const message = parseLine(pkg, file, line, content, sections[sections.length - 1]!);
    if (message !== undefined) errors.push({ file, line, message });
  }
  return { sections, separatorLines };
}

/** Drops a `#` comment that is not inside a quoted value. */
function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#') {
      return line.slice(0, i);
    }
  }
  return line;
}

function parseLine(
  pkg: string,
  file: string,
  line: number,
  content: string,
  section: ParsedSection,
): string | undefined {
  const typeMatch = /^(\S+)\s+(.*)$/.exec(content);
  if (typeMatch === null) return `'${content}' is not a field or a constant (expected 'type name')`;
  const typeText = typeMatch[1]!;
  const rest = typeMatch[2]!;
  const type = parseFieldType(pkg, typeText);
  if (typeof type === 'string') return type;
  const constant = /^([A-Za-z0-9_]+)\s*=(.*)$/.exec(rest);
  if (constant !== null) {
    const name = constant[1]!;
    if (!CONSTANT_NAME.test(name)) return `constant name '${name}' must be UPPER_CASE`;
    if (type.nested || type.array !== ARRAY_KIND.none || !isPrimitive(type.base)) {
      return `constant ${name} must have a primitive, non-array type, not '${typeText}'`;
    }
    const value = parseScalar(type.base, constant[2]!, type.stringBound);
    if (Array.isArray(value)) return `bad constant ${name}: ${value[0]}`;
    if (section.constants.some((c) => c.name === name)) return `constant ${name} is defined twice`;
    section.constants.push({ name, type: type.base, value: value as ScalarValue, file, line });
    return undefined;
  }
  const fieldMatch = /^(\S+)(?:\s+(.*))?$/.exec(rest)!;
  const name = fieldMatch[1]!;
  if (!FIELD_NAME.test(name) || name.includes('__')) {
    return `field name '${name}' must be lower_snake_case (letters, digits, single underscores)`;
  }
  if (section.fields.some((f) => f.name === name)) return `field ${name} is defined twice`;
  let defaultValue: DefaultValue | undefined;
  if (fieldMatch[2] !== undefined && fieldMatch[2].trim() !== '') {
    const parsed = parseDefault(type, fieldMatch[2]);
    if (typeof parsed === 'string') return `bad default for ${name}: ${parsed}`;
    defaultValue = parsed.value;
  }
  section.fields.push({ name, type, defaultValue, file, line });
  return undefined;
}

/** `float64`, `string<=10`, `pkg/Type[]`, `Type[<=5]`, `uint8[16]`. */
export function parseFieldType(pkg: string, text: string): FieldType | string {
  const m = /^([^[\]<=]+)(?:<=(\d+))?(?:\[(<=)?(\d*)\])?$/.exec(text);
  if (m === null) return `'${text}' is not a type`;
  const baseText = m[1]!;
  const stringBound = m[2] === undefined ? 0 : Number(m[2]);
  let array: FieldType['array'] = ARRAY_KIND.none;
  let size = 0;
  if (text.endsWith(']')) {
    if (m[3] !== undefined) {
      if (m[4] === '') return `'${text}': a bounded sequence needs its bound`;
      array = ARRAY_KIND.bounded;
      size = Number(m[4]);
    } else if (m[4] === '') {
      array = ARRAY_KIND.unbounded;
    } else {
      array = ARRAY_KIND.fixed;
      size = Number(m[4]);
    }
    if (array !== ARRAY_KIND.unbounded && size === 0) return `'${text}': an array or bound of 0 elements`;
  }
  if (isPrimitive(baseText)) {
    if (m[2] !== undefined && baseText !== 'string' && baseText !== 'wstring') {
      return `'${text}': only string and wstring take a <= bound`;
    }
    if (m[2] !== undefined && stringBound === 0) return `'${text}': a string bound of 0`;
    return { base: baseText, nested: false, stringBound, array, size };
  }
  if (m[2] !== undefined) return `'${text}': only string and wstring take a <= bound`;
  const parts = baseText.split('/');
  let refPkg = pkg;
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) [refPkg, name] = parts as [string, string];
  else if (parts.length === 3 && parts[1] === 'msg') [refPkg, , name] = parts as [string, string, string];
  else return `'${baseText}' is not a type name (Type or package/Type)`;
  if (!PACKAGE_NAME.test(refPkg)) return `'${refPkg}' is not a package name`;
  if (!TYPE_NAME.test(name)) return `'${baseText}' is neither a primitive type nor a message type name`;
  return { base: `${refPkg}/msg/${name}`, nested: true, stringBound: 0, array, size };
}

function parseDefault(type: FieldType, text: string): { value: DefaultValue } | string {
  if (type.nested) return 'a nested message field cannot have a default value';
  const base = type.base as Parameters<typeof parseScalar>[0];
  if (type.array === ARRAY_KIND.none) {
    const v = parseScalar(base, text, type.stringBound);
    return Array.isArray(v) ? v[0]! : { value: v as ScalarValue };
  }
  const items = splitArrayLiteral(text);
  if (items === undefined) return `'${text.trim()}' is not an array literal [a, b, ...]`;
  if (type.array === ARRAY_KIND.fixed && items.length !== type.size) {
    return `${items.length} values for an array of ${type.size}`;
  }
  if (type.array === ARRAY_KIND.bounded && items.length > type.size) {
    return `${items.length} values for a sequence bounded to ${type.size}`;
  }
  const values: ScalarValue[] = [];
  for (const item of items) {
    const v = parseScalar(base, item, type.stringBound);
    if (Array.isArray(v)) return v[0]!;
    values.push(v as ScalarValue);
  }
  return { value: values };
}

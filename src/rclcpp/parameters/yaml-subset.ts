/**
 * The part of YAML that ROS 2 params files and `-p name:=value` use: block mappings by
 * indentation, block sequences (`- x`), flow sequences (`[a, b]`), plain and quoted scalars,
 * comments. Anchors, multi-line strings and flow mappings answer InvalidArgument rather than
 * being half-read; no YAML dependency is then needed in the browser bundle.
 */

import { err, ok, type ResultOf } from '../../result.js';

export type YamlScalar = boolean | bigint | number | string | null;
export type YamlNode = YamlScalar | YamlNode[] | { [key: string]: YamlNode };

interface Line {
  readonly indent: number;
  readonly text: string;
  readonly number: number;
}

class YamlError extends Error {}

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i);
  }
  return line;
}

/** A plain or quoted scalar, typed as YAML 1.2's core schema types it. */
export function parseScalar(raw: string): YamlScalar {
  const s = raw.trim();
  if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s.at(-1) === s[0]) {
    const body = s.slice(1, -1);
    return s[0] === '"'
      ? body.replace(/\\(["\\nt])/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c)
      : body.replace(/''/g, "'");
  }
  if (s === '' || s === '~' || s === 'null' || s === 'Null' || s === 'NULL') return null;
  if (/^(true|True|TRUE)$/.test(s)) return true;
  if (/^(false|False|FALSE)$/.test(s)) return false;
  if (/^[-+]?[0-9]+$/.test(s)) return BigInt(s);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return BigInt(s);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return Number(s);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(s)) return Number.NaN;
  if (/^[&*!|>{]/.test(s)) throw new YamlError(`unsupported YAML construct '${s}'`);
  return s;
}

function splitFlow(body: string): string[] {
  const items: string[] = [];
  let quote: string | undefined;
  let current = '';
  for (const c of body) {
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') throw new YamlError('nested flow collections are not supported');
    else if (c === ',') {
      items.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim().length > 0 || items.length > 0) items.push(current);
  return items;
}

/** A scalar or a flow sequence. */
export function parseInline(raw: string): YamlNode {
  const s = raw.trim();
  if (s.startsWith('[')) {
    if (!s.endsWith(']')) throw new YamlError(`unterminated flow sequence '${s}'`);
    return splitFlow(s.slice(1, -1)).map(parseScalar);
  }
  return parseScalar(s);
}

function splitKey(text: string, number: number): [string, string] {
  const m = /^("[^"]*"|'[^']*'|[^:]+?)\s*:(\s+|$)(.*)$/.exec(text);
  if (m === null) throw new YamlError(`line ${number}: expected 'key: value', got '${text}'`);
  return [String(parseScalar(m[1] ?? '')), m[3] ?? ''];
}

function parseBlock(lines: readonly Line[], start: number, indent: number): [YamlNode, number] {
  const first = lines[start];
  if (first === undefined) return [null, start];
  if (first.text.startsWith('- ') || first.text === '-') {
    const items: YamlNode[] = [];
    let i = start;
    while (i < lines.length && lines[i]?.indent === indent && lines[i]?.text.startsWith('-')) {
      const rest = (lines[i]?.text ?? '').slice(1).trim();
      if (rest.length === 0) throw new YamlError(`line ${lines[i]?.number}: nested block sequences are not supported`);
      items.push(parseInline(rest));
      i++;
    }
    return [items, i];
  }
  const map: { [key: string]: YamlNode } = {};
  let i = start;
  while (i < lines.length) {
    const line = lines[i] as Line;
    if (line.indent < indent) break;
    if (line.indent > indent) throw new YamlError(`line ${line.number}: unexpected indentation`);
    const [key, rest] = splitKey(line.text, line.number);
    i++;
    if (rest.trim().length > 0) {
      map[key] = parseInline(rest);
      continue;
    }
    const next = lines[i];
    if (next !== undefined && (next.indent > indent || (next.indent === indent && next.text.startsWith('-')))) {
      const [child, after] = parseBlock(lines, i, next.indent);
      map[key] = child;
      i = after;
    } else map[key] = null;
  }
  return [map, i];
}

/** Parses a document of the subset; InvalidArgument names the line for anything else. */
export function parseYaml(text: string): ResultOf<YamlNode> {
  try {
    const lines: Line[] = [];
    text.split(/\r?\n/).forEach((rawLine, i) => {
      if (/^\s*(---|\.\.\.)\s*$/.test(rawLine)) return;
      if (/^\t/.test(rawLine)) throw new YamlError(`line ${i + 1}: tabs are not allowed for indentation`);
      const stripped = stripComment(rawLine).trimEnd();
      if (stripped.trim().length === 0) return;
      const indent = stripped.length - stripped.trimStart().length;
      lines.push({ indent, text: stripped.trim(), number: i + 1 });
    });
    if (lines.length === 0) return ok(null);
    const [node, end] = parseBlock(lines, 0, lines[0]?.indent ?? 0);
    if (end < lines.length) throw new YamlError(`line ${lines[end]?.number}: unexpected indentation`);
    return ok(node);
  } catch (thrown) {
    return err('InvalidArgument', `YAML: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
}

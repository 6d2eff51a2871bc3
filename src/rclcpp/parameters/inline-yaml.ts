/**
 * The YAML of one value on a command line (`-p name:=value`, `ros2 param set`): a plain or
 * quoted scalar typed by YAML 1.2's core schema, or a flow sequence of them. Small enough to
 * hold by hand and keep the browser bundle free of a YAML parser; anchors, tags, block scalars
 * and flow mappings throw rather than being half-read. Params files are whole documents and
 * go to the `yaml` package (params-yaml.ts).
 */

export type YamlScalar = boolean | bigint | number | string | null;
export type YamlNode = YamlScalar | YamlNode[] | { [key: string]: YamlNode };

class YamlError extends Error {}

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

/**
 * A message's plain object read straight from its protobuf bytes: the object protobufjs's
 * generated decode followed by the decode walk (decode-walk.ts) gives, field for field and key
 * for key, without the pbjs instance, its Long objects and the walk's reading of the field
 * tables at every decode. A subscriber of every robot's State takes 25 000 a second; the
 * instance and the walk were nine tenths of a State's decode.
 *
 * Compiled per message type with `new Function`, as encode-direct.ts is. It takes the bytes the
 * vrobots encoders write; anything else (a read past the end, a group, malformed UTF-8, a
 * sub-message sent twice, which pbjs merges) throws WireMisfit, and the caller then decodes
 * with pbjs and the walk, which give the message or the error. Undefined where code cannot be
 * compiled (a page's content security policy), or for a type with a scalar it does not read.
 */
import type { FieldInfo } from '../generated/swarmbotix-types.js';
import { evalAllowed, fieldsOf, type Plain } from './encode-walk.js';
import { WireMisfit, WireReader } from './wire-reader.js';
import { ENUM_WIRE_TYPE, LENGTH_DELIMITED, SCALAR_WIRE_TYPES } from './wire-types.js';

type Decode = (r: WireReader, depth: number) => Plain;
type Default = () => Plain;

/** Deeper nesting is left to pbjs (its own recursion limit answers it). */
const MAX_DEPTH = 64;

/** One type's compiled functions; filled after it is registered, so recursive types terminate. */
interface Compiled {
  dec: Decode;
  def: Default;
}

/** Scalar type -> the read expression of one value on reader `r`. */
const READS: Readonly<Record<string, string>> = {
  double: 'r.double()',
  float: 'r.float()',
  int32: '(r.uint32() | 0)',
  uint32: 'r.uint32()',
  bool: 'r.bool()',
  string: 'r.string()',
  bytes: 'r.bytes()',
  int64: 'r.long(false)',
  uint64: 'r.long(true)',
};

const compiled = new Map<string, Compiled | null>();

function unready(): never {
  throw new WireMisfit('a type was used before it was compiled');
}

function readable(f: FieldInfo): boolean {
  return (
    f.kind === 'message' ||
    f.kind === 'enum' ||
    (READS[f.type] !== undefined && SCALAR_WIRE_TYPES[f.type] !== undefined)
  );
}

/** Whether every field of the type and of every message it holds can be read here. */
function supported(typeName: string, seen: Set<string>): boolean {
  if (seen.has(typeName)) return true;
  seen.add(typeName);
  return fieldsOf(typeName).every((f) => readable(f) && (f.kind !== 'message' || supported(f.type, seen)));
}

function build(typeName: string): Compiled {
  const known = compiled.get(typeName);
  if (known) return known;
  const c: Compiled = { dec: unready, def: unready };
  compiled.set(typeName, c);
  const fields = fieldsOf(typeName);
  const subs = fields.map((f) => (f.kind === 'message' ? build(f.type) : undefined));
  c.dec = compileDecode(fields, subs);
  c.def = compileDefault(fields, subs);
  return c;
}

/** The read expression of one value of a scalar or enum field, and the wire type it comes in. */
function readOf(f: FieldInfo): readonly [read: string, wireType: number] {
  if (f.kind === 'enum') return [READS.int32 as string, ENUM_WIRE_TYPE]; // an enum is an int32 on the wire
  return [READS[f.type] as string, SCALAR_WIRE_TYPES[f.type] as number];
}

/** Reads a sub-message of field `i` (the reader's end is the sub-message's meanwhile) and stores it as `store` says. */
function subMessage(i: number, store: (value: string) => string): string {
  return `{ const e = r.delimited(); const outer = r.end; r.end = e; const m = S[${i}].dec(r, depth + 1); r.end = outer; if (r.pos !== e) misfit(); ${store('m')} }`;
}

/** The `case` reading one occurrence of field `f` (index `i`) into local `f${i}`. */
function readCase(f: FieldInfo, i: number): string {
  const local = `f${i}`;
  const lines = [`case ${f.id}: {`];
  if (f.kind === 'message') {
    lines.push(`  if (wt !== ${LENGTH_DELIMITED}) break;`);
    if (f.repeated) lines.push(`  ${subMessage(i, (m) => `(${local} ??= []).push(${m});`)}`);
    else {
      // pbjs merges a second occurrence into the first; that is left to it.
      lines.push(`  if (${local} !== undefined) misfit();`);
      lines.push(`  ${subMessage(i, (m) => `${local} = ${m};`)}`);
    }
  } else {
    const [read, wireType] = readOf(f);
    if (f.repeated && wireType !== LENGTH_DELIMITED) {
      // Packed (what the encoders write) or one value per tag: pbjs takes either.
      lines.push(`  if (wt === ${LENGTH_DELIMITED}) {`);
      lines.push(`    const e = r.delimited(); const a = (${local} ??= []);`);
      lines.push(`    while (r.pos < e) a.push(${read});`);
      lines.push('    if (r.pos !== e) misfit();');
      lines.push('    continue;');
      lines.push('  }');
      lines.push(`  if (wt !== ${wireType}) break;`);
      lines.push(`  (${local} ??= []).push(${read});`);
    } else {
      lines.push(`  if (wt !== ${wireType}) break;`);
      lines.push(f.repeated ? `  (${local} ??= []).push(${read});` : `  ${local} = ${read};`);
    }
  }
  lines.push('  continue;');
  lines.push('}');
  return lines.join('\n');
}

/**
 * The value the walk gives a singular, non-optional scalar read as `x` (undefined when absent):
 * pbjs leaves a zero, false, an empty string or empty bytes out of its instance, and the walk
 * then gives the type's default.
 */
function settledScalar(f: FieldInfo, x: string): string {
  if (f.kind === 'enum') return `(${x} || 0)`;
  if (f.type === 'int64' || f.type === 'uint64') return `(${x} === undefined ? 0n : ${x})`;
  if (f.type === 'bool') return `(${x} === true)`;
  if (f.type === 'string') return `(${x} === undefined ? '' : ${x})`;
  if (f.type === 'bytes') return `(${x} === undefined ? new Uint8Array(0) : ${x})`;
  // pbjs keeps a NaN or a -0 it reads into a float or a double, and leaves out only +0.
  if (f.type === 'float' || f.type === 'double') return `(${x} === undefined ? 0 : ${x})`;
  return `(${x} || 0)`;
}

function compileDecode(fields: readonly FieldInfo[], subs: readonly (Compiled | undefined)[]): Decode {
  const locals = fields.map((_, i) => `f${i}`);
  const lines = [
    'if (depth > MAX_DEPTH) misfit();',
    'const end = r.end;',
    locals.length > 0 ? `let ${locals.join(', ')};` : '',
    'while (r.pos < end) {',
    '  const tag = r.tag();',
    '  const wt = tag & 7;',
    '  switch (tag >>> 3) {',
    ...fields.map((f, i) => readCase(f, i)),
    '  }',
    '  if (tag < 8) misfit();', // field number 0, which pbjs refuses
    '  r.skip(wt);',
    '}',
    'if (r.pos !== end) misfit();',
    'const o = {};',
  ];
  fields.forEach((f, i) => {
    const key = JSON.stringify(f.name);
    const x = `f${i}`;
    if (f.optional) lines.push(`if (${x} !== undefined) o[${key}] = ${x};`);
    else if (f.repeated) lines.push(`o[${key}] = ${x} === undefined ? [] : ${x};`);
    else if (f.kind === 'message') lines.push(`o[${key}] = ${x} === undefined ? S[${i}].def() : ${x};`);
    else lines.push(`o[${key}] = ${settledScalar(f, x)};`);
  });
  lines.push('return o;');
  const make = new Function(
    'S',
    'misfit',
    'MAX_DEPTH',
    `return function decode(r, depth) {\n${lines.join('\n')}\n};`,
  ) as (...deps: unknown[]) => Decode;
  return make(subs, misfit, MAX_DEPTH);
}

function misfit(): never {
  throw new WireMisfit('not the bytes the vrobots encoders write');
}

/** The walk's defaultOf, compiled: scalars zero, arrays empty, optional fields absent, all fresh. */
function compileDefault(fields: readonly FieldInfo[], subs: readonly (Compiled | undefined)[]): Default {
  const lines = ['const o = {};'];
  fields.forEach((f, i) => {
    if (f.optional) return;
    const key = JSON.stringify(f.name);
    const value = f.repeated ? '[]' : f.kind === 'message' ? `S[${i}].def()` : settledScalar(f, 'undefined');
    lines.push(`o[${key}] = ${value};`);
  });
  lines.push('return o;');
  const make = new Function('S', `return function defaults() {\n${lines.join('\n')}\n};`) as (
    ...deps: unknown[]
  ) => Default;
  return make(subs);
}

/**
 * The compiled decode of a message type: its bytes in, the walk's plain object out, or a
 * WireMisfit thrown for bytes it leaves to pbjs; undefined where it cannot be compiled.
 */
export function directDecoder(typeName: string): ((bytes: Uint8Array) => Plain) | undefined {
  if (!evalAllowed()) return undefined;
  let c = compiled.get(typeName);
  if (c === undefined) c = supported(typeName, new Set()) ? build(typeName) : null;
  if (c === null) {
    compiled.set(typeName, null);
    return undefined;
  }
  const dec = c.dec;
  return (bytes) => {
    if (!(bytes instanceof Uint8Array)) misfit();
    return dec(new WireReader(bytes), 0);
  };
}

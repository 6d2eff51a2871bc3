/**
 * The decode walk (decode-walk.ts) compiled per message type: the same plain object, field for
 * field and key for key, from the same pbjs-decoded instance, without reading the field tables
 * and branching on each field's kind at every decode. A subscriber of every robot's State takes
 * 25 000 a second; the walk was two thirds of a State's decode.
 *
 * Compiled with `new Function` as encode-direct.ts is; undefined where a page's content security
 * policy forbids it: the caller then takes the walk.
 */
import type { FieldInfo } from '../generated/swarmbotix-types.js';
import { fromLong } from './decode-walk.js';
import { evalAllowed, fieldsOf, type Plain } from './encode-walk.js';

type Decode = (decoded: Plain) => Plain;
type Default = () => Plain;

/** One type's compiled functions; filled after it is registered, so recursive types terminate. */
interface Compiled {
  dec: Decode;
  def: Default;
}

const compiled = new Map<string, Compiled>();

function unready(): never {
  throw new Error('decode-direct: a type was used before it was compiled');
}

function compiledOf(typeName: string): Compiled {
  const known = compiled.get(typeName);
  if (known !== undefined) return known;
  const c: Compiled = { dec: unready, def: unready };
  compiled.set(typeName, c);
  const fields = fieldsOf(typeName);
  const subs = fields.map((f) => (f.kind === 'message' ? compiledOf(f.type) : undefined));
  c.dec = compileDecode(fields, subs);
  c.def = compileDefault(fields, subs);
  return c;
}

/** The expression of a scalar field's value when the wire left it out (as scalarDefault). */
function defaultExpr(f: FieldInfo): string {
  if (f.kind === 'long') return '0n';
  if (f.kind === 'enum') return '0';
  if (f.type === 'bool') return 'false';
  if (f.type === 'string') return "''";
  if (f.type === 'bytes') return 'new Uint8Array(0)';
  return '0';
}

/** The expression converting one decoded value `x` of field `i` (as the walk's fromWireValue). */
function convertExpr(f: FieldInfo, i: number, x: string): string {
  if (f.kind === 'message') return `S[${i}].dec(${x})`;
  if (f.kind === 'long') return `fromLong(${x}, F[${i}])`;
  if (f.type === 'bytes') return `new Uint8Array(${x})`;
  return x;
}

function compileDecode(fields: readonly FieldInfo[], subs: readonly (Compiled | undefined)[]): Decode {
  const lines = ['const o = {};', 'let v;'];
  fields.forEach((f, i) => {
    const key = JSON.stringify(f.name);
    lines.push(`v = d[${key}];`);
    if (f.optional) {
      lines.push(`if (v !== null && v !== undefined && hasOwn(d, ${key})) o[${key}] = ${convertExpr(f, i, 'v')};`);
    } else if (f.repeated) {
      // pbjs's constructor gives every instance its own arrays, and the instance is dropped after
      // this: an array of plain values is taken as it is (the tests check no two decodes share one).
      const each = convertExpr(f, i, 'e');
      const taken = each === 'e' ? 'v' : `v.map((e) => ${each})`;
      lines.push(`o[${key}] = Array.isArray(v) ? ${taken} : [];`);
    } else if (f.kind === 'message') {
      lines.push(`o[${key}] = v === null || v === undefined ? S[${i}].def() : S[${i}].dec(v);`);
    } else {
      lines.push(`o[${key}] = v === null || v === undefined ? ${defaultExpr(f)} : ${convertExpr(f, i, 'v')};`);
    }
  });
  lines.push('return o;');
  const make = new Function('F', 'S', 'fromLong', 'hasOwn', `return function decode(d) {\n${lines.join('\n')}\n};`) as (
    ...deps: unknown[]
  ) => Decode;
  return make(fields, subs, fromLong, Object.hasOwn);
}

/** As the walk's defaultOf: scalars zero, arrays empty, optional fields absent, all fresh. */
function compileDefault(fields: readonly FieldInfo[], subs: readonly (Compiled | undefined)[]): Default {
  const lines = ['const o = {};'];
  fields.forEach((f, i) => {
    if (f.optional) return;
    const key = JSON.stringify(f.name);
    const value = f.repeated ? '[]' : f.kind === 'message' ? `S[${i}].def()` : defaultExpr(f);
    lines.push(`o[${key}] = ${value};`);
  });
  lines.push('return o;');
  const make = new Function('S', `return function defaults() {\n${lines.join('\n')}\n};`) as (
    ...deps: unknown[]
  ) => Default;
  return make(subs);
}

/**
 * The compiled decode of a message type: a pbjs-decoded instance in (fresh from its decode,
 * given up to the result), the walk's plain object out; undefined where code cannot be compiled.
 */
export function directDecoder(typeName: string): Decode | undefined {
  if (!evalAllowed()) return undefined;
  return compiledOf(typeName).dec;
}

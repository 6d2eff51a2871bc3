/**
 * A message's protobuf bytes written straight from the plain object: the same checks, the same
 * errors and the same bytes as the encode walk followed by pbjs (toWire, then the generated
 * encode), without the wire object the walk builds or the 64-bit halves pbjs allocates. The
 * simulator encodes 25 000 States a second; that walk was a sixth of what it allocated.
 *
 * Compiled per message type with `new Function` from the field plans; undefined where code
 * cannot be compiled (a page's content security policy) or a type uses a scalar it does not
 * write (sint*, fixed*): the caller then takes the walk and pbjs.
 */
import {
  checkedLong,
  checkScalar,
  convert,
  evalAllowed,
  type Plain,
  planOf,
  type WireField,
  type WirePlan,
  where,
} from './encode-walk.js';
import { ENUM_WIRE_TYPE, LENGTH_DELIMITED, SCALAR_WIRE_TYPES } from './wire-types.js';
import { WireWriter } from './wire-writer.js';

type Encode = (plain: Plain, w: WireWriter) => void;

interface DirectPlan {
  enc: Encode | undefined;
}

const LONGS = new Set(['int64', 'uint64']);
/** Writer methods with a one-byte-tag form (`floatField(tag, v)` ...). */
const TAGGED = new Set(['float', 'double', 'uint32', 'int32', 'bool']);

const directs = new Map<string, DirectPlan | null>();

function writable(f: WireField): boolean {
  if (f.kind === 'long') return LONGS.has(f.info.type);
  return f.kind !== 'scalar' || (SCALAR_WIRE_TYPES[f.info.type] !== undefined && !LONGS.has(f.info.type));
}

/** The writer method of a non-long scalar or enum value: named after its type (`w.double(x)` ...). */
function methodOf(f: WireField): string {
  return f.kind === 'enum' ? 'int32' : f.info.type;
}

/** Whether every field of the plan and of every message it holds can be written here. */
function supported(plan: WirePlan, seen: Set<string>): boolean {
  if (seen.has(plan.typeName)) return true;
  seen.add(plan.typeName);
  return plan.fields.every((f) => writable(f) && (f.kind !== 'message' || supported(f.sub as WirePlan, seen)));
}

function build(plan: WirePlan): DirectPlan {
  const known = directs.get(plan.typeName);
  if (known) return known;
  const d: DirectPlan = { enc: undefined };
  directs.set(plan.typeName, d); // before the sub-plans: recursive message types terminate
  const subs = plan.fields.map((f) => (f.kind === 'message' ? build(f.sub as WirePlan) : undefined));
  d.enc = compile(plan, subs);
  return d;
}

/** The plan's encoder, or null when it or a message it holds uses a type not written here. */
function directOf(plan: WirePlan): DirectPlan | null {
  const known = directs.get(plan.typeName);
  if (known !== undefined) return known;
  if (!supported(plan, new Set())) {
    directs.set(plan.typeName, null);
    return null;
  }
  return build(plan);
}

const tagOf = (f: WireField, wireType: number): number => ((f.info.id << 3) | wireType) >>> 0;
const tagBytes = (tag: number): number => (tag < 128 ? 1 : tag < 16384 ? 2 : 3);

// Splits a checked 64-bit value into the unsigned halves the varint is written from.
const longScratch = new DataView(new ArrayBuffer(8));
function writeLong(w: WireWriter, b: bigint, unsigned: boolean): void {
  if (unsigned) longScratch.setBigUint64(0, b, true);
  else longScratch.setBigInt64(0, b, true);
  w.varint64(longScratch.getUint32(0, true), longScratch.getUint32(4, true));
}

/** Statements writing the checked single value `x` of field `f` (its tag included). */
function writeValue(f: WireField, x: string): string {
  if (f.kind === 'long')
    return `w.uint32(${tagOf(f, SCALAR_WIRE_TYPES[f.info.type] as number)}); writeLong(w, ${x}, ${f.unsigned});`;
  const method = methodOf(f);
  const tag = tagOf(f, f.kind === 'enum' ? ENUM_WIRE_TYPE : (SCALAR_WIRE_TYPES[method] as number));
  if (tag < 128 && TAGGED.has(method)) return `w.${method}Field(${tag}, ${x});`;
  return `w.uint32(${tag}); w.${method}(${x});`;
}

/** An expression checking value `v` of a non-message field `i`: what the walk converts it to. */
function checked(f: WireField, i: number, v: string): string {
  return f.kind === 'long' ? `checkedLong(${v}, F[${i}], T)` : convert(f, i, v);
}

function isDefault(f: WireField, x: string): string {
  if (f.kind === 'long') return `${x} === 0n`;
  if (f.expected === 'bytes') return `${x}.length === 0`;
  if (f.expected === 'string') return `${x} === ''`;
  if (f.expected === 'boolean') return `${x} === false`;
  return `${x} === 0`;
}

function fieldCode(f: WireField, i: number, lines: string[]): void {
  const key = JSON.stringify(f.name);
  lines.push(`v = m[${key}];`);
  lines.push(`if (v !== undefined${f.optional ? ' && v !== null' : ''}) {`);
  if (f.repeated) {
    lines.push(`  if (!Array.isArray(v)) notArray(F[${i}]);`);
    lines.push('  if (v.length > 0) {');
    if (f.kind === 'message') {
      lines.push('    for (let j = 0; j < v.length; j++) {');
      lines.push('      const e = v[j];');
      lines.push(`      if (typeof e !== 'object' || e === null) notObject(F[${i}]);`);
      lines.push(`      w.uint32(${tagOf(f, LENGTH_DELIMITED)}); at = w.fork(); D[${i}].enc(e, w); w.ldelim(at);`);
      lines.push('    }');
    } else if (f.info.packed) {
      lines.push(`    w.uint32(${tagOf(f, LENGTH_DELIMITED)}); at = w.fork();`);
      lines.push(`    for (let j = 0; j < v.length; j++) { const e = v[j]; const x = ${checked(f, i, 'e')};`);
      lines.push(f.kind === 'long' ? `      writeLong(w, x, ${f.unsigned}); }` : `      w.${methodOf(f)}(x); }`);
      lines.push('    w.ldelim(at);');
    } else {
      lines.push(`    for (let j = 0; j < v.length; j++) { const e = v[j]; const x = ${checked(f, i, 'e')};`);
      lines.push(`      ${writeValue(f, 'x')} }`);
    }
    lines.push('  }');
  } else if (f.kind === 'message') {
    lines.push(`  if (typeof v !== 'object' || v === null) notObject(F[${i}]);`);
    const tag = tagOf(f, LENGTH_DELIMITED);
    lines.push(`  w.uint32(${tag}); at = w.fork(); D[${i}].enc(v, w);`);
    // A default (empty) sub-message is left out unless the field is optional, as the walk leaves it out.
    lines.push(
      f.optional ? '  w.ldelim(at);' : `  if (w.pos === at + 1) w.pos = at - ${tagBytes(tag)}; else w.ldelim(at);`,
    );
  } else {
    lines.push(`  const x = ${checked(f, i, 'v')};`);
    lines.push(f.optional ? `  ${writeValue(f, 'x')}` : `  if (!(${isDefault(f, 'x')})) { ${writeValue(f, 'x')} }`);
  }
  lines.push('}');
}

function compile(plan: WirePlan, subs: readonly (DirectPlan | undefined)[]): Encode {
  const lines = ['let v, at;'];
  plan.fields.forEach((f, i) => {
    fieldCode(f, i, lines);
  });
  const notArray = (f: WireField): never => {
    throw new TypeError(`${where(plan.typeName, f.info)}: expected an array`);
  };
  const notObject = (f: WireField): never => {
    throw new TypeError(`${where(plan.typeName, f.info)}: expected a ${f.info.type} object`);
  };
  const make = new Function(
    'F',
    'T',
    'D',
    'notArray',
    'notObject',
    'checkedLong',
    'checkScalar',
    'writeLong',
    `return function encode(m, w) {\n${lines.join('\n')}\n};`,
  ) as (...deps: unknown[]) => Encode;
  return make(plan.fields, plan.typeName, subs, notArray, notObject, checkedLong, checkScalar, writeLong);
}

/** A writer whose buffer grew past this is dropped, so one big message is not kept alive. */
const KEEP_WRITER_BYTES = 64 * 1024;
let sharedWriter: WireWriter | undefined;

/**
 * The direct encoder of a message type (throws on a misfit, naming the field, as the walk does),
 * or undefined where the walk and pbjs must do it.
 */
export function directEncoder(typeName: string): ((plain: Plain) => Uint8Array) | undefined {
  if (!evalAllowed()) return undefined;
  const d = directOf(planOf(typeName));
  if (d === null) return undefined;
  const enc = d.enc as Encode;
  return (plain) => {
    const w = sharedWriter ?? new WireWriter();
    sharedWriter = undefined; // a nested encode takes its own
    w.pos = 0;
    enc(plain, w);
    const bytes = w.finish();
    if (w.buf.length <= KEEP_WRITER_BYTES) sharedWriter = w;
    return bytes;
  };
}

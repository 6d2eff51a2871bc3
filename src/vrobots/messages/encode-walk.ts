/**
 * The encode walk of the protobuf codec: a plain message (the generated shapes) checked field
 * by field and turned into the object pbjs encodes (64-bit values as low/high bits). Planned
 * once per message type, then compiled to straight-line code where `new Function` may run, or
 * walked from the same plan where a page's content security policy refuses it.
 */
import { FIELDS, type FieldInfo } from '../generated/swarmbotix-types.js';

/** Wire-side stand-in for a 64-bit value; protobufjs reads `low`/`high` from it. */
interface LongBits {
  low: number;
  high: number;
  unsigned: boolean;
}

export type Plain = Record<string, unknown>;

const INT_RANGES: Record<string, readonly [number, number]> = {
  int32: [-0x80000000, 0x7fffffff],
  sint32: [-0x80000000, 0x7fffffff],
  sfixed32: [-0x80000000, 0x7fffffff],
  uint32: [0, 0xffffffff],
  fixed32: [0, 0xffffffff],
};

export function fieldsOf(typeName: string): readonly FieldInfo[] {
  const fields = FIELDS[typeName];
  if (fields === undefined) throw new TypeError(`unknown protobuf message ${typeName}`);
  return fields;
}

export function where(typeName: string, f: FieldInfo): string {
  return `${typeName}.${f.name}`;
}

/**
 * A field compiled once per message type, so the per-message encode walk does no lookups,
 * no string compares of type names and no bigint constant arithmetic: the walk runs for
 * every State the simulator publishes.
 */
export interface WireField {
  readonly info: FieldInfo;
  readonly name: string;
  readonly kind: FieldInfo['kind'];
  readonly repeated: boolean;
  readonly optional: boolean;
  /** What checkScalar expects: 'number' | 'boolean' | 'string' | 'bytes'. */
  readonly expected: string;
  readonly range: readonly [number, number] | undefined;
  readonly unsigned: boolean;
  readonly min: bigint;
  readonly max: bigint;
  /** Message fields: the plan of the field's type, filled in after all plans exist. */
  sub: WirePlan | undefined;
}

export interface WirePlan {
  readonly typeName: string;
  readonly fields: readonly WireField[];
  /** The plan compiled to straight-line code (on first use). */
  compiled: ((plain: Plain) => Plain) | undefined;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;
const plans = new Map<string, WirePlan>();

export function planOf(typeName: string): WirePlan {
  const known = plans.get(typeName);
  if (known !== undefined) return known;
  const plan: WirePlan = {
    typeName,
    compiled: undefined,
    fields: fieldsOf(typeName).map((f): WireField => {
      const unsigned = f.type === 'uint64' || f.type === 'fixed64';
      const expected =
        f.kind === 'enum'
          ? 'number'
          : f.type === 'bool'
            ? 'boolean'
            : f.type === 'string'
              ? 'string'
              : f.type === 'bytes'
                ? 'bytes'
                : 'number';
      return {
        info: f,
        name: f.name,
        kind: f.kind,
        repeated: f.repeated,
        optional: f.optional,
        expected,
        range: f.kind === 'enum' ? INT_RANGES.int32 : INT_RANGES[f.type],
        unsigned,
        min: unsigned ? 0n : I64_MIN,
        max: unsigned ? U64_MAX : I64_MAX,
        sub: undefined,
      };
    }),
  };
  plans.set(typeName, plan); // before the sub-plans: recursive message types terminate
  for (const f of plan.fields) if (f.kind === 'message') f.sub = planOf(f.info.type);
  return plan;
}

// One scratch word for splitting a 64-bit value into the int32 halves pbjs reads.
const longScratch = new DataView(new ArrayBuffer(8));

/** A 64-bit field's value as a bigint in its type's range; throws naming the field otherwise. */
export function checkedLong(v: unknown, f: WireField, typeName: string): bigint {
  let b: bigint;
  if (typeof v === 'bigint') b = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) b = BigInt(v);
  else throw new TypeError(`${where(typeName, f.info)}: expected a bigint, got ${typeof v}`);
  if (b < f.min || b > f.max) throw new RangeError(`${where(typeName, f.info)}: ${b} is outside ${f.info.type}`);
  return b;
}

function toLongBits(v: unknown, f: WireField, typeName: string): LongBits {
  const b = checkedLong(v, f, typeName);
  if (f.unsigned) longScratch.setBigUint64(0, b, true);
  else longScratch.setBigInt64(0, b, true);
  return { low: longScratch.getInt32(0, true), high: longScratch.getInt32(4, true), unsigned: f.unsigned };
}

export function checkScalar(v: unknown, f: WireField, typeName: string): unknown {
  const expected = f.expected;
  if (expected === 'bytes') {
    if (v instanceof Uint8Array) return v;
  } else if (typeof v === expected) {
    const range = f.range;
    if (range === undefined || (Number.isInteger(v) && (v as number) >= range[0] && (v as number) <= range[1]))
      return v;
    throw new RangeError(
      `${where(typeName, f.info)}: ${String(v)} is not a ${f.kind === 'enum' ? 'enum value' : f.info.type}`,
    );
  }
  throw new TypeError(`${where(typeName, f.info)}: expected ${expected}, got ${v === null ? 'null' : typeof v}`);
}

/** Plain -> the object shape pbjs encodes (64-bit values as low/high bits). Throws on misfit. */
export function toWire(typeName: string, plain: Plain): Plain {
  return wireOf(planOf(typeName), plain);
}

function wireOf(plan: WirePlan, plain: Plain): Plain {
  if (plan.compiled === undefined) plan.compiled = compileWire(plan) ?? interpretWire(plan);
  return plan.compiled(plain);
}

/** Whether `new Function` runs here: a page whose CSP lacks 'unsafe-eval' refuses it. */
let canCompile: boolean | undefined;

export function evalAllowed(): boolean {
  if (canCompile === undefined) {
    try {
      canCompile = new Function('return true')() === true;
    } catch {
      canCompile = false;
    }
  }
  return canCompile;
}

type SubWalk = (plan: WirePlan, plain: Plain) => Plain;

/** The wire value of one element of field `f` (what `convert` compiles to). */
function convertValue(f: WireField, v: unknown, typeName: string, sub: SubWalk): unknown {
  if (f.kind === 'message') {
    if (typeof v === 'object' && v !== null) return sub(f.sub as WirePlan, v as Plain);
    throw new TypeError(`${where(typeName, f.info)}: expected a ${f.info.type} object`);
  }
  if (f.kind === 'long') return toLongBits(v, f, typeName);
  if (f.expected === 'bytes') return v instanceof Uint8Array ? v : checkScalar(v, f, typeName);
  if (f.expected !== 'number') return typeof v === f.expected ? v : checkScalar(v, f, typeName);
  if (f.range === undefined) return typeof v === 'number' ? v : checkScalar(v, f, typeName);
  const [lo, hi] = f.range;
  return typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : checkScalar(v, f, typeName);
}

/**
 * Whether a wire object (made by the walk: own enumerable fields only) has no field. Asked for
 * every nested message of every State published, so no key array is built to count.
 */
function hasNoKeys(w: object): boolean {
  for (const _ in w) return false;
  return true;
}

/** Whether wire value `w` is field `f`'s default (what `defaultTest` compiles to). */
function isDefaultWire(f: WireField, w: unknown): boolean {
  if (f.kind === 'long') return (w as LongBits).low === 0 && (w as LongBits).high === 0;
  if (f.kind === 'message') return hasNoKeys(w as object);
  if (f.expected === 'bytes') return (w as Uint8Array).length === 0;
  if (f.expected === 'string') return w === '';
  if (f.expected === 'boolean') return w === false;
  return w === 0;
}

/**
 * The same walk as compileWire's code, field by field through the plan: what runs where code
 * cannot be compiled (a page's content security policy without 'unsafe-eval'). Same checks,
 * same errors, same output; slower, which a page's few publishers do not notice.
 */
function interpretWire(plan: WirePlan, sub: SubWalk = wireOf): (plain: Plain) => Plain {
  return (plain) => {
    const out: Plain = {};
    for (const f of plan.fields) {
      const v = plain[f.name];
      if (v === undefined || (f.optional && v === null)) continue;
      if (f.repeated) {
        if (!Array.isArray(v)) throw new TypeError(`${where(plan.typeName, f.info)}: expected an array`);
        if (v.length > 0) out[f.name] = v.map((e: unknown) => convertValue(f, e, plan.typeName, sub));
      } else {
        const w = convertValue(f, v, plan.typeName, sub);
        if (f.optional || !isDefaultWire(f, w)) out[f.name] = w;
      }
    }
    return out;
  };
}

/** toWire through the interpreted walk at every level (tests compare it with the compiled one). */
export function toWireInterpreted(typeName: string, plain: Plain): Plain {
  const walk: SubWalk = (plan, value) => interpretWire(plan, walk)(value);
  return walk(planOf(typeName), plain);
}

/** What a wire value of field `i` must be to count as default (proto3 implicit presence). */
function defaultTest(f: WireField, w: string): string {
  if (f.kind === 'long') return `(${w}.low === 0 && ${w}.high === 0)`;
  if (f.kind === 'message') return `isEmpty(${w})`;
  if (f.expected === 'bytes') return `${w}.length === 0`;
  if (f.expected === 'string') return `${w} === ''`;
  if (f.expected === 'boolean') return `${w} === false`;
  return `${w} === 0`;
}

/** An expression converting `v` of field `i` to its wire value; the slow paths throw as documented. */
export function convert(f: WireField, i: number, v: string): string {
  if (f.kind === 'message')
    return `(typeof ${v} === 'object' && ${v} !== null ? sub(F[${i}], ${v}) : notObject(F[${i}]))`;
  if (f.kind === 'long') return `toLongBits(${v}, F[${i}], T)`;
  const slow = `checkScalar(${v}, F[${i}], T)`;
  if (f.expected === 'bytes') return `(${v} instanceof Uint8Array ? ${v} : ${slow})`;
  if (f.expected !== 'number') return `(typeof ${v} === '${f.expected}' ? ${v} : ${slow})`;
  if (f.range === undefined) return `(typeof ${v} === 'number' ? ${v} : ${slow})`;
  const [lo, hi] = f.range;
  return `(typeof ${v} === 'number' && Number.isInteger(${v}) && ${v} >= ${lo} && ${v} <= ${hi} ? ${v} : ${slow})`;
}

/**
 * The plan as one function of constant-key reads and writes, the way pbjs compiles its own
 * codecs: a generic loop over field names would make every access megamorphic, and this
 * walk runs for every published State. Same checks, same errors, same output as a generic
 * walk would give.
 */
function compileWire(plan: WirePlan): ((plain: Plain) => Plain) | undefined {
  if (!evalAllowed()) return undefined;
  const lines = ['const out = {};', 'let v, w;'];
  plan.fields.forEach((f, i) => {
    const key = JSON.stringify(f.name);
    lines.push(`v = plain[${key}];`);
    lines.push(`if (v !== undefined${f.optional ? ' && v !== null' : ''}) {`);
    if (f.repeated) {
      lines.push(`  if (!Array.isArray(v)) notArray(F[${i}]);`);
      lines.push('  if (v.length > 0) {');
      lines.push('    const a = new Array(v.length);');
      lines.push(`    for (let j = 0; j < v.length; j++) { const e = v[j]; a[j] = ${convert(f, i, 'e')}; }`);
      lines.push(`    out[${key}] = a;`);
      lines.push('  }');
    } else {
      lines.push(`  w = ${convert(f, i, 'v')};`);
      lines.push(f.optional ? `  out[${key}] = w;` : `  if (!(${defaultTest(f, 'w')})) out[${key}] = w;`);
    }
    lines.push('}');
  });
  lines.push('return out;');
  const notArray = (f: WireField): never => {
    throw new TypeError(`${where(plan.typeName, f.info)}: expected an array`);
  };
  const notObject = (f: WireField): never => {
    throw new TypeError(`${where(plan.typeName, f.info)}: expected a ${f.info.type} object`);
  };
  const sub = (f: WireField, v: Plain): Plain => wireOf(f.sub as WirePlan, v);
  const isEmpty = hasNoKeys;
  const make = new Function(
    'F',
    'T',
    'sub',
    'notArray',
    'notObject',
    'toLongBits',
    'checkScalar',
    'isEmpty',
    `return function wire(plain) {\n${lines.join('\n')}\n};`,
  ) as (...deps: unknown[]) => (plain: Plain) => Plain;
  return make(plan.fields, plan.typeName, sub, notArray, notObject, toLongBits, checkScalar, isEmpty);
}

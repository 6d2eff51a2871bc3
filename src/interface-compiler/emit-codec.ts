/**
 * The codec module of one package (`<pkg>/codec.ts`): per message structure an interface and
 * four specialised functions: size (exact, with the checks), write, read, create (defaults).
 */

import {
  ARRAY_KIND,
  type FieldDef,
  type FieldType,
  type ScalarValue,
  type StructDef,
  typeNameParts,
} from '../rclcpp/interfaces/definitions/index.js';

const U32_MAX = 0xffffffff;

interface PrimitiveInfo {
  readonly ts: string;
  readonly size: 1 | 2 | 4 | 8;
  readonly method: string;
  readonly typed?: string;
  readonly zero: string;
}

const P: Readonly<Record<string, PrimitiveInfo>> = {
  bool: { ts: 'boolean', size: 1, method: 'bool', zero: 'false' },
  byte: { ts: 'number', size: 1, method: 'u8', typed: 'Uint8Array', zero: '0' },
  char: { ts: 'number', size: 1, method: 'u8', typed: 'Uint8Array', zero: '0' },
  uint8: { ts: 'number', size: 1, method: 'u8', typed: 'Uint8Array', zero: '0' },
  int8: { ts: 'number', size: 1, method: 'i8', typed: 'Int8Array', zero: '0' },
  int16: { ts: 'number', size: 2, method: 'i16', typed: 'Int16Array', zero: '0' },
  uint16: { ts: 'number', size: 2, method: 'u16', typed: 'Uint16Array', zero: '0' },
  int32: { ts: 'number', size: 4, method: 'i32', typed: 'Int32Array', zero: '0' },
  uint32: { ts: 'number', size: 4, method: 'u32', typed: 'Uint32Array', zero: '0' },
  float32: { ts: 'number', size: 4, method: 'f32', typed: 'Float32Array', zero: '0' },
  float64: { ts: 'number', size: 8, method: 'f64', typed: 'Float64Array', zero: '0' },
  int64: { ts: 'bigint', size: 8, method: 'i64', typed: 'BigInt64Array', zero: '0n' },
  uint64: { ts: 'bigint', size: 8, method: 'u64', typed: 'BigUint64Array', zero: '0n' },
};

const isOctet = (t: FieldType): boolean => t.base === 'byte' || t.base === 'char' || t.base === 'uint8';
const isString = (t: FieldType): boolean => t.base === 'string' || t.base === 'wstring';

/** The local identifier of a structure: `Twist`, `AddTwoInts_Request`, `Fibonacci_SendGoal_Event`. */
export function localName(typeName: string): string {
  return typeNameParts(typeName).name;
}

export class CodecEmitter {
  /** Other packages this codec refers to. */
  readonly imports = new Set<string>();

  constructor(private readonly pkg: string) {}

  private ref(typeName: string, prefix: string): string {
    const { pkg, name } = typeNameParts(typeName);
    if (pkg === this.pkg) return `${prefix}${name}`;
    this.imports.add(pkg);
    return `$${pkg}.${prefix}${name}`;
  }

  private elementTs(t: FieldType): string {
    return t.nested ? this.ref(t.base, '') : isString(t) ? 'string' : P[t.base]!.ts;
  }

  fieldTs(t: FieldType): string {
    const el = this.elementTs(t);
    if (t.array === ARRAY_KIND.none) return el;
    const info = P[t.base];
    if (!t.nested && info?.typed !== undefined) return `${info.typed} | ${info.ts}[]`;
    return `${el}[]`;
  }

  emitStruct(s: StructDef): string {
    const n = localName(s.typeName);
    const out: string[] = [];
    out.push(`/** ${s.typeName} */`);
    if (s.fields.length === 0) {
      out.push(`export type ${n} = Record<string, never>;`);
    } else {
      out.push(`export interface ${n} {`);
      for (const f of s.fields) out.push(`  ${f.name}: ${this.fieldTs(f.type)};`);
      out.push('}');
    }
    out.push('');
    out.push(`export function size_${n}(m: ${n}, o: number, lens: number[], p: string): number {`);
    if (s.fields.length === 0) out.push('  return o + 1;');
    else {
      for (const f of s.fields) out.push(...this.sizeField(f).map((l) => `  ${l}`));
      out.push('  return o;');
    }
    out.push('}');
    out.push('');
    out.push(`export function write_${n}(s: $rt.CdrSink, m: ${n}, p: string): void {`);
    if (s.fields.length === 0) out.push('  s.u8(0, p, "");');
    else for (const f of s.fields) out.push(...this.writeField(f).map((l) => `  ${l}`));
    out.push('}');
    out.push('');
    out.push(`export function read_${n}(r: $rt.CdrSource): ${n} {`);
    if (s.fields.length === 0) out.push('  r.u8();', '  return {};');
    else {
      out.push('  return {');
      for (const f of s.fields) out.push(`    ${f.name}: ${this.readField(f.type)},`);
      out.push('  };');
    }
    out.push('}');
    out.push('');
    out.push(`export function create_${n}(q?: $rt.DeepPartial<${n}>): ${n} {`);
    if (s.fields.length === 0) out.push('  return {};');
    else {
      out.push('  return {');
      for (const f of s.fields) out.push(`    ${f.name}: ${this.createField(f)},`);
      out.push('  };');
    }
    out.push('}');
    return out.join('\n');
  }

  private sizeField(f: FieldDef): string[] {
    const t = f.type;
    const v = `m.${f.name}`;
    const at = `p, '${f.name}'`;
    const bound = t.stringBound > 0 ? t.stringBound : U32_MAX;
    if (t.array === ARRAY_KIND.none) {
      if (t.nested)
        return [`$rt.object(${v}, ${at});`, `o = ${this.ref(t.base, 'size_')}(${v}, o, lens, p && p + '.${f.name}');`];
      if (t.base === 'string') return [`o = $rt.sizeString(o, ${v}, ${bound}, lens, ${at});`];
      if (t.base === 'wstring') return [`o = $rt.sizeWString(o, ${v}, ${bound}, ${at});`];
      const size = P[t.base]!.size;
      return [size === 1 ? 'o += 1;' : `o = ((o + ${size - 1}) & ~${size - 1}) + ${size};`];
    }
    const lines = ['{', `  const a = ${v};`];
    if (t.array === ARRAY_KIND.fixed) lines.push(`  const n = $rt.fixedLength(a, ${t.size}, ${at});`);
    else {
      const seqBound = t.array === ARRAY_KIND.bounded ? t.size : U32_MAX;
      lines.push(`  const n = $rt.sequenceLength(a, ${seqBound}, ${at});`, '  o = ((o + 3) & ~3) + 4;');
    }
    if (t.nested) {
      lines.push(
        '  for (let i = 0; i < n; i++) {',
        `    $rt.object(a[i], ${at}, i);`,
        `    o = ${this.ref(t.base, 'size_')}(a[i]!, o, lens, p && p + '.${f.name}[' + i + ']');`,
        '  }',
      );
    } else if (t.base === 'string') {
      lines.push(`  for (let i = 0; i < n; i++) o = $rt.sizeString(o, a[i], ${bound}, lens, ${at}, i);`);
    } else if (t.base === 'wstring') {
      lines.push(`  for (let i = 0; i < n; i++) o = $rt.sizeWString(o, a[i], ${bound}, ${at}, i);`);
    } else {
      lines.push(`  o = $rt.sizeNumbers(o, n, ${P[t.base]!.size});`);
    }
    lines.push('}');
    return lines;
  }

  private writeField(f: FieldDef): string[] {
    const t = f.type;
    const v = `m.${f.name}`;
    const at = `p, '${f.name}'`;
    if (t.array === ARRAY_KIND.none) {
      if (t.nested) return [`${this.ref(t.base, 'write_')}(s, ${v}, p && p + '.${f.name}');`];
      if (t.base === 'string') return [`s.str(${v}, ${at});`];
      if (t.base === 'wstring') return [`s.wstr(${v});`];
      return [`s.${P[t.base]!.method}(${v}, ${at});`];
    }
    const lines = ['{', `  const a = ${v};`];
    if (t.array !== ARRAY_KIND.fixed) lines.push('  s.count(a.length);');
    if (t.nested) {
      lines.push(
        `  for (let i = 0; i < a.length; i++) ${this.ref(t.base, 'write_')}(s, a[i]!, p && p + '.${f.name}[' + i + ']');`,
      );
    } else if (t.base === 'string') {
      lines.push(`  for (let i = 0; i < a.length; i++) s.str(a[i]!, ${at}, i);`);
    } else if (t.base === 'wstring') {
      lines.push('  for (let i = 0; i < a.length; i++) s.wstr(a[i]!);');
    } else if (t.base === 'bool') {
      lines.push(`  for (let i = 0; i < a.length; i++) s.bool(a[i], ${at}, i);`);
    } else if (isOctet(t)) {
      lines.push(`  s.octets(a, ${at});`);
    } else {
      const info = P[t.base]!;
      lines.push(`  s.numbers(a, ${info.size}, ${info.typed}, s.${info.method}, ${at});`);
    }
    lines.push('}');
    return lines;
  }

  private readField(t: FieldType): string {
    if (t.array === ARRAY_KIND.none) {
      if (t.nested) return `${this.ref(t.base, 'read_')}(r)`;
      if (t.base === 'string') return 'r.str()';
      if (t.base === 'wstring') return 'r.wstr()';
      return `r.${P[t.base]!.method}()`;
    }
    const minSize = t.nested ? 1 : isString(t) ? 4 : P[t.base]!.size;
    const n =
      t.array === ARRAY_KIND.fixed
        ? `${t.size}`
        : t.array === ARRAY_KIND.bounded
          ? `r.count(${minSize}, ${t.size})`
          : `r.count(${minSize})`;
    if (t.nested) return `r.seq(${n}, ${this.ref(t.base, 'read_')})`;
    if (t.base === 'string') return `r.seq(${n}, $rt.readString)`;
    if (t.base === 'wstring') return `r.seq(${n}, $rt.readWString)`;
    if (t.base === 'bool') return `r.bools(${n})`;
    if (isOctet(t)) return `r.octets(${n})`;
    const info = P[t.base]!;
    return `r.numbers<${info.typed}>(${n}, ${info.size}, ${info.typed}, r.${info.method})`;
  }

  private createField(f: FieldDef): string {
    const t = f.type;
    const given = `q?.${f.name}`;
    if (t.array === ARRAY_KIND.none) {
      if (t.nested) return `${this.ref(t.base, 'create_')}(${given})`;
      const d = f.defaultValue;
      return `${given} ?? ${d === undefined ? (isString(t) ? "''" : P[t.base]!.zero) : literal(d as ScalarValue)}`;
    }
    const fixed = t.array === ARRAY_KIND.fixed;
    const d = f.defaultValue as readonly ScalarValue[] | undefined;
    const info = P[t.base];
    let value: string;
    if (t.nested) {
      value = fixed ? `Array.from({ length: ${t.size} }, () => ${this.ref(t.base, 'create_')}())` : '[]';
    } else if (info?.typed !== undefined) {
      value =
        d !== undefined ? `${info.typed}.of(${d.map(literal).join(', ')})` : `new ${info.typed}(${fixed ? t.size : 0})`;
    } else if (d !== undefined) {
      value = `[${d.map(literal).join(', ')}]`;
    } else {
      const zero = isString(t) ? "''" : 'false';
      value = fixed ? `new Array<${this.elementTs(t)}>(${t.size}).fill(${zero})` : '[]';
    }
    return `${given} ?? ${value}`;
  }
}

export function literal(v: ScalarValue): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return JSON.stringify(v);
  return String(v);
}

/**
 * Message and service types made at run time from parsed definitions, without generating code:
 * the same checks and bytes as the generated codec (a test holds them equal on every bundled
 * type), slower. For tools that meet a type only when they run (`rclts topic echo --interfaces`).
 */

import { ARRAY_KIND, type FieldDef, type FieldType, type StructDef } from '../interfaces/definitions/index.js';
import {
  type ActionClass,
  type CdrSink,
  type CdrSource,
  defineAction,
  defineMessage,
  defineService,
  fixedLength,
  type MessageClass,
  object,
  type ServiceClass,
  sequenceLength,
  sizeNumbers,
  sizeString,
  sizeWString,
  type TypedArrayConstructor,
} from '../interfaces/runtime/index.js';

type Message = Record<string, unknown>;
type AnyService = ServiceClass<Message, Message, Message>;
type NumberMethod = 'bool' | 'u8' | 'i8' | 'u16' | 'i16' | 'u32' | 'i32' | 'f32' | 'f64' | 'i64' | 'u64';

const PRIMITIVES: Readonly<
  Record<string, { size: 1 | 2 | 4 | 8; method: NumberMethod; ctor?: TypedArrayConstructor; zero: unknown }>
> = {
  bool: { size: 1, method: 'bool', zero: false },
  byte: { size: 1, method: 'u8', ctor: Uint8Array, zero: 0 },
  char: { size: 1, method: 'u8', ctor: Uint8Array, zero: 0 },
  uint8: { size: 1, method: 'u8', ctor: Uint8Array, zero: 0 },
  int8: { size: 1, method: 'i8', ctor: Int8Array, zero: 0 },
  int16: { size: 2, method: 'i16', ctor: Int16Array, zero: 0 },
  uint16: { size: 2, method: 'u16', ctor: Uint16Array, zero: 0 },
  int32: { size: 4, method: 'i32', ctor: Int32Array, zero: 0 },
  uint32: { size: 4, method: 'u32', ctor: Uint32Array, zero: 0 },
  float32: { size: 4, method: 'f32', ctor: Float32Array, zero: 0 },
  float64: { size: 8, method: 'f64', ctor: Float64Array, zero: 0 },
  int64: { size: 8, method: 'i64', ctor: BigInt64Array, zero: 0n },
  uint64: { size: 8, method: 'u64', ctor: BigUint64Array, zero: 0n },
};
const U32_MAX = 0xffffffff;
const isString = (t: FieldType): boolean => t.base === 'string' || t.base === 'wstring';
const isOctet = (t: FieldType): boolean => t.base === 'byte' || t.base === 'char' || t.base === 'uint8';

/** Types of a set of parsed structures, made once each. */
export class DynamicTypes {
  private readonly made = new Map<string, MessageClass<Message>>();

  constructor(
    private readonly structs: ReadonlyMap<string, StructDef>,
    private readonly hashOf: (typeName: string) => string,
  ) {}

  private struct(name: string): StructDef {
    const s = this.structs.get(name);
    if (s === undefined) throw new TypeError(`unknown type ${name}`);
    return s;
  }

  message(typeName: string): MessageClass<Message> {
    let t = this.made.get(typeName);
    if (t === undefined) {
      const s = this.struct(typeName);
      const constants = Object.fromEntries(s.constants.map((c) => [c.name, c.value]));
      t = defineMessage(
        typeName,
        this.hashOf(typeName),
        {
          size: (m, o, lens, p) => this.size(s, m, o, lens, p),
          write: (sink, m, p) => this.write(s, sink, m, p),
          read: (r) => this.read(s, r),
          create: (q) => this.create(s, q as Message | undefined),
        },
        constants,
      );
      this.made.set(typeName, t);
    }
    return t;
  }

  service(typeName: string): ServiceClass<Message, Message, Message> {
    return defineService(
      typeName,
      this.hashOf(typeName),
      this.message(`${typeName}_Request`),
      this.message(`${typeName}_Response`),
      this.message(`${typeName}_Event`),
    );
  }

  /** An action's type from the structs `pkg/action/Name_*` the parser made of its `.action` file. */
  action(typeName: string): ActionClass<Message, Message, Message, Message, AnyService, AnyService> {
    return defineAction(typeName, this.hashOf(typeName), {
      Goal: this.message(`${typeName}_Goal`),
      Result: this.message(`${typeName}_Result`),
      Feedback: this.message(`${typeName}_Feedback`),
      SendGoal: this.service(`${typeName}_SendGoal`),
      GetResult: this.service(`${typeName}_GetResult`),
      FeedbackMessage: this.message(`${typeName}_FeedbackMessage`),
    });
  }

  private size(s: StructDef, m: Message, o: number, lens: number[], p: string): number {
    if (s.fields.length === 0) return o + 1;
    for (const f of s.fields) o = this.sizeField(f, m[f.name], o, lens, p);
    return o;
  }

  private sizeField(f: FieldDef, v: unknown, o: number, lens: number[], p: string): number {
    const t = f.type;
    const bound = t.stringBound > 0 ? t.stringBound : U32_MAX;
    const one = (e: unknown, at: number, i: number): number => {
      if (t.nested) {
        object(e, p, f.name, i);
        return this.size(
          this.struct(t.base),
          e as Message,
          at,
          lens,
          // Paths only under a named root: encode's first pass has none (define-type.ts).
          p && (i < 0 ? `${p}.${f.name}` : `${p}.${f.name}[${i}]`),
        );
      }
      if (t.base === 'string') return sizeString(at, e, bound, lens, p, f.name, i);
      return sizeWString(at, e, bound, p, f.name, i);
    };
    if (t.array === ARRAY_KIND.none) {
      if (t.nested || isString(t)) return one(v, o, -1);
      const size = PRIMITIVES[t.base]!.size;
      return ((o + size - 1) & ~(size - 1)) + size;
    }
    let n: number;
    if (t.array === ARRAY_KIND.fixed) n = fixedLength(v, t.size, p, f.name);
    else {
      n = sequenceLength(v, t.array === ARRAY_KIND.bounded ? t.size : U32_MAX, p, f.name);
      o = ((o + 3) & ~3) + 4;
    }
    if (!t.nested && !isString(t)) return sizeNumbers(o, n, PRIMITIVES[t.base]!.size);
    const a = v as ArrayLike<unknown>;
    for (let i = 0; i < n; i++) o = one(a[i], o, i);
    return o;
  }

  private write(s: StructDef, sink: CdrSink, m: Message, p: string): void {
    if (s.fields.length === 0) {
      sink.u8(0, p, '');
      return;
    }
    for (const f of s.fields) {
      const t = f.type;
      const v = m[f.name];
      const one = (e: unknown, i: number): void => {
        if (t.nested)
          this.write(this.struct(t.base), sink, e as Message, p && (i < 0 ? `${p}.${f.name}` : `${p}.${f.name}[${i}]`));
        else if (t.base === 'string') sink.str(e as string, p, f.name, i);
        else if (t.base === 'wstring') sink.wstr(e as string);
        else sink[PRIMITIVES[t.base]!.method](e, p, f.name, i);
      };
      if (t.array === ARRAY_KIND.none) {
        one(v, -1);
        continue;
      }
      const a = v as ArrayLike<unknown>;
      if (t.array !== ARRAY_KIND.fixed) sink.count(a.length);
      const info = PRIMITIVES[t.base];
      if (isOctet(t)) sink.octets(a as ArrayLike<number>, p, f.name);
      else if (!t.nested && info?.ctor !== undefined) {
        sink.numbers(a as ArrayLike<number>, info.size, info.ctor, sink[info.method], p, f.name);
      } else for (let i = 0; i < a.length; i++) one(a[i], i);
    }
  }

  private read(s: StructDef, r: CdrSource): Message {
    if (s.fields.length === 0) {
      r.u8();
      return {};
    }
    const m: Message = {};
    for (const f of s.fields) {
      const t = f.type;
      const info = PRIMITIVES[t.base];
      const one = (): unknown =>
        t.nested
          ? this.read(this.struct(t.base), r)
          : t.base === 'string'
            ? r.str()
            : t.base === 'wstring'
              ? r.wstr()
              : r[info!.method]();
      if (t.array === ARRAY_KIND.none) {
        m[f.name] = one();
        continue;
      }
      const minSize = t.nested ? 1 : isString(t) ? 4 : info!.size;
      const n =
        t.array === ARRAY_KIND.fixed ? t.size : r.count(minSize, t.array === ARRAY_KIND.bounded ? t.size : U32_MAX);
      if (isOctet(t)) m[f.name] = r.octets(n);
      else if (!t.nested && info?.ctor !== undefined)
        m[f.name] = r.numbers(n, info.size, info.ctor, r[info.method] as (this: CdrSource) => number);
      else m[f.name] = r.seq(n, one);
    }
    return m;
  }

  private create(s: StructDef, q: Message | undefined): Message {
    const m: Message = {};
    for (const f of s.fields) {
      const given = q?.[f.name];
      const t = f.type;
      if (t.nested && t.array === ARRAY_KIND.none) {
        m[f.name] = this.create(this.struct(t.base), given as Message | undefined);
        continue;
      }
      if (given !== undefined) {
        m[f.name] = given;
        continue;
      }
      const info = PRIMITIVES[t.base];
      const d = f.defaultValue;
      if (t.array === ARRAY_KIND.none) {
        m[f.name] = d ?? (isString(t) ? '' : info!.zero);
      } else if (t.nested) {
        m[f.name] =
          t.array === ARRAY_KIND.fixed
            ? Array.from({ length: t.size }, () => this.create(this.struct(t.base), undefined))
            : [];
      } else if (info?.ctor !== undefined) {
        const ctor = info.ctor as unknown as { from(x: readonly unknown[]): unknown; new (n: number): unknown };
        m[f.name] =
          d !== undefined ? ctor.from(d as readonly unknown[]) : new ctor(t.array === ARRAY_KIND.fixed ? t.size : 0);
      } else {
        const zero = isString(t) ? '' : false;
        m[f.name] =
          d !== undefined
            ? [...(d as readonly unknown[])]
            : new Array(t.array === ARRAY_KIND.fixed ? t.size : 0).fill(zero);
      }
    }
    return m;
  }
}

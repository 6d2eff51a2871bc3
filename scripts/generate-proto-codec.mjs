// Emits src/vrobots/generated/swarmbotix-codec.js (+ .d.ts): the vrobots codec as straight-line
// code per message type, generated here so that nothing is compiled at run time (the web
// console's content security policy forbids `new Function`). One function per type encodes a
// plain message into a WireWriter, one decodes a WireReader into a plain message, one builds
// the defaults; the runtime helpers (checks, errors, 64-bit splitting) come in through
// `bindCodecs(rt)`, so the generated module imports nothing.
// Used by scripts/generate-proto.mjs; `fields` are the FIELDS tables it writes, in field-number order.

/** The wire type of each scalar: 0 varint, 1 eight bytes, 2 length-delimited, 5 four bytes. */
const SCALAR_WIRE_TYPES = {
  double: 1,
  float: 5,
  int32: 0,
  uint32: 0,
  bool: 0,
  string: 2,
  bytes: 2,
  int64: 0,
  uint64: 0,
};
const ENUM_WIRE_TYPE = 0;
const LENGTH_DELIMITED = 2;
/** Writer methods with a one-byte-tag form (`floatField(tag, v)` ...). */
const TAGGED = new Set(['float', 'double', 'uint32', 'int32', 'bool']);
const INT_RANGES = {
  int32: [-0x80000000, 0x7fffffff],
  uint32: [0, 0xffffffff],
};
/** Scalar type -> the read expression of one value on reader `r`. */
const READS = {
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

const tagOf = (f, wireType) => ((f.id << 3) | wireType) >>> 0;
const tagBytes = (tag) => (tag < 128 ? 1 : tag < 16384 ? 2 : 3);

function expectedOf(f) {
  if (f.kind === 'enum') return 'number';
  if (f.type === 'bool') return 'boolean';
  if (f.type === 'string') return 'string';
  if (f.type === 'bytes') return 'bytes';
  return 'number';
}

function checkSupported(typeName, f) {
  if (f.kind === 'message' || f.kind === 'enum') return;
  if (SCALAR_WIRE_TYPES[f.type] === undefined)
    throw new Error(`${typeName}.${f.name}: the codec does not write ${f.type} (add it to generate-proto-codec.mjs)`);
}

// ---------- encode ----------

/** An expression giving the checked value `v` of non-message field `i`; the slow path throws. */
function checked(f, i, v) {
  if (f.kind === 'long') return `checkedLong(${v}, P[${i}], T)`;
  const slow = `checkScalar(${v}, P[${i}], T)`;
  const expected = expectedOf(f);
  if (expected === 'bytes') return `(${v} instanceof Uint8Array ? ${v} : ${slow})`;
  if (expected !== 'number') return `(typeof ${v} === '${expected}' ? ${v} : ${slow})`;
  const range = f.kind === 'enum' ? INT_RANGES.int32 : INT_RANGES[f.type];
  if (range === undefined) return `(typeof ${v} === 'number' ? ${v} : ${slow})`;
  const [lo, hi] = range;
  return `(typeof ${v} === 'number' && Number.isInteger(${v}) && ${v} >= ${lo} && ${v} <= ${hi} ? ${v} : ${slow})`;
}

const methodOf = (f) => (f.kind === 'enum' ? 'int32' : f.type);
const unsignedOf = (f) => f.type === 'uint64';

/** Statements writing the checked single value `x` of field `f` (its tag included). */
function writeValue(f, x) {
  if (f.kind === 'long') return `w.uint32(${tagOf(f, 0)}); writeLong(w, ${x}, ${unsignedOf(f)});`;
  const method = methodOf(f);
  const tag = tagOf(f, f.kind === 'enum' ? ENUM_WIRE_TYPE : SCALAR_WIRE_TYPES[method]);
  if (tag < 128 && TAGGED.has(method)) return `w.${method}Field(${tag}, ${x});`;
  return `w.uint32(${tag}); w.${method}(${x});`;
}

function isDefault(f, x) {
  if (f.kind === 'long') return `${x} === 0n`;
  const expected = expectedOf(f);
  if (expected === 'bytes') return `${x}.length === 0`;
  if (expected === 'string') return `${x} === ''`;
  if (expected === 'boolean') return `${x} === false`;
  return `${x} === 0`;
}

function encodeField(f, i, sub, lines) {
  const key = JSON.stringify(f.name);
  lines.push(`  v = m[${key}];`);
  lines.push(`  if (v !== undefined${f.optional ? ' && v !== null' : ''}) {`);
  if (f.repeated) {
    lines.push(`    if (!Array.isArray(v)) notArray(P[${i}], T);`);
    lines.push('    if (v.length > 0) {');
    if (f.kind === 'message') {
      lines.push('      for (let j = 0; j < v.length; j++) {');
      lines.push('        const e = v[j];');
      lines.push(`        if (typeof e !== 'object' || e === null) notObject(P[${i}], T);`);
      lines.push(`        w.uint32(${tagOf(f, LENGTH_DELIMITED)}); at = w.fork(); ${sub}.encode(e, w); w.ldelim(at);`);
      lines.push('      }');
    } else if (f.packed) {
      lines.push(`      w.uint32(${tagOf(f, LENGTH_DELIMITED)}); at = w.fork();`);
      lines.push(`      for (let j = 0; j < v.length; j++) { const e = v[j]; const x = ${checked(f, i, 'e')};`);
      lines.push(f.kind === 'long' ? `        writeLong(w, x, ${unsignedOf(f)}); }` : `        w.${methodOf(f)}(x); }`);
      lines.push('      w.ldelim(at);');
    } else {
      lines.push(`      for (let j = 0; j < v.length; j++) { const e = v[j]; const x = ${checked(f, i, 'e')};`);
      lines.push(`        ${writeValue(f, 'x')} }`);
    }
    lines.push('    }');
  } else if (f.kind === 'message') {
    lines.push(`    if (typeof v !== 'object' || v === null) notObject(P[${i}], T);`);
    const tag = tagOf(f, LENGTH_DELIMITED);
    lines.push(`    w.uint32(${tag}); at = w.fork(); ${sub}.encode(v, w);`);
    // proto3: an empty sub-message is left out unless the field is optional (explicit presence).
    lines.push(
      f.optional ? '    w.ldelim(at);' : `    if (w.pos === at + 1) w.pos = at - ${tagBytes(tag)}; else w.ldelim(at);`,
    );
  } else {
    lines.push(`    const x = ${checked(f, i, 'v')};`);
    lines.push(f.optional ? `    ${writeValue(f, 'x')}` : `    if (!(${isDefault(f, 'x')})) { ${writeValue(f, 'x')} }`);
  }
  lines.push('  }');
}

// ---------- decode ----------

/** The `case` reading one occurrence of field `f` (index `i`) into local `f${i}`. */
function readCase(f, i, sub) {
  const local = `f${i}`;
  const lines = [`      case ${f.id}: {`];
  const delimited = (store) =>
    `{ const e = r.delimited(); const outer = r.end; r.end = e; const m = ${store}; r.end = outer; r.pos = e;`;
  if (f.kind === 'message') {
    lines.push(`        if (wt !== ${LENGTH_DELIMITED}) break;`);
    if (f.repeated)
      lines.push(`        ${delimited(`${sub}.decode(r, depth + 1, undefined)`)} (${local} ??= []).push(m); }`);
    // A sub-message sent twice is merged into the first, as protobuf says.
    else lines.push(`        ${delimited(`${sub}.decode(r, depth + 1, ${local})`)} ${local} = m; }`);
  } else {
    const read = f.kind === 'enum' ? READS.int32 : READS[f.type];
    const wireType = f.kind === 'enum' ? ENUM_WIRE_TYPE : SCALAR_WIRE_TYPES[f.type];
    if (f.repeated && wireType !== LENGTH_DELIMITED) {
      // Packed (what the encoder writes) or one value per tag: a reader takes either.
      lines.push(`        if (wt === ${LENGTH_DELIMITED}) {`);
      lines.push(`          const e = r.delimited(); const outer = r.end; r.end = e; const a = (${local} ??= []);`);
      lines.push(`          while (r.pos < e) a.push(${read});`);
      lines.push('          r.end = outer;');
      lines.push('          continue;');
      lines.push('        }');
      lines.push(`        if (wt !== ${wireType}) break;`);
      lines.push(`        (${local} ??= []).push(${read});`);
    } else {
      lines.push(`        if (wt !== ${wireType}) break;`);
      lines.push(f.repeated ? `        (${local} ??= []).push(${read});` : `        ${local} = ${read};`);
    }
  }
  lines.push('        continue;');
  lines.push('      }');
  return lines.join('\n');
}

/** The value of a singular, non-optional scalar read as `x` (undefined when absent). */
function settledScalar(f, x) {
  if (f.kind === 'enum') return `(${x} === undefined ? 0 : ${x})`;
  if (f.kind === 'long') return `(${x} === undefined ? 0n : ${x})`;
  if (f.type === 'bool') return `(${x} === true)`;
  if (f.type === 'string') return `(${x} === undefined ? '' : ${x})`;
  if (f.type === 'bytes') return `(${x} === undefined ? new Uint8Array(0) : ${x})`;
  return `(${x} === undefined ? 0 : ${x})`;
}

function decodeBody(fields, subs, lines) {
  const locals = fields.map((_, i) => `f${i}`);
  lines.push('  if (depth > MAX_DEPTH) tooDeep();');
  if (locals.length > 0) {
    lines.push(`  let ${locals.join(', ')};`);
    lines.push('  if (t !== undefined) {');
    fields.forEach((f, i) => {
      lines.push(`    f${i} = t[${JSON.stringify(f.name)}];`);
    });
    lines.push('  }');
  }
  lines.push('  const end = r.end;');
  lines.push('  while (r.pos < end) {');
  lines.push('    const tag = r.tag();');
  lines.push('    const wt = tag & 7;');
  if (fields.length > 0) {
    lines.push('    switch (tag >>> 3) {');
    fields.forEach((f, i) => {
      lines.push(...readCase(f, i, subs[i]).split('\n'));
    });
    lines.push('    }');
  }
  lines.push('    r.skip(wt, tag >>> 3, depth);');
  lines.push('  }');
  lines.push('  const o = {};');
  fields.forEach((f, i) => {
    const key = JSON.stringify(f.name);
    const x = `f${i}`;
    if (f.optional) lines.push(`  if (${x} !== undefined) o[${key}] = ${x};`);
    else if (f.repeated) lines.push(`  o[${key}] = ${x} === undefined ? [] : ${x};`);
    else if (f.kind === 'message') lines.push(`  o[${key}] = ${x} === undefined ? ${subs[i]}.defaults() : ${x};`);
    else lines.push(`  o[${key}] = ${settledScalar(f, x)};`);
  });
  lines.push('  return o;');
}

function defaultsBody(fields, subs, lines) {
  lines.push('  const o = {};');
  fields.forEach((f, i) => {
    if (f.optional) return;
    const key = JSON.stringify(f.name);
    const value = f.repeated ? '[]' : f.kind === 'message' ? `${subs[i]}.defaults()` : settledScalar(f, 'undefined');
    lines.push(`  o[${key}] = ${value};`);
  });
  lines.push('  return o;');
}

// ---------- module ----------

/** The codec module's source and its declarations, for the FIELDS tables in `fields`. */
export function emitCodec(fields, header) {
  const names = Object.keys(fields);
  const index = new Map(names.map((n, i) => [n, i]));
  const out = [
    header.trimEnd(),
    '// The vrobots protobuf codec, one encode, decode and defaults function per message type.',
    '// Plain messages (swarmbotix-types.ts shapes) in and out; see src/vrobots/messages/proto-codec.ts.',
    '/* eslint-disable */',
    '',
    'export function bindCodecs(rt) {',
    '  const { plan, checkScalar, checkedLong, writeLong, notArray, notObject, tooDeep, MAX_DEPTH } = rt;',
    '  const C = {};',
  ];
  names.forEach((typeName, t) => {
    const fs = fields[typeName];
    for (const f of fs) checkSupported(typeName, f);
    const subs = fs.map((f) => (f.kind === 'message' ? `C${index.get(f.type)}` : undefined));
    for (const f of fs) if (f.kind === 'message' && !index.has(f.type)) throw new Error(`unknown type ${f.type}`);
    out.push('', `  // ${typeName}`);
    out.push(`  const C${t} = { encode: undefined, decode: undefined, defaults: undefined };`);
    out.push(`  C[${JSON.stringify(typeName)}] = C${t};`);
    out.push('  {');
    out.push(`    const T = ${JSON.stringify(typeName)};`);
    out.push('    const P = plan(T);');
    const enc = ['  let v, at;'];
    fs.forEach((f, i) => {
      encodeField(f, i, subs[i], enc);
    });
    out.push(`    C${t}.encode = function encode(m, w) {`, ...enc.map((l) => `    ${l}`), '    };');
    const dec = [];
    decodeBody(fs, subs, dec);
    out.push(`    C${t}.decode = function decode(r, depth, t) {`, ...dec.map((l) => `    ${l}`), '    };');
    const def = [];
    defaultsBody(fs, subs, def);
    out.push(`    C${t}.defaults = function defaults() {`, ...def.map((l) => `    ${l}`), '    };');
    out.push('  }');
  });
  out.push('  return C;', '}', '');
  const dts = `${header.trimEnd()}
// Declarations of swarmbotix-codec.js (the runtime side is src/vrobots/messages/codec-runtime.ts).

export interface GeneratedCodec<Writer, Reader> {
  /** Writes a plain message (throws naming the field when a value does not fit). */
  encode(m: Record<string, unknown>, w: Writer): void;
  /** Reads a message up to the reader's end; \`t\`: a message read before, merged into. */
  decode(r: Reader, depth: number, t: Record<string, unknown> | undefined): Record<string, unknown>;
  /** A fresh default message: scalars zero, arrays empty, optional fields absent. */
  defaults(): Record<string, unknown>;
}

export function bindCodecs<Writer, Reader>(rt: {
  readonly plan: (typeName: string) => readonly unknown[];
  readonly checkScalar: (v: unknown, f: never, typeName: string) => unknown;
  readonly checkedLong: (v: unknown, f: never, typeName: string) => bigint;
  readonly writeLong: (w: Writer, b: bigint, unsigned: boolean) => void;
  readonly notArray: (f: never, typeName: string) => never;
  readonly notObject: (f: never, typeName: string) => never;
  readonly tooDeep: () => never;
  readonly MAX_DEPTH: number;
}): { readonly [typeName: string]: GeneratedCodec<Writer, Reader> };
`;
  return { js: out.join('\n'), dts };
}

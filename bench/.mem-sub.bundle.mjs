var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err2) => function __init() {
  if (err2) throw err2[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e2) {
    throw err2 = [e2], e2;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/result.ts
function ok(value) {
  return value === void 0 ? OK_VOID : { ok: true, value };
}
function err(name, message) {
  return { ok: false, error: { code: ErrorCode[name], name, message } };
}
function errCode(code, message) {
  const name = nameOf.get(code);
  return err(name === void 0 || name === "Ok" ? "Error" : name, message);
}
function describeThrown(thrown) {
  if (isErrorObject(thrown)) {
    const message = readField(thrown, "message");
    if (typeof message === "string") return message;
  }
  if (typeof thrown === "string") return thrown;
  try {
    const json = JSON.stringify(thrown);
    if (typeof json === "string") return json;
  } catch {
  }
  return describeValue(thrown);
}
function describeValue(x) {
  switch (typeof x) {
    case "string":
      return x;
    case "number":
    case "boolean":
    case "undefined":
    case "bigint":
      return String(x);
    case "symbol":
      return x.toString();
    default:
      break;
  }
  try {
    const text = String(x);
    if (typeof text === "string") return text;
  } catch {
  }
  return x === null ? "null" : `[${typeof x} that cannot be shown as text]`;
}
function isErrorObject(x) {
  try {
    return x instanceof Error;
  } catch {
    return false;
  }
}
function readField(x, key) {
  try {
    return x[key];
  } catch {
    return void 0;
  }
}
var ErrorCode, nameOf, OK_VOID;
var init_result = __esm({
  "src/result.ts"() {
    "use strict";
    ErrorCode = {
      Ok: 0,
      Error: -1,
      Timeout: -2,
      InvalidArgument: -3,
      NotFound: -4,
      AlreadyExists: -5,
      Full: -6,
      NotInitialized: -7,
      BadSequence: -8,
      ServiceFailed: -9,
      PublishFailed: -10,
      SubscriptionFailed: -11,
      NotAllowed: -12,
      Rejected: -13,
      TryAgain: -14,
      Reentrant: -15,
      Unsupported: -16,
      TransportError: -100
    };
    nameOf = new Map(
      Object.entries(ErrorCode).map(([n2, c]) => [c, n2])
    );
    OK_VOID = Object.freeze({ ok: true, value: void 0 });
  }
});

// src/rmw/key-expr.ts
function isVerbatim(chunk) {
  return chunk.charCodeAt(0) === 64;
}
function isStarChunk(chunk) {
  return chunk === "*" || chunk === "**";
}
function chunkProblem(chunk) {
  if (chunk.length === 0) return "it has an empty chunk (leading, trailing or double /)";
  if (isStarChunk(chunk)) return void 0;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (c === "#" || c === "?") return `'${c}' is not allowed in a key expression`;
    if (c === "$") {
      if (chunk[i + 1] !== "*") return `'$' must be followed by '*' (chunk '${chunk}')`;
      i++;
      continue;
    }
    if (c === "*") return `'*' must be a whole chunk ('*' or '**') or written '$*' inside a chunk (chunk '${chunk}')`;
  }
  return void 0;
}
function canonChunk(chunk) {
  if (isStarChunk(chunk) || !chunk.includes(SUB_WILD)) return chunk;
  let c = chunk;
  while (c.includes("$*$*")) c = c.replaceAll("$*$*", SUB_WILD);
  return c === SUB_WILD ? "*" : c;
}
function canonChunks(chunks) {
  const out = [];
  let stars = 0;
  let doubleStar = false;
  const flush = () => {
    for (; stars > 0; stars--) out.push("*");
    if (doubleStar) out.push("**");
    doubleStar = false;
  };
  for (const raw of chunks) {
    const chunk = canonChunk(raw);
    if (chunk === "*") stars++;
    else if (chunk === "**") doubleStar = true;
    else {
      flush();
      out.push(chunk);
    }
  }
  flush();
  return out;
}
function structuralProblem(ke) {
  if (ke.length === 0) return "it is empty";
  for (const chunk of ke.split("/")) {
    const problem = chunkProblem(chunk);
    if (problem !== void 0) return problem;
  }
  return void 0;
}
function canonizeKeyExpr(ke, what = "key expression") {
  if (typeof ke !== "string") return err("InvalidArgument", `${what} must be a string, got ${typeof ke}`);
  const problem = structuralProblem(ke);
  if (problem !== void 0) return err("InvalidArgument", `${what} '${ke}' is invalid: ${problem}`);
  return ok(canonChunks(ke.split("/")).join("/"));
}
function validateKeyExpr(ke, what = "key expression") {
  const canon = canonizeKeyExpr(ke, what);
  if (!canon.ok) return canon;
  if (canon.value !== ke) {
    return err("InvalidArgument", `${what} '${ke}' is not in canonical form: write '${canon.value}'`);
  }
  return ok();
}
function hasWildcard(ke) {
  return ke.includes("*");
}
function pieces(chunk) {
  return chunk.split(SUB_WILD);
}
function globsIntersect(a, b) {
  if (!a.includes(SUB_WILD) && !b.includes(SUB_WILD)) return a === b;
  const ta = tokens(a);
  const tb = tokens(b);
  const seen = /* @__PURE__ */ new Set();
  const w = tb.length + 1;
  const f = (i, j) => {
    if (i === ta.length && j === tb.length) return true;
    const id = i * w + j;
    if (seen.has(id)) return false;
    seen.add(id);
    const x = ta[i];
    const y = tb[j];
    if (x === STAR && (f(i + 1, j) || j < tb.length && f(i, j + 1))) return true;
    if (y === STAR && (f(i, j + 1) || i < ta.length && f(i + 1, j))) return true;
    return x !== void 0 && y !== void 0 && x !== STAR && y !== STAR && x === y && f(i + 1, j + 1);
  };
  return f(0, 0);
}
function tokens(chunk) {
  const out = [];
  pieces(chunk).forEach((piece, k) => {
    if (k > 0) out.push(STAR);
    for (const ch of piece) out.push(ch);
  });
  return out;
}
function chunksIntersect(a, b) {
  if (isVerbatim(a) || isVerbatim(b)) return a === b;
  if (a === "*" || b === "*") return true;
  return globsIntersect(a, b);
}
function intersects(a, b) {
  if (a === b) return true;
  if (!hasWildcard(a) && !hasWildcard(b)) return false;
  const ca = a.split("/");
  const cb = b.split("/");
  const seen = /* @__PURE__ */ new Set();
  const w = cb.length + 1;
  const f = (i, j) => {
    if (i === ca.length && j === cb.length) return true;
    const id = i * w + j;
    if (seen.has(id)) return false;
    seen.add(id);
    const x = ca[i];
    const y = cb[j];
    if (x === "**" && (f(i + 1, j) || y !== void 0 && !isVerbatim(y) && f(i, j + 1))) return true;
    if (y === "**" && (f(i, j + 1) || x !== void 0 && !isVerbatim(x) && f(i + 1, j))) return true;
    return x !== void 0 && y !== void 0 && x !== "**" && y !== "**" && chunksIntersect(x, y) && f(i + 1, j + 1);
  };
  return f(0, 0);
}
var SUB_WILD, STAR;
var init_key_expr = __esm({
  "src/rmw/key-expr.ts"() {
    "use strict";
    init_result();
    SUB_WILD = "$*";
    STAR = /* @__PURE__ */ Symbol("$*");
  }
});

// src/budget.ts
function timerDelay(ms) {
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}
function checkBudget(argument, value) {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return ok();
  return err(
    "InvalidArgument",
    `${argument} must be a finite number of milliseconds >= 0, got ${typeof value === "string" ? JSON.stringify(value) : describeValue(value)}`
  );
}
var MAX_TIMER_MS;
var init_budget = __esm({
  "src/budget.ts"() {
    "use strict";
    init_result();
    MAX_TIMER_MS = 2 ** 31 - 1;
  }
});

// src/rmw/wire/attachment.ts
function encodeAttachment(a) {
  const out = new Uint8Array(ATTACHMENT_SIZE);
  const view = new DataView(out.buffer);
  view.setBigInt64(0, a.sequenceNumber, true);
  view.setBigInt64(8, a.sourceTimestampNs, true);
  out[16] = GID_SIZE;
  out.set(a.gid.subarray(0, GID_SIZE), 17);
  return out;
}
function decodeAttachment(bytes) {
  if (bytes === void 0 || bytes.length !== ATTACHMENT_SIZE || bytes[16] !== GID_SIZE) return void 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    sequenceNumber: view.getBigInt64(0, true),
    sourceTimestampNs: view.getBigInt64(8, true),
    gid: bytes.slice(17, 17 + GID_SIZE)
  };
}
function nowNs() {
  const ms = Date.now();
  if (ms !== stampedMs) {
    stampedMs = ms;
    stampedMsNs = BigInt(ms) * 1000000n;
  }
  const subMs = typeof performance !== "undefined" ? Math.floor(performance.now() % 1 * 1e6) : 0;
  const ns = stampedMsNs + BigInt(subMs);
  lastNs = ns > lastNs ? ns : lastNs + 1n;
  return lastNs;
}
var ATTACHMENT_SIZE, GID_SIZE, lastNs, stampedMs, stampedMsNs;
var init_attachment = __esm({
  "src/rmw/wire/attachment.ts"() {
    "use strict";
    ATTACHMENT_SIZE = 33;
    GID_SIZE = 16;
    lastNs = 0n;
    stampedMs = -1;
    stampedMsNs = 0n;
  }
});

// src/rmw/wire/xxh3.ts
function le64(b, at) {
  let v = 0n;
  for (let i = 7; i >= 0; i--) v = v << 8n | BigInt(b[at + i]);
  return v;
}
function le32(b, at) {
  return le64(Uint8Array.of(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0, 0, 0, 0, 0), 0);
}
function mul128(a, b) {
  const p = a * b;
  return [p & M64, p >> 64n & M64];
}
function fold64(a, b) {
  const [lo, hi] = mul128(a, b);
  return lo ^ hi;
}
function avalanche(h) {
  return xorshift(mul(xorshift(h, 37n), PRIME_MX1), 32n);
}
function avalanche64(h) {
  let v = mul(xorshift(h, 33n), P64_2);
  v = mul(xorshift(v, 29n), P64_3);
  return xorshift(v, 32n);
}
function swap64(v) {
  let out = 0n;
  for (let i = 0; i < 8; i++) out = out << 8n | v >> BigInt(8 * i) & 0xffn;
  return out;
}
function swap32(v) {
  return swap64(v) >> 32n;
}
function rotl32(v, r) {
  return (v << r | v >> 32n - r) & M32;
}
function mix16(b, at, secretAt) {
  return fold64(le64(b, at) ^ le64(SECRET, secretAt), le64(b, at + 8) ^ le64(SECRET, secretAt + 8));
}
function mix32(acc, b, in1, in2, secretAt) {
  let [lo, hi] = acc;
  lo = add(lo, mix16(b, in1, secretAt));
  lo ^= add(le64(b, in2), le64(b, in2 + 8));
  hi = add(hi, mix16(b, in2, secretAt + 16));
  hi ^= add(le64(b, in1), le64(b, in1 + 8));
  return [lo, hi];
}
function upTo16(b) {
  const len = b.length;
  if (len > 8) {
    const flipL = le64(SECRET, 32) ^ le64(SECRET, 40);
    const flipH = le64(SECRET, 48) ^ le64(SECRET, 56);
    let inHi = le64(b, len - 8);
    let [mLo, mHi] = mul128(le64(b, 0) ^ inHi ^ flipL, P64_1);
    mLo = add(mLo, BigInt(len - 1) << 54n);
    inHi ^= flipH;
    mHi = add(add(mHi, inHi), (inHi & M32) * (P32_2 - 1n));
    mLo ^= swap64(mHi);
    let [hLo, hHi] = mul128(mLo, P64_2);
    hHi = add(hHi, mul(mHi, P64_2));
    return [avalanche(hLo), avalanche(hHi)];
  }
  if (len >= 4) {
    const input64 = add(le32(b, 0), le32(b, len - 4) << 32n);
    const keyed = input64 ^ (le64(SECRET, 16) ^ le64(SECRET, 24));
    let [lo, hi] = mul128(keyed, add(P64_1, BigInt(len) << 2n));
    hi = add(hi, lo << 1n & M64);
    lo ^= hi >> 3n;
    lo = xorshift(mul(xorshift(lo, 35n), PRIME_MX2), 28n);
    return [lo, avalanche(hi)];
  }
  if (len > 0) {
    const c1 = BigInt(b[0]);
    const c2 = BigInt(b[len >> 1]);
    const c3 = BigInt(b[len - 1]);
    const combinedL = c1 << 16n | c2 << 24n | c3 | BigInt(len) << 8n;
    const combinedH = rotl32(swap32(combinedL), 13n);
    const flipL = le32(SECRET, 0) ^ le32(SECRET, 4);
    const flipH = le32(SECRET, 8) ^ le32(SECRET, 12);
    return [avalanche64(combinedL ^ flipL), avalanche64(combinedH ^ flipH)];
  }
  return [avalanche64(le64(SECRET, 64) ^ le64(SECRET, 72)), avalanche64(le64(SECRET, 80) ^ le64(SECRET, 88))];
}
function finishMid(acc, len) {
  const [lo, hi] = acc;
  const outLo = add(lo, hi);
  const outHi = add(add(mul(lo, P64_1), mul(hi, P64_4)), mul(BigInt(len), P64_2));
  return [avalanche(outLo), M64 + 1n - avalanche(outHi) & M64];
}
function upTo128(b) {
  const len = b.length;
  let acc = [mul(BigInt(len), P64_1), 0n];
  if (len > 32) {
    if (len > 64) {
      if (len > 96) acc = mix32(acc, b, 48, len - 64, 96);
      acc = mix32(acc, b, 32, len - 48, 64);
    }
    acc = mix32(acc, b, 16, len - 32, 32);
  }
  acc = mix32(acc, b, 0, len - 16, 0);
  return finishMid(acc, len);
}
function upTo240(b) {
  const len = b.length;
  let acc = [mul(BigInt(len), P64_1), 0n];
  for (let i = 32; i < 160; i += 32) acc = mix32(acc, b, i - 32, i - 16, i - 32);
  acc = [avalanche(acc[0]), avalanche(acc[1])];
  for (let i = 160; i <= len; i += 32) acc = mix32(acc, b, i - 32, i - 16, 3 + i - 160);
  acc = mix32(acc, b, len - 16, len - 32, 136 - 17 - 16);
  return finishMid(acc, len);
}
function accumulate(acc, b, at, secretAt) {
  for (let lane = 0; lane < ACCS; lane++) {
    const data = le64(b, at + lane * 8);
    const key = data ^ le64(SECRET, secretAt + lane * 8);
    acc[lane ^ 1] = add(acc[lane ^ 1], data);
    acc[lane] = add(acc[lane], (key & M32) * (key >> 32n));
  }
}
function scramble(acc, secretAt) {
  for (let lane = 0; lane < ACCS; lane++) {
    const v = xorshift(acc[lane], 47n) ^ le64(SECRET, secretAt + lane * 8);
    acc[lane] = mul(v, P32_1);
  }
}
function mergeAccs(acc, secretAt, start) {
  let r = start;
  for (let i = 0; i < 4; i++) {
    r = add(
      r,
      fold64(
        acc[2 * i] ^ le64(SECRET, secretAt + 16 * i),
        acc[2 * i + 1] ^ le64(SECRET, secretAt + 16 * i + 8)
      )
    );
  }
  return avalanche(r);
}
function long(b) {
  const len = b.length;
  const acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
  const stripesPerBlock = (SECRET.length - STRIPE) / 8;
  const blockLen = STRIPE * stripesPerBlock;
  const blocks = Math.floor((len - 1) / blockLen);
  for (let n2 = 0; n2 < blocks; n2++) {
    for (let s = 0; s < stripesPerBlock; s++) accumulate(acc, b, n2 * blockLen + s * STRIPE, s * 8);
    scramble(acc, SECRET.length - STRIPE);
  }
  const stripes = Math.floor((len - 1 - blockLen * blocks) / STRIPE);
  for (let s = 0; s < stripes; s++) accumulate(acc, b, blocks * blockLen + s * STRIPE, s * 8);
  accumulate(acc, b, len - STRIPE, SECRET.length - STRIPE - 7);
  const lo = mergeAccs(acc, 11, mul(BigInt(len), P64_1));
  const hi = mergeAccs(acc, SECRET.length - 64 - 11, ~mul(BigInt(len), P64_2) & M64);
  return [lo, hi];
}
function xxh3128(data) {
  const [lo, hi] = data.length <= 16 ? upTo16(data) : data.length <= 128 ? upTo128(data) : data.length <= 240 ? upTo240(data) : long(data);
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, lo, true);
  view.setBigUint64(8, hi, true);
  return out;
}
var M64, M32, P32_1, P32_2, P32_3, P64_1, P64_2, P64_3, P64_4, P64_5, PRIME_MX1, PRIME_MX2, SECRET, STRIPE, ACCS, mul, add, xorshift;
var init_xxh3 = __esm({
  "src/rmw/wire/xxh3.ts"() {
    "use strict";
    M64 = (1n << 64n) - 1n;
    M32 = 0xffffffffn;
    P32_1 = 0x9e3779b1n;
    P32_2 = 0x85ebca77n;
    P32_3 = 0xc2b2ae3dn;
    P64_1 = 0x9e3779b185ebca87n;
    P64_2 = 0xc2b2ae3d27d4eb4fn;
    P64_3 = 0x165667b19e3779f9n;
    P64_4 = 0x85ebca77c2b2ae63n;
    P64_5 = 0x27d4eb2f165667c5n;
    PRIME_MX1 = 0x165667919e3779f9n;
    PRIME_MX2 = 0x9fb21c651e98df25n;
    SECRET = Uint8Array.from(
      "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671fcb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e".match(/../g) ?? [],
      (h) => Number.parseInt(h, 16)
    );
    STRIPE = 64;
    ACCS = 8;
    mul = (a, b) => a * b & M64;
    add = (a, b) => a + b & M64;
    xorshift = (v, s) => v ^ v >> s;
  }
});

// src/rmw/wire/gid.ts
function randomBytes(n2) {
  const out = new Uint8Array(n2);
  globalThis.crypto.getRandomValues(out);
  return out;
}
function newSessionId() {
  const bytes = randomBytes(16);
  if (bytes[0] < 16) bytes[0] = bytes[0] | 16;
  return gidToHex(bytes);
}
function sessionIdBytes(sessionId) {
  const hex = sessionId.padStart(32, "0");
  return Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(30 - 2 * i, 32 - 2 * i), 16));
}
function newGid() {
  return randomBytes(GID_SIZE);
}
function gidOfToken(token) {
  return xxh3128(new TextEncoder().encode(token));
}
function entityGid(token) {
  return token === void 0 ? newGid() : gidOfToken(token);
}
function gidToHex(gid) {
  return Array.from(gid, (b) => b.toString(16).padStart(2, "0")).join("");
}
var EntityIdCounter;
var init_gid = __esm({
  "src/rmw/wire/gid.ts"() {
    "use strict";
    init_attachment();
    init_xxh3();
    EntityIdCounter = class {
      next_ = 0;
      next() {
        const id = this.next_;
        this.next_ += 1;
        return String(id);
      }
    };
  }
});

// src/rmw/qos.ts
function rows(policy) {
  return Object.entries(POLICIES[policy]);
}
function namedValues(policy) {
  return Object.freeze(Object.fromEntries(rows(policy).map(([name, [value]]) => [name, value])));
}
function isQosValue(policy, value) {
  return rows(policy).some(([, [v]]) => v === value);
}
function qosWireNumber(policy, value) {
  return rows(policy).find(([, [v]]) => v === value)?.[1][1] ?? 0;
}
function qosValueOfWireNumber(policy, n2) {
  return rows(policy).find(([, [, num]]) => num === n2)?.[1][0];
}
function shareQos(qos) {
  const key = `${qos.reliability}|${qos.durability}|${qos.history}|${qos.depth}|${qos.deadlineMs}|${qos.lifespanMs}|${qos.liveliness}|${qos.livelinessLeaseMs}`;
  const known = sharedQos.get(key);
  if (known !== void 0) return known;
  const frozen = Object.freeze({
    reliability: qos.reliability,
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: qos.deadlineMs,
    lifespanMs: qos.lifespanMs,
    liveliness: qos.liveliness,
    livelinessLeaseMs: qos.livelinessLeaseMs
  });
  if (sharedQos.size < SHARED_QOS_LIMIT) sharedQos.set(key, frozen);
  return frozen;
}
var POLICIES, Reliability, Durability, History, LivelinessPolicy, SHARED_QOS_LIMIT, sharedQos;
var init_qos = __esm({
  "src/rmw/qos.ts"() {
    "use strict";
    POLICIES = {
      reliability: { Reliable: ["reliable", 1], BestEffort: ["best_effort", 2] },
      durability: { Volatile: ["volatile", 2], TransientLocal: ["transient_local", 1] },
      history: { KeepLast: ["keep_last", 1], KeepAll: ["keep_all", 2] },
      liveliness: { Automatic: ["automatic", 1], ManualByTopic: ["manual_by_topic", 3] }
    };
    Reliability = namedValues("reliability");
    Durability = namedValues("durability");
    History = namedValues("history");
    LivelinessPolicy = namedValues("liveliness");
    SHARED_QOS_LIMIT = 256;
    sharedQos = /* @__PURE__ */ new Map();
  }
});

// src/rmw/wire/data-key.ts
function ddsTypeName(rosTypeName2) {
  const parts = rosTypeName2.split("/");
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) {
    return err("InvalidArgument", `type name '${rosTypeName2}' is not of the form <package>/<msg|srv|action>/<Name>`);
  }
  const [pkg, kind, name] = parts;
  return ok(`${pkg}::${kind}::dds_::${name}_`);
}
function stripOuterSlashes(name) {
  return name.replace(/^\/+/, "").replace(/\/+$/, "");
}
function dataKey(domainId, spec) {
  if (spec.naming === "raw") {
    return spec.name.length > 0 ? ok(spec.name) : err("InvalidArgument", "raw key is empty");
  }
  const dds = ddsTypeName(spec.typeName);
  if (!dds.ok) return dds;
  const name = stripOuterSlashes(spec.name);
  if (name.length === 0) return err("InvalidArgument", `name '${spec.name}' is empty`);
  return ok(`${domainId}/${name}/${dds.value}/${spec.typeHash}`);
}
function rosTypeName(ddsName) {
  const m = /^([^:]+)::([^:]+)::dds_::(.+)_$/.exec(ddsName);
  return m === null ? ddsName : `${m[1]}/${m[2]}/${m[3]}`;
}
var init_data_key = __esm({
  "src/rmw/wire/data-key.ts"() {
    "use strict";
    init_result();
  }
});

// src/rmw/endpoint-check.ts
function qosProblem(qos, what) {
  if (typeof qos !== "object" || qos === null) return `qos of ${what} must be an object`;
  for (const policy of ["reliability", "durability", "history", "liveliness"]) {
    if (!isQosValue(policy, qos[policy])) return `qos ${policy} of ${what} is '${describeValue(qos[policy])}'`;
  }
  if (!Number.isInteger(qos.depth) || qos.depth < 0)
    return `qos depth of ${what} must be a non-negative integer, got ${describeValue(qos.depth)}`;
  for (const f of ["deadlineMs", "lifespanMs", "livelinessLeaseMs"]) {
    const v = qos[f];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      return `qos ${f} of ${what} must be a finite number >= 0, got ${describeValue(v)}`;
  }
  return void 0;
}
function checkEndpointSpec(domainId, spec, kind) {
  if (typeof spec !== "object" || spec === null) return err("InvalidArgument", `${kind} spec must be an object`);
  if (spec.naming !== "ros" && spec.naming !== "raw") {
    return err("InvalidArgument", `${kind} naming '${describeValue(spec.naming)}' is neither 'ros' nor 'raw'`);
  }
  if (typeof spec.name !== "string") return err("InvalidArgument", `${kind} name must be a string`);
  const key = dataKey(domainId, spec);
  if (!key.ok) return err("InvalidArgument", `${kind} '${spec.name}': ${key.error.message}`);
  const valid = validateKeyExpr(key.value, `${kind} key`);
  if (!valid.ok) return valid;
  const problem = qosProblem(spec.qos, `${kind} on '${key.value}'`);
  if (problem !== void 0) return err("InvalidArgument", problem);
  return key;
}
function checkPayloadType(payload, what) {
  let got = payload === null ? "null" : typeof payload;
  if (typeof payload === "object" && payload !== null) {
    try {
      if (payload instanceof Uint8Array) return ok(payload);
      const name = payload.constructor?.name;
      if (typeof name === "string") got = name;
    } catch {
    }
  }
  return err("InvalidArgument", `payload for ${what} must be a Uint8Array, got ${got}`);
}
var init_endpoint_check = __esm({
  "src/rmw/endpoint-check.ts"() {
    "use strict";
    init_result();
    init_key_expr();
    init_qos();
    init_data_key();
  }
});

// src/rmw/zenoh/console-filter.ts
function wantsZenohLogs() {
  const env = typeof process !== "undefined" ? process.env?.RCLTS_LOG : void 0;
  return typeof env === "string" && env.split(/[,\s]+/).some((t) => t === "zenoh" || t === "all");
}
function isZenohTsChatter(args) {
  const first = args[0];
  const text = typeof first === "string" ? first : first instanceof Error ? first.message : void 0;
  return text !== void 0 && ZENOH_TS_LINES.some((re) => re.test(text));
}
function wrap(original) {
  return function filtered(...args) {
    if (isZenohTsChatter(args) && !wantsZenohLogs()) return;
    original.apply(this, args);
  };
}
function installZenohConsoleFilter() {
  const c = console;
  if (c[INSTALLED] === true) return;
  c[INSTALLED] = true;
  for (const name of ["warn", "log", "error"]) {
    const original = c[name];
    if (typeof original === "function") c[name] = wrap(original);
  }
}
var ZENOH_TS_LINES, INSTALLED;
var init_console_filter = __esm({
  "src/rmw/zenoh/console-filter.ts"() {
    "use strict";
    ZENOH_TS_LINES = [
      /^Connected to\b/,
      /^Restart connection\b/,
      /^WebSocket error\b/,
      /^WebSocket has been disconnected from remote-api-plugin\b/,
      /^Successfully opened session with id\b/,
      /^Received unexpected response\b/,
      /^Received (query|reply|sample|responseFinal|matching status update|transport event|link event) for inexistant\b/,
      /^Remote api request timeout\b/
    ];
    INSTALLED = /* @__PURE__ */ Symbol.for("rclts.zenoh.console-filter");
  }
});

// src/rmw/zenoh/session-context.ts
function tokenStep(session2, token) {
  return () => session2.liveliness().declareToken(token);
}
function checkPayload(payload, what) {
  const bytes = checkPayloadType(payload, what);
  if (!bytes.ok) return bytes;
  if (bytes.value.length > MAX_PAYLOAD_BYTES) {
    return err(
      "InvalidArgument",
      `payload for ${what} is ${bytes.value.length} bytes, above the zenoh backend's limit of ${MAX_PAYLOAD_BYTES} bytes`
    );
  }
  return bytes;
}
function deliver(ctx, key, what, callback, value) {
  try {
    callback(value);
  } catch (thrown) {
    ctx.emit({
      type: "transport_error",
      key,
      message: `${what} callback threw: ${describeThrown(thrown)}`
    });
  }
}
var MAX_PAYLOAD_BYTES;
var init_session_context = __esm({
  "src/rmw/zenoh/session-context.ts"() {
    "use strict";
    init_result();
    init_endpoint_check();
    MAX_PAYLOAD_BYTES = 16 * 1024 * 1024 - 64 * 1024;
  }
});

// src/rmw/router-locator.ts
function quoted(locator) {
  return typeof locator === "string" ? JSON.stringify(locator) : describeValue(locator);
}
function parseRouterLocator(locator) {
  if (typeof locator === "string") {
    const m = CANON.exec(locator) ?? URL_FORM.exec(locator);
    if (m !== null) {
      const port = Number(m[3]);
      if (port >= 1 && port <= 65535) return ok({ locator, secure: m[1] === "wss", host: m[2] ?? "", port });
      return err("InvalidArgument", `router locator ${quoted(locator)} has port ${port} outside 1..65535`);
    }
    if (NATIVE.test(locator)) {
      return err("InvalidArgument", `router locator ${quoted(locator)} is a zenoh transport locator; ${HOW_TO}`);
    }
  }
  return err("InvalidArgument", `router locator ${quoted(locator)} is not a WebSocket locator; ${HOW_TO}`);
}
function parseRouterLocators(value) {
  let items;
  if (typeof value === "string") items = value.includes(",") ? value.split(",").map((s) => s.trim()) : [value];
  else items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return err("InvalidArgument", `router list is empty; ${HOW_TO}`);
  if (items.length > MAX_ROUTER_LOCATORS) {
    return err("InvalidArgument", `router list has ${items.length} locators, more than ${MAX_ROUTER_LOCATORS}`);
  }
  const locators = [];
  for (const item of items) {
    const parsed = parseRouterLocator(item);
    if (!parsed.ok) return parsed;
    if (locators.some((l) => l.locator === parsed.value.locator)) {
      return err("InvalidArgument", `router list names ${quoted(item)} twice`);
    }
    locators.push(parsed.value);
  }
  return ok({ locators, joined: locators.map((l) => l.locator).join(",") });
}
function checkRouterTls(tls) {
  if (tls === void 0) return ok(void 0);
  if (typeof tls !== "object" || tls === null || Array.isArray(tls))
    return err("InvalidArgument", `tls must be an object such as { caFile: 'ca.pem' }, got ${describeValue(tls)}`);
  const unknownKeys = Object.keys(tls).filter((k) => k !== "caFile");
  if (unknownKeys.length > 0)
    return err("InvalidArgument", `tls has unknown option(s) ${unknownKeys.join(", ")} (known: caFile)`);
  const caFile = tls.caFile;
  if (caFile !== void 0 && (typeof caFile !== "string" || caFile.length === 0))
    return err("InvalidArgument", `tls.caFile must be a file path, got ${describeValue(caFile)}`);
  return ok(caFile === void 0 ? {} : { caFile });
}
var HOST, CANON, URL_FORM, NATIVE, HOW_TO, MAX_ROUTER_LOCATORS;
var init_router_locator = __esm({
  "src/rmw/router-locator.ts"() {
    "use strict";
    init_result();
    HOST = String.raw`(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)`;
    CANON = new RegExp(String.raw`^(wss?)/${HOST}:(\d{1,5})(?:\?[^\s#]*)?$`);
    URL_FORM = new RegExp(String.raw`^(wss?)://${HOST}:(\d{1,5})(?:[/?][^\s#]*)?$`);
    NATIVE = /^(?:tcp|udp|quic|tls|unixsock-stream|serial)\/|^[^/\s]+:\d{1,5}$/;
    HOW_TO = "rclts reaches zenoh through a router's remote-api WebSocket, a locator of the form ws/HOST:PORT (e.g. ws/127.0.0.1:10000); start one with `npm run router:start` (or `node scripts/zenoh-router.mjs start`)";
    MAX_ROUTER_LOCATORS = 16;
  }
});

// src/rmw/zenoh/hybrid-clock.ts
function ntp64OfNs(ns) {
  const seconds = ns / NS_PER_S;
  const fraction = (ns % NS_PER_S << 32n) / NS_PER_S;
  return seconds << 32n | fraction;
}
var COUNTER_MASK, NS_PER_S, HybridClock;
var init_hybrid_clock = __esm({
  "src/rmw/zenoh/hybrid-clock.ts"() {
    "use strict";
    init_attachment();
    init_gid();
    COUNTER_MASK = 0xfn;
    NS_PER_S = 1000000000n;
    HybridClock = class {
      constructor(zenoh, sessionId) {
        this.zenoh = zenoh;
        this.id = new zenoh.ZenohId(sessionIdBytes(sessionId));
      }
      zenoh;
      last = 0n;
      id;
      now() {
        const t = ntp64OfNs(nowNs()) & ~COUNTER_MASK;
        this.last = t > this.last ? t : this.last + 1n;
        return new this.zenoh.Timestamp(this.id, this.last);
      }
    };
  }
});

// src/rmw/zenoh/close-session.ts
async function closeSessionQuietly(session2, budgetMs = CLOSE_BUDGET_MS) {
  const inner = session2.inner;
  let closing;
  try {
    if (inner !== void 0 && typeof inner.close === "function") {
      if (inner.isClosed?.() === true) return;
      closing = inner.close();
    } else {
      closing = session2.close();
    }
  } catch {
    return;
  }
  let timer;
  await Promise.race([
    closing.catch(() => {
    }),
    new Promise((resolve) => {
      timer = setTimeout(resolve, budgetMs);
    })
  ]);
  clearTimeout(timer);
}
var CLOSE_BUDGET_MS;
var init_close_session = __esm({
  "src/rmw/zenoh/close-session.ts"() {
    "use strict";
    CLOSE_BUDGET_MS = 2e3;
  }
});

// src/rmw/zenoh/query-replies.ts
function sendCorked(query, sends) {
  let tcp;
  try {
    const link = query?.session?.link;
    if (link === void 0 || link.isOk === false) return false;
    const socket = link.ws;
    if (socket === void 0 || socket.readyState !== 1) return false;
    if (typeof socket.bufferedAmount !== "number" || socket.bufferedAmount > LINK_SENDS_AT_ONCE_BYTES) return false;
    const candidate = socket._socket ?? socket.inner?._socket;
    if (typeof candidate?.cork !== "function" || typeof candidate.uncork !== "function") return false;
    tcp = candidate;
    tcp.cork();
  } catch {
    return false;
  }
  try {
    sends();
  } finally {
    try {
      tcp.uncork();
    } catch {
    }
  }
  return true;
}
function finalizeQuietly(query) {
  try {
    const q = query;
    const link = q.session?.link;
    if (link !== void 0 && (link.isOk === false || link.ws !== void 0 && link.ws.readyState !== 1)) return;
    void q.finalize?.().catch(() => {
    });
  } catch {
  }
}
var LINK_SENDS_AT_ONCE_BYTES;
var init_query_replies = __esm({
  "src/rmw/zenoh/query-replies.ts"() {
    "use strict";
    LINK_SENDS_AT_ONCE_BYTES = 2 * 1024 * 1024;
  }
});

// src/rmw/zenoh/early-queries.ts
function guardEarlyQueries(session2) {
  const inner = session2.inner;
  if (typeof inner !== "object" || inner === null || !(inner.queryables instanceof Map)) return false;
  if (inner.queryables instanceof QueryableTable) return true;
  const table = new QueryableTable();
  for (const [id, closure] of inner.queryables) table.set(id, closure);
  inner.queryables = table;
  return true;
}
var EARLY_QUERY_HOLD_MS, GONE_IDS_KEPT, QueryableTable;
var init_early_queries = __esm({
  "src/rmw/zenoh/early-queries.ts"() {
    "use strict";
    init_query_replies();
    EARLY_QUERY_HOLD_MS = 5e3;
    GONE_IDS_KEPT = 4096;
    QueryableTable = class extends Map {
      early = /* @__PURE__ */ new Map();
      gone = /* @__PURE__ */ new Set();
      get(id) {
        const known = super.get(id);
        if (known !== void 0) return known;
        if (this.gone.has(id)) return { callback: finalizeQuietly, drop: () => {
        } };
        return { callback: (q) => this.hold(id, q), drop: () => {
        } };
      }
      set(id, closure) {
        super.set(id, closure);
        const held = this.early?.get(id);
        if (held !== void 0) {
          this.early.delete(id);
          clearTimeout(held.timer);
          for (const q of held.queries) closure.callback(q);
        }
        return this;
      }
      delete(id) {
        if (this.gone !== void 0) {
          this.gone.add(id);
          if (this.gone.size > GONE_IDS_KEPT) this.gone.delete(this.gone.values().next().value);
        }
        const held = this.early?.get(id);
        if (held !== void 0) {
          this.early.delete(id);
          clearTimeout(held.timer);
          for (const q of held.queries) finalizeQuietly(q);
        }
        return super.delete(id);
      }
      clear() {
        for (const { queries, timer } of this.early?.values() ?? []) {
          clearTimeout(timer);
          for (const q of queries) finalizeQuietly(q);
        }
        this.early?.clear();
        super.clear();
      }
      hold(id, query) {
        let entry = this.early.get(id);
        if (entry === void 0) {
          const timer = setTimeout(() => {
            const e2 = this.early.get(id);
            this.early.delete(id);
            for (const q of e2?.queries ?? []) finalizeQuietly(q);
          }, EARLY_QUERY_HOLD_MS);
          timer.unref?.();
          entry = { queries: [], timer };
          this.early.set(id, entry);
        }
        entry.queries.push(query);
      }
    };
  }
});

// src/rmw/zenoh/connect-attempt.ts
function ignoreEvent() {
}
function quietClose(socket) {
  socket.onerror = null;
  socket.onclose = null;
  socket.onmessage = null;
  try {
    socket.close();
  } catch {
  }
}
function attemptIdOf(url) {
  const at = url.lastIndexOf(MARKER);
  if (at < 0) return void 0;
  const id = Number(url.slice(at + MARKER.length));
  return Number.isSafeInteger(id) ? id : void 0;
}
function installConnectAttempts() {
  const g = globalThis;
  const base = g.WebSocket;
  if (typeof base !== "function") return false;
  if (base[INSTALLED2] === true) return true;
  g.WebSocket = new Proxy(base, {
    construct(target, args, newTarget) {
      const url = String(args[0]);
      const id = attemptIdOf(url);
      const attempt = id === void 0 ? void 0 : attempts.get(id);
      if (id === void 0) return Reflect.construct(target, args, newTarget);
      if (attempt === void 0) throw new Error(`connection attempt ${id} was abandoned`);
      const bare = url.slice(0, url.lastIndexOf(MARKER));
      const protocols = args[1];
      const inner = attempt.socketOptions === void 0 ? new target(bare, protocols) : new target(
        bare,
        protocols,
        attempt.socketOptions
      );
      const socket = new LinkSocketFacade(inner, attempt);
      attempt.sockets.add(socket);
      return socket;
    },
    get(target, key, receiver) {
      if (key === INSTALLED2) return true;
      return Reflect.get(target, key, receiver);
    }
  });
  return true;
}
function beginConnectAttempt(locator, socketOptions, onSocketError = ignoreEvent) {
  const id = nextAttemptId++;
  const state = {
    settled: false,
    abandonedBecause: void 0,
    sockets: /* @__PURE__ */ new Set(),
    socketOptions,
    onSocketError
  };
  attempts.set(id, state);
  return {
    locator: `${locator}${MARKER}${id}`,
    settle() {
      attempts.delete(id);
      state.settled = true;
      for (const s of state.sockets) if (s.inner.onmessage === null) quietClose(s.inner);
      state.sockets.clear();
    },
    abandon(reason) {
      if (state.settled || state.abandonedBecause !== void 0) return;
      state.abandonedBecause = reason;
      attempts.delete(id);
      for (const s of state.sockets) quietClose(s.inner);
      state.sockets.clear();
    }
  };
}
var MARKER, INSTALLED2, attempts, nextAttemptId, LinkSocketFacade;
var init_connect_attempt = __esm({
  "src/rmw/zenoh/connect-attempt.ts"() {
    "use strict";
    MARKER = "#rclts-connect-";
    INSTALLED2 = /* @__PURE__ */ Symbol.for("rclts.connect-attempt.installed");
    attempts = /* @__PURE__ */ new Map();
    nextAttemptId = 1;
    LinkSocketFacade = class {
      inner;
      #attempt;
      constructor(inner, attempt) {
        this.inner = inner;
        this.#attempt = attempt;
        inner.addEventListener("error", (event) => {
          if (!attempt.settled) attempt.onSocketError(event?.error ?? event);
        });
      }
      get readyState() {
        const reason = this.#attempt.abandonedBecause;
        if (reason !== void 0 && !this.#attempt.settled) throw new Error(reason);
        return this.inner.readyState;
      }
      get binaryType() {
        return this.inner.binaryType;
      }
      set binaryType(value) {
        this.inner.binaryType = value;
      }
      get bufferedAmount() {
        return this.inner.bufferedAmount;
      }
      get onopen() {
        return this.inner.onopen;
      }
      set onopen(h) {
        this.inner.onopen = h;
      }
      get onmessage() {
        return this.inner.onmessage;
      }
      set onmessage(h) {
        this.inner.onmessage = h;
      }
      // While connecting, zenoh-ts only logs errors and closes (dumping whole event objects);
      // the caller gets a Timeout or TransportError instead, so those handlers are dropped.
      get onerror() {
        return this.inner.onerror;
      }
      set onerror(h) {
        if (this.#attempt.settled) this.inner.onerror = h;
      }
      get onclose() {
        return this.inner.onclose;
      }
      set onclose(h) {
        if (this.#attempt.settled) this.inner.onclose = h;
      }
      send(data) {
        this.inner.send(data);
      }
      close(code, reason) {
        this.inner.close(code, reason);
      }
      addEventListener(type, listener) {
        this.inner.addEventListener(type, listener);
      }
      removeEventListener(type, listener) {
        this.inner.removeEventListener(type, listener);
      }
    };
  }
});

// src/rmw/zenoh/session-link.ts
function innerOf(session2) {
  const inner = session2.inner;
  return typeof inner === "object" && inner !== null ? inner : void 0;
}
function socketOf(session2) {
  const ws = innerOf(session2)?.link?.ws;
  if (ws === void 0 || typeof ws.addEventListener !== "function" || typeof ws.removeEventListener !== "function")
    return void 0;
  return ws;
}
function socketClosed(session2) {
  const ws = socketOf(session2);
  return ws !== void 0 && ws.readyState >= 2;
}
function linkIsDead(session2) {
  const link = innerOf(session2)?.link;
  return link !== void 0 && link.isOk === false;
}
function markLinkDead(session2) {
  const link = innerOf(session2)?.link;
  if (typeof link !== "object" || link === null) return;
  try {
    Object.defineProperty(link, "isOk", { value: false, configurable: true, writable: true });
  } catch {
  }
}
var init_session_link = __esm({
  "src/rmw/zenoh/session-link.ts"() {
    "use strict";
  }
});

// src/rmw/zenoh/plugin-request.ts
function setRequestTimeout(session2, ms) {
  const inner = innerOf(session2);
  if (inner !== void 0 && typeof inner.messageResponseTimeoutMs === "number") inner.messageResponseTimeoutMs = ms;
}
async function requestWhenDrained(session2, call) {
  const ws = socketOf(session2);
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  for (; ; ) {
    if (linkIsDead(session2) || ws !== void 0 && ws.readyState !== 1) throw new Error("WebSocket is closed");
    if (ws === void 0 || typeof ws.bufferedAmount !== "number" || ws.bufferedAmount <= DRAINED_BYTES) return call();
    if (Date.now() >= deadline) {
      throw new Error(
        `the WebSocket to the router did not drain below ${DRAINED_BYTES} bytes within ${REQUEST_TIMEOUT_MS} ms`
      );
    }
    await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
  }
}
async function pingSession(session2) {
  const inner = innerOf(session2);
  const ping = inner?.ping;
  if (typeof ping === "function") {
    await requestWhenDrained(session2, () => ping.call(inner));
    return;
  }
  await requestWhenDrained(session2, () => session2.info());
}
var REQUEST_TIMEOUT_MS, DRAINED_BYTES, DRAIN_POLL_MS;
var init_plugin_request = __esm({
  "src/rmw/zenoh/plugin-request.ts"() {
    "use strict";
    init_session_link();
    REQUEST_TIMEOUT_MS = 5e3;
    DRAINED_BYTES = 1024 * 1024;
    DRAIN_POLL_MS = 5;
  }
});

// src/rmw/zenoh/zenoh-ts-host.ts
function isNode() {
  return typeof process !== "undefined" && typeof process.versions?.node === "string";
}
async function prepareHost() {
  if (!isNode()) return;
  if (typeof globalThis.WebSocket === "undefined") {
    const ws = await import("ws");
    globalThis.WebSocket = ws.WebSocket;
  }
  const nodeModule = await import("node:module");
  if (typeof nodeModule.register === "function") {
    nodeModule.register(`data:text/javascript,${encodeURIComponent(WASM_HOOK)}`);
  }
}
async function trustOptions(caFile) {
  const { readFile } = await import("node:fs/promises");
  return { ca: await readFile(caFile) };
}
var WASM_HOOK;
var init_zenoh_ts_host = __esm({
  "src/rmw/zenoh/zenoh-ts-host.ts"() {
    "use strict";
    WASM_HOOK = `
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.wasm') || !url.includes('zenoh')) return nextLoad(url, context);
  const mod = new WebAssembly.Module(readFileSync(fileURLToPath(url)));
  const modules = [...new Set(WebAssembly.Module.imports(mod).map((i) => i.module))];
  const names = WebAssembly.Module.exports(mod).map((e) => e.name);
  const lines = modules.map((m, i) => 'import * as i' + i + ' from ' + JSON.stringify(m) + ';');
  lines.push("import { readFileSync } from 'node:fs';");
  lines.push('const m = new WebAssembly.Module(readFileSync(new URL(import.meta.url)));');
  lines.push('const inst = new WebAssembly.Instance(m, {' + modules.map((m, i) => JSON.stringify(m) + ': i' + i).join(', ') + '});');
  names.forEach((n, i) => {
    lines.push('const e' + i + ' = inst.exports[' + JSON.stringify(n) + '];');
    lines.push('export { e' + i + ' as ' + JSON.stringify(n) + ' };');
  });
  return { format: 'module', source: lines.join('\\n'), shortCircuit: true };
}
`;
  }
});

// src/rmw/zenoh/router-trust.ts
async function socketOptionsOf(tls) {
  if (tls === void 0 || tls.caFile === void 0) return ok(void 0);
  try {
    return ok(await trustOptions(tls.caFile));
  } catch (thrown) {
    return err("InvalidArgument", `tls.caFile ${describeValue(tls.caFile)} cannot be used: ${describeThrown(thrown)}`);
  }
}
function finalSocketFailure(error) {
  const code = error?.code;
  const text = typeof code === "string" ? code : "";
  const message = describeThrown(error);
  if (CERTIFICATE_CODES.test(text)) {
    return `the router's TLS certificate was refused (${text}: ${message}); check that tls.caFile names the CA that signed it and that the locator's host is one the certificate names`;
  }
  if (HANDSHAKE_CODES.test(text) || /secure TLS connection/.test(message)) {
    return `the TLS handshake with the router failed (${text}: ${message}); is the router's WebSocket TLS (wss/) and the locator's scheme right?`;
  }
  const refused = /Unexpected server response: (401|403)\b/.exec(message);
  if (refused !== null) {
    return `the router's WebSocket refused this client (HTTP ${refused[1]}): a gate in front of it allows only listed Origins and, when it asks for one, a token (?token= in the locator)`;
  }
  return void 0;
}
var CERTIFICATE_CODES, HANDSHAKE_CODES;
var init_router_trust = __esm({
  "src/rmw/zenoh/router-trust.ts"() {
    "use strict";
    init_result();
    init_zenoh_ts_host();
    CERTIFICATE_CODES = /CERT|SIGNATURE|SELF_SIGNED|ALTNAME|ISSUER/;
    HANDSHAKE_CODES = /^(EPROTO|ERR_SSL_|ERR_TLS_)/;
  }
});

// src/rmw/zenoh/zenoh-ts-loader.ts
async function load() {
  try {
    await prepareHost();
    const zenoh = await import("@eclipse-zenoh/zenoh-ts");
    return ok(zenoh);
  } catch (thrown) {
    return err("Unsupported", `could not load @eclipse-zenoh/zenoh-ts: ${describeThrown(thrown)}`);
  }
}
function loadZenohTs() {
  loading ??= load();
  return loading;
}
var loading;
var init_zenoh_ts_loader = __esm({
  "src/rmw/zenoh/zenoh-ts-loader.ts"() {
    "use strict";
    init_result();
    init_zenoh_ts_host();
  }
});

// src/rmw/zenoh/open-session.ts
async function openZenohSession(locator, budgetMs, socketOptions) {
  const locatorOk = parseRouterLocator(locator);
  if (!locatorOk.ok) return locatorOk;
  const budgetOk = checkBudget("budgetMs", budgetMs);
  if (!budgetOk.ok) return budgetOk;
  const deadline = Date.now() + budgetMs;
  const timedOut = err("Timeout", `could not reach zenoh router at ${locator} within ${budgetMs} ms`);
  const zenoh = await loadZenohTs();
  if (!zenoh.ok) return zenoh;
  if (!installConnectAttempts()) {
    return err("Unsupported", `cannot reach zenoh router at ${locator}: this runtime has no WebSocket`);
  }
  const remainingMs = deadline - Date.now();
  if (remainingMs <= 0) return timedOut;
  let refuse = () => {
  };
  const refused = new Promise((resolve) => {
    refuse = (why) => resolve({ kind: "refused", why });
  });
  const attempt = beginConnectAttempt(locator, socketOptions, (error) => {
    const why = finalSocketFailure(error);
    if (why !== void 0) refuse(why);
  });
  let opening;
  try {
    opening = zenoh.value.Session.open(new zenoh.value.Config(attempt.locator, REQUEST_TIMEOUT_MS));
  } catch (thrown) {
    opening = Promise.reject(thrown);
  }
  let timer;
  const outcome = await new Promise((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timerDelay(remainingMs));
    opening.then(
      (session2) => resolve({ kind: "open", session: session2 }),
      (thrown) => resolve({ kind: "failed", thrown })
    );
    void refused.then(resolve);
  });
  clearTimeout(timer);
  switch (outcome.kind) {
    case "open":
      attempt.settle();
      return ok(outcome.session);
    case "failed":
      attempt.abandon(`zenoh session open at ${locator} failed`);
      return err("TransportError", `could not open a zenoh session at ${locator}: ${describeThrown(outcome.thrown)}`);
    case "refused":
      attempt.abandon(`zenoh router at ${locator} refused: ${outcome.why}`);
      opening.then(
        (late) => void closeZenohSession(late),
        () => {
        }
      );
      return err("TransportError", `could not open a zenoh session at ${locator}: ${outcome.why}`);
    case "timeout":
      attempt.abandon(`gave up on zenoh router at ${locator} after ${budgetMs} ms`);
      opening.then(
        (late) => void closeZenohSession(late),
        () => {
        }
      );
      return timedOut;
  }
}
async function closeZenohSession(session2, budgetMs = CLOSE_BUDGET_MS) {
  try {
    if (session2.isClosed()) return ok();
    await closeSessionQuietly(session2, budgetMs);
    if (session2.isClosed()) return ok();
    return err("Timeout", `zenoh session did not finish closing within ${budgetMs} ms`);
  } catch (thrown) {
    return err("TransportError", `could not close zenoh session: ${describeThrown(thrown)}`);
  }
}
var init_open_session = __esm({
  "src/rmw/zenoh/open-session.ts"() {
    "use strict";
    init_budget();
    init_result();
    init_router_locator();
    init_close_session();
    init_connect_attempt();
    init_plugin_request();
    init_router_trust();
    init_zenoh_ts_loader();
  }
});

// src/rmw/zenoh/request-tap.ts
function tapSession(session2) {
  const inner = innerOf(session2);
  return inner !== void 0 && tapRequests(inner);
}
function retireRequests(session2) {
  const inner = innerOf(session2);
  if (inner === void 0) return;
  retired.add(inner);
  const pending = inner.pendingMessageResponses;
  if (!(pending instanceof Map)) return;
  const waiting2 = [...pending.values()];
  pending.clear();
  for (const answer of waiting2) {
    try {
      if (typeof answer === "function") answer([NO_SUCH_ANSWER, void 0]);
    } catch {
    }
  }
}
function tapRequests(inner) {
  if (tapped.has(inner)) return true;
  const original = inner.sendRequest;
  if (typeof original !== "function") return false;
  const send = original;
  inner.sendRequest = function(msg, ...rest) {
    capturing?.push(msg);
    if (retired.has(inner)) return Promise.reject(new Error(RETIRED));
    return send.call(this, msg, ...rest);
  };
  tapped.add(inner);
  return true;
}
function withSentRequest(session2, call) {
  const inner = innerOf(session2);
  if (inner === void 0 || !tapRequests(inner)) return { result: call(), sent: { kind: "unknown" } };
  const outer = capturing;
  const mine = [];
  capturing = mine;
  let result;
  try {
    result = call();
  } finally {
    capturing = outer;
  }
  if (mine.length !== 1) return { result, sent: { kind: "unknown" } };
  const msg = mine[0];
  const name = typeof msg?.constructor?.name === "string" ? msg.constructor.name : "";
  const method = UNDECLARE_BY_MESSAGE[name];
  if (method !== void 0) {
    const undo = inner[method];
    const id = msg?.id;
    if (typeof undo !== "function" || typeof id !== "number") return { result, sent: { kind: "unknown" } };
    return {
      result,
      sent: { kind: "declaration", undeclare: () => undo.call(inner, id) }
    };
  }
  if (name.includes("Declare")) return { result, sent: { kind: "unknown" } };
  return { result, sent: { kind: "request" } };
}
var UNDECLARE_BY_MESSAGE, capturing, tapped, retired, RETIRED, NO_SUCH_ANSWER;
var init_request_tap = __esm({
  "src/rmw/zenoh/request-tap.ts"() {
    "use strict";
    init_session_link();
    UNDECLARE_BY_MESSAGE = {
      DeclarePublisher: "undeclarePublisher",
      DeclareSubscriber: "undeclareSubscriber",
      DeclareQueryable: "undeclareQueryable",
      DeclareQuerier: "undeclareQuerier",
      DeclareLivelinessToken: "undeclareLivelinessToken",
      DeclareLivelinessSubscriber: "undeclareLivelinessSubscriber",
      PublisherDeclareMatchingListener: "undeclareMatchingListener",
      QuerierDeclareMatchingListener: "undeclareMatchingListener"
    };
    tapped = /* @__PURE__ */ new WeakSet();
    retired = /* @__PURE__ */ new WeakSet();
    RETIRED = "WebSocket is closed (the session was closed)";
    NO_SUCH_ANSWER = -1;
  }
});

// src/rmw/zenoh/request-window.ts
function isRequestTimeout(thrown) {
  return describeThrown(thrown).includes("Remote api request timeout");
}
function windowOf(session2) {
  let w = windows.get(session2);
  if (w === void 0) {
    w = new RequestWindow();
    windows.set(session2, w);
  }
  return w;
}
function closeRequestWindow(session2, why) {
  windowOf(session2).close(why);
}
function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
async function declarationRequest(session2, step) {
  for (let attempt = 1; ; attempt++) {
    const last = { sent: { kind: "unknown" } };
    try {
      return await windowOf(session2).run(
        () => requestWhenDrained(session2, () => {
          const call = withSentRequest(session2, step);
          last.sent = call.sent;
          return call.result;
        })
      );
    } catch (thrown) {
      const { sent } = last;
      if (!isRequestTimeout(thrown) || attempt >= DECLARATION_ATTEMPTS || sent.kind === "unknown") throw thrown;
      if (sent.kind === "declaration") undeclarationRequest(session2, sent.undeclare);
      await sleep(RETRY_FIRST_MS * 2 ** (attempt - 1));
    }
  }
}
function undeclarationRequest(session2, undeclare) {
  windowOf(session2).run(() => requestWhenDrained(session2, undeclare)).catch(() => {
  });
}
var MAX_REQUESTS_IN_FLIGHT, DECLARATION_ATTEMPTS, RETRY_FIRST_MS, RequestWindow, windows;
var init_request_window = __esm({
  "src/rmw/zenoh/request-window.ts"() {
    "use strict";
    init_result();
    init_plugin_request();
    init_request_tap();
    MAX_REQUESTS_IN_FLIGHT = 32;
    DECLARATION_ATTEMPTS = 4;
    RETRY_FIRST_MS = 250;
    RequestWindow = class {
      inFlight = 0;
      queue = [];
      closedBecause;
      async run(call) {
        if (this.closedBecause !== void 0) throw new Error(this.closedBecause);
        if (this.inFlight >= MAX_REQUESTS_IN_FLIGHT) {
          await new Promise((go, stop) => this.queue.push({ go, stop }));
        } else {
          this.inFlight += 1;
        }
        try {
          return await call();
        } finally {
          const next = this.queue.shift();
          if (next !== void 0) next.go();
          else this.inFlight -= 1;
        }
      }
      /** The session is gone: whatever waits fails now instead of after the requests ahead time out. */
      close(why) {
        this.closedBecause = why;
        for (const w of this.queue.splice(0)) w.stop(new Error(why));
      }
    };
    windows = /* @__PURE__ */ new WeakMap();
  }
});

// src/rmw/zenoh/router-connection.ts
function unrefTimer(t) {
  t.unref?.();
}
var HEARTBEAT_MS, HEARTBEAT_MISSES, STALL_AFTER_MS, RECONNECT_FIRST_MS, RECONNECT_CAP_MS, RECONNECT_ATTEMPT_MS, RouterConnection;
var init_router_connection = __esm({
  "src/rmw/zenoh/router-connection.ts"() {
    "use strict";
    init_budget();
    init_result();
    init_close_session();
    init_early_queries();
    init_open_session();
    init_plugin_request();
    init_request_tap();
    init_request_window();
    init_session_link();
    HEARTBEAT_MS = 1e3;
    HEARTBEAT_MISSES = 2;
    STALL_AFTER_MS = 1500;
    RECONNECT_FIRST_MS = 250;
    RECONNECT_CAP_MS = 1e3;
    RECONNECT_ATTEMPT_MS = 2e3;
    RouterConnection = class {
      constructor(locators, connectBudgetMs, opened, emit, socketOptions) {
        this.locators = locators;
        this.connectBudgetMs = connectBudgetMs;
        this.emit = emit;
        this.socketOptions = socketOptions;
        this.index = opened.index;
        this.adopt(opened.session);
      }
      locators;
      connectBudgetMs;
      emit;
      socketOptions;
      session_;
      closed = false;
      declarables = /* @__PURE__ */ new Set();
      heartbeat;
      misses = 0;
      unwatchSocket;
      reconnectTimer;
      reconnecting = false;
      /** When the outstanding heartbeat ping was sent. */
      pingSentAt = 0;
      /** The send buffer shrank since the ping was sent: the link makes progress. */
      drainedSincePing = false;
      lastBuffered = 0;
      stalled = false;
      /** Index in `locators` of the router in use (or last used, while reconnecting). */
      index;
      /** The router lost last, and how many re-open attempts have failed since. */
      lostFrom = "";
      failedSinceLoss = 0;
      /** The router in use (the last one used while reconnecting). */
      get locator() {
        return this.locators[this.index];
      }
      /** Every router this connection may use, in failover order. */
      routers() {
        return this.locators;
      }
      /** The session in use, or undefined while the router is unreachable. */
      current() {
        return this.session_;
      }
      isConnected() {
        return this.session_ !== void 0;
      }
      isClosed() {
        return this.closed;
      }
      /** The sentence every "not connected" error uses. */
      notConnected(what) {
        const where = this.locators.length === 1 ? `zenoh router ${this.locator}` : `any of the zenoh routers ${this.locators.join(", ")}`;
        return `${what}: not connected to ${where} (reconnecting)`;
      }
      register(d) {
        if (this.closed) return;
        this.declarables.add(d);
        if (this.session_ !== void 0) d.declareOn(this.session_);
      }
      unregister(d) {
        this.declarables.delete(d);
      }
      async ping(budgetMs) {
        const budget = checkBudget("ping budgetMs", budgetMs);
        if (!budget.ok) return budget;
        const session2 = this.session_;
        if (session2 === void 0) return err("TransportError", this.notConnected("ping"));
        let timer;
        const outcome = await new Promise((resolve) => {
          timer = setTimeout(
            () => resolve(err("Timeout", `zenoh router ${this.locator} did not answer a ping within ${budgetMs} ms`)),
            timerDelay(budgetMs)
          );
          pingSession(session2).then(
            () => resolve(ok()),
            (thrown) => resolve(
              err(
                "TransportError",
                `ping of zenoh router ${this.locator} failed: ${describeThrown(thrown) || "no answer"}`
              )
            )
          );
        });
        clearTimeout(timer);
        return outcome;
      }
      /** Something failed in a way that may mean the router is gone: check now rather than at the next beat. */
      suspect() {
        const session2 = this.session_;
        if (session2 === void 0) return;
        if (socketClosed(session2)) this.lose(session2, "the WebSocket to the router is closed");
      }
      /**
       * Stops using the session before the entities close: closing the WebSocket makes the plugin
       * drop every declaration at once, so entities skip their own undeclare requests (whose
       * answers would never come and whose zenoh-ts timers would hold the process for 5 s).
       * Returns what `close()` then finishes.
       */
      detach() {
        if (this.closed) return void 0;
        this.closed = true;
        this.stopWatching();
        if (this.reconnectTimer !== void 0) clearTimeout(this.reconnectTimer);
        this.declarables.clear();
        const session2 = this.session_;
        this.session_ = void 0;
        return session2;
      }
      async close(detached = this.detach()) {
        if (detached === void 0) return ok();
        closeRequestWindow(detached, `the session with zenoh router ${this.locator} is closed`);
        retireRequests(detached);
        await closeSessionQuietly(detached);
        markLinkDead(detached);
        return ok();
      }
      adopt(session2) {
        guardEarlyQueries(session2);
        tapSession(session2);
        setRequestTimeout(session2, REQUEST_TIMEOUT_MS);
        this.session_ = session2;
        this.misses = 0;
        this.resetStall();
        const ws = socketOf(session2);
        if (ws !== void 0) {
          const onClose = () => this.lose(session2, "the WebSocket to the router closed");
          ws.addEventListener("close", onClose);
          this.unwatchSocket = () => ws.removeEventListener("close", onClose);
        }
        this.heartbeat = setInterval(() => this.beat(session2), HEARTBEAT_MS);
        unrefTimer(this.heartbeat);
      }
      beating = false;
      beat(session2) {
        if (session2 !== this.session_) return;
        if (socketClosed(session2)) {
          this.lose(session2, "the WebSocket to the router closed");
          return;
        }
        this.watchForStall(session2);
        if (this.beating) return;
        this.beating = true;
        this.pingSentAt = Date.now();
        this.drainedSincePing = false;
        pingSession(session2).then(
          () => {
            this.beating = false;
            if (session2 !== this.session_) return;
            this.misses = 0;
            this.endStall();
          },
          () => {
            this.beating = false;
            if (session2 !== this.session_) return;
            this.misses += 1;
            if (socketClosed(session2)) this.lose(session2, "the WebSocket to the router closed");
            else if (this.misses >= HEARTBEAT_MISSES) {
              this.lose(session2, `the router did not answer ${this.misses} pings in a row (${REQUEST_TIMEOUT_MS} ms each)`);
            }
          }
        );
      }
      /**
       * Reports a stall once: the heartbeat's ping unanswered for STALL_AFTER_MS while the send
       * buffer did not shrink meanwhile. A ping can also wait behind a large publication on a
       * healthy link (it is sent once the buffer drains); then the buffer shrinks, which is progress.
       */
      watchForStall(session2) {
        const buffered = socketOf(session2)?.bufferedAmount;
        const bytes = typeof buffered === "number" ? buffered : 0;
        if (bytes < this.lastBuffered) this.drainedSincePing = true;
        this.lastBuffered = bytes;
        if (this.stalled || !this.beating || this.drainedSincePing) return;
        const pingAge = Date.now() - this.pingSentAt;
        if (pingAge < STALL_AFTER_MS) return;
        this.stalled = true;
        const held = bytes > 0 ? `, ${bytes} bytes wait in the WebSocket` : "";
        this.emit({
          type: "stalled",
          message: `zenoh router ${this.locator} has not answered a ping for ${pingAge} ms${held} (hung or overloaded); publish() still hands samples to the WebSocket, but they are not being delivered meanwhile`
        });
      }
      endStall() {
        if (!this.stalled) return;
        this.stalled = false;
        this.emit({ type: "stall_ended", message: `zenoh router ${this.locator} answers again` });
      }
      resetStall() {
        this.stalled = false;
        this.lastBuffered = 0;
      }
      stopWatching() {
        if (this.heartbeat !== void 0) clearInterval(this.heartbeat);
        this.heartbeat = void 0;
        this.unwatchSocket?.();
        this.unwatchSocket = void 0;
      }
      lose(session2, why) {
        if (this.closed || session2 !== this.session_) return;
        this.session_ = void 0;
        this.stopWatching();
        for (const d of [...this.declarables]) d.sessionLost();
        closeRequestWindow(session2, `lost zenoh router ${this.locator}: ${why}`);
        this.emit({ type: "connection_lost", message: `lost zenoh router ${this.locator}: ${why}; reconnecting` });
        this.lostFrom = this.locator;
        this.failedSinceLoss = 0;
        markLinkDead(session2);
        retireRequests(session2);
        void closeSessionQuietly(session2);
        this.scheduleReconnect(RECONNECT_FIRST_MS);
      }
      scheduleReconnect(delayMs) {
        if (this.closed || this.reconnecting) return;
        this.reconnectTimer = setTimeout(() => void this.reconnect(delayMs), delayMs);
        unrefTimer(this.reconnectTimer);
      }
      async reconnect(lastDelayMs) {
        if (this.closed || this.session_ !== void 0) return;
        this.reconnecting = true;
        const next = (this.index + 1) % this.locators.length;
        const opened = await openZenohSession(
          this.locators[next],
          Math.min(this.connectBudgetMs, RECONNECT_ATTEMPT_MS),
          this.socketOptions
        );
        this.reconnecting = false;
        if (this.closed) {
          if (opened.ok) void closeSessionQuietly(opened.value);
          return;
        }
        this.index = next;
        if (!opened.ok) {
          this.failedSinceLoss += 1;
          const roundDone = this.failedSinceLoss % this.locators.length === 0;
          this.scheduleReconnect(roundDone ? Math.min(lastDelayMs * 2, RECONNECT_CAP_MS) : RECONNECT_FIRST_MS);
          return;
        }
        this.adopt(opened.value);
        for (const d of [...this.declarables]) d.declareOn(opened.value);
        const moved = this.locator === this.lostFrom ? `reconnected to zenoh router ${this.locator}` : `lost zenoh router ${this.lostFrom}, moved to ${this.locator}`;
        this.emit({ type: "reconnected", message: `${moved}; every entity is declared again` });
      }
    };
  }
});

// src/rmw/zenoh/router-failover.ts
function attemptBudgetMs(count, budgetMs, remainingMs) {
  if (count <= 1) return remainingMs;
  return Math.min(remainingMs, Math.max(FAILOVER_ATTEMPT_MS, Math.floor(budgetMs / count)));
}
async function openFirstReachable(locators, budgetMs, socketOptions) {
  const deadline = Date.now() + budgetMs;
  const n2 = locators.length;
  let last;
  let timedOutThisRound = false;
  for (let k = 0; ; k++) {
    const index = k % n2;
    if (index === 0 && k > 0) {
      if (!timedOutThisRound) break;
      timedOutThisRound = false;
    }
    const remaining = deadline - Date.now();
    if (k > 0 && remaining <= 0) break;
    last = await openZenohSession(
      locators[index],
      attemptBudgetMs(n2, budgetMs, Math.max(0, remaining)),
      socketOptions
    );
    if (last.ok) return ok({ session: last.value, index });
    const unreachable = last.error.name === "Timeout" || last.error.name === "TransportError";
    if (!unreachable || n2 === 1) return last;
    if (last.error.name === "Timeout") timedOutThisRound = true;
  }
  const why = last !== void 0 && !last.ok ? last.error : void 0;
  return err(
    why?.name === "TransportError" ? "TransportError" : "Timeout",
    `could not reach any of the zenoh routers ${locators.join(", ")} within ${budgetMs} ms (last: ${why?.message ?? "none tried"})`
  );
}
var FAILOVER_ATTEMPT_MS;
var init_router_failover = __esm({
  "src/rmw/zenoh/router-failover.ts"() {
    "use strict";
    init_result();
    init_open_session();
    FAILOVER_ATTEMPT_MS = 2e3;
  }
});

// src/rmw/wire/qos-chunk.ts
function durationFields(ms) {
  if (ms <= 0 || !Number.isFinite(ms)) return ["", ""];
  const sec = Math.floor(ms / 1e3);
  const nsec = Math.round((ms - sec * 1e3) * 1e6);
  return [String(sec), String(nsec)];
}
function encodeQosChunk(qos) {
  const r = qos.reliability === "reliable" ? "" : String(qosWireNumber("reliability", qos.reliability));
  const d = qos.durability === "volatile" ? "" : String(qosWireNumber("durability", qos.durability));
  const h = qos.history === "keep_last" ? "" : String(qosWireNumber("history", qos.history));
  const depth = qos.history === "keep_all" || qos.depth === RMW_ZENOH_DEFAULT_DEPTH ? "" : String(qos.depth);
  const [dls, dlns] = durationFields(qos.deadlineMs);
  const [lss, lsns] = durationFields(qos.lifespanMs);
  const lv = qos.liveliness === "automatic" ? "" : String(qosWireNumber("liveliness", qos.liveliness));
  const [lvs, lvns] = durationFields(qos.livelinessLeaseMs);
  return `${r}:${d}:${h},${depth}:${dls},${dlns}:${lss},${lsns}:${lv},${lvs},${lvns}`;
}
function lookup(policy, field, dflt) {
  if (field === "") return dflt;
  if (!/^\d+$/.test(field)) return void 0;
  return qosValueOfWireNumber(policy, Number(field)) ?? "unknown";
}
function parseCount(field, dflt) {
  if (field === "") return dflt;
  return /^\d+$/.test(field) ? Number(field) : void 0;
}
function parseDuration(sec, nsec) {
  if ((sec === "" || sec === INFINITE_SEC) && (nsec === "" || nsec === INFINITE_NSEC)) return 0;
  const s = parseCount(sec === INFINITE_SEC ? "" : sec, 0);
  const ns = parseCount(nsec === INFINITE_NSEC ? "" : nsec, 0);
  if (s === void 0 || ns === void 0) return void 0;
  return s * 1e3 + ns / 1e6;
}
function decodeQosChunk(chunk) {
  const parts = chunk.split(":");
  if (parts.length < 6) return void 0;
  const [r, d, hist, dl, ls, lv] = parts;
  const h = hist.split(",");
  const dlp = dl.split(",");
  const lsp = ls.split(",");
  const lvp = lv.split(",");
  if (h.length < 2 || dlp.length < 2 || lsp.length < 2 || lvp.length < 3) return void 0;
  const reliability = lookup("reliability", r, "reliable");
  const durability = lookup("durability", d, "volatile");
  const history = lookup("history", h[0], "keep_last");
  const liveliness = lookup("liveliness", lvp[0], "automatic");
  const depth = parseCount(h[1], RMW_ZENOH_DEFAULT_DEPTH);
  const deadlineMs = parseDuration(dlp[0], dlp[1]);
  const lifespanMs = parseDuration(lsp[0], lsp[1]);
  const livelinessLeaseMs = parseDuration(lvp[1], lvp[2]);
  if (reliability === void 0 || durability === void 0 || history === void 0 || liveliness === void 0 || depth === void 0 || deadlineMs === void 0 || lifespanMs === void 0 || livelinessLeaseMs === void 0) {
    return void 0;
  }
  return { reliability, durability, history, depth, deadlineMs, lifespanMs, liveliness, livelinessLeaseMs };
}
var RMW_ZENOH_DEFAULT_DEPTH, INFINITE_SEC, INFINITE_NSEC;
var init_qos_chunk = __esm({
  "src/rmw/wire/qos-chunk.ts"() {
    "use strict";
    init_qos();
    RMW_ZENOH_DEFAULT_DEPTH = 42;
    INFINITE_SEC = "9223372036";
    INFINITE_NSEC = "854775807";
  }
});

// src/rmw/wire/liveliness-token.ts
function mangleName(s) {
  return s.length === 0 ? "%" : s.replaceAll("/", "%");
}
function demangleName(s) {
  return s.replaceAll("%", "/");
}
function livelinessDomainKey(domainId) {
  return `${LIVELINESS_ADMIN_SPACE}/${domainId}/**`;
}
function nodePrefix(o, entityId, code) {
  const n2 = o.node;
  return [
    LIVELINESS_ADMIN_SPACE,
    o.domainId,
    o.sessionId,
    o.nodeId,
    entityId,
    code,
    mangleName(n2.enclave),
    mangleName(n2.namespace),
    mangleName(n2.name)
  ].join("/");
}
function nodeToken(owner) {
  return nodePrefix(owner, owner.nodeId, NODE_CODE);
}
function endpointToken(owner, e2) {
  return [
    nodePrefix(owner, e2.entityId, ENDPOINT_KIND_CODE[e2.kind]),
    mangleName(e2.name),
    mangleName(e2.ddsTypeName),
    mangleName(e2.typeHash),
    encodeQosChunk(e2.qos)
  ].join("/");
}
function parseToken(key) {
  const p = key.split("/");
  if (p.length < 9 || p[0] !== LIVELINESS_ADMIN_SPACE || p.some((c) => c.length === 0)) return void 0;
  const [, domain, sessionId, nodeId, entityId, code, enclave, ns, name] = p;
  if (!/^\d+$/.test(domain)) return void 0;
  const node2 = { name: demangleName(name), namespace: demangleName(ns), enclave: demangleName(enclave) };
  const base = { domainId: Number(domain), sessionId, nodeId, entityId, node: node2 };
  if (code === NODE_CODE) return p.length === 9 ? { ...base, endpoint: void 0 } : void 0;
  const kind = KIND_BY_CODE.get(code);
  if (kind === void 0 || p.length !== 13) return void 0;
  const qos = decodeQosChunk(p[12]);
  if (qos === void 0) return void 0;
  const endpoint = {
    kind,
    node: node2,
    naming: "ros",
    name: demangleName(p[9]),
    typeName: rosTypeName(demangleName(p[10])),
    typeHash: demangleName(p[11]),
    qos
  };
  return { ...base, endpoint };
}
var LIVELINESS_ADMIN_SPACE, ENDPOINT_KIND_CODE, NODE_CODE, KIND_BY_CODE;
var init_liveliness_token = __esm({
  "src/rmw/wire/liveliness-token.ts"() {
    "use strict";
    init_data_key();
    init_qos_chunk();
    LIVELINESS_ADMIN_SPACE = "@ros2_lv";
    ENDPOINT_KIND_CODE = {
      publisher: "MP",
      subscription: "MS",
      service: "SS",
      client: "SC"
    };
    NODE_CODE = "NN";
    KIND_BY_CODE = new Map(
      Object.entries(ENDPOINT_KIND_CODE).map(([k, c]) => [c, k])
    );
  }
});

// src/rmw/zenoh/zenoh-entity.ts
function undeclareAll(session2, handles) {
  for (const h of [...handles].reverse()) undeclarationRequest(session2, () => h.undeclare());
}
async function declareSteps(session2, steps) {
  const done = [];
  try {
    for (const step of steps) {
      const h = await declarationRequest(session2, step);
      if (h !== void 0) done.push(h);
    }
    return done;
  } catch (thrown) {
    undeclareAll(session2, done);
    throw thrown;
  }
}
var ZenohEntity;
var init_zenoh_entity = __esm({
  "src/rmw/zenoh/zenoh-entity.ts"() {
    "use strict";
    init_result();
    init_request_window();
    ZenohEntity = class {
      constructor(key, ctx, what) {
        this.key = key;
        this.ctx = ctx;
        this.what = what;
        this.readyPromise = new Promise((resolve) => {
          this.resolveReady = resolve;
        });
      }
      key;
      ctx;
      what;
      state = "declaring";
      /** Why the declaration failed, for errors from later calls. */
      failure;
      /** The session the live handles belong to. */
      declaredOn;
      handles = [];
      /** Bumped by every declare, loss and close: a late declaration result with an old value is stale. */
      generation = 0;
      readyPromise;
      resolveReady;
      /** Call at the end of the subclass constructor. */
      start() {
        this.ctx.connection.register(this);
      }
      ready() {
        return this.readyPromise;
      }
      isOpen() {
        return this.state !== "closed" && this.state !== "failed";
      }
      /** The entity is declared on `session` (first time or again after a reconnect). */
      onDeclared(_session) {
      }
      /** The session is gone (handles already forgotten) or the entity is closing. */
      onDetached(_reason) {
      }
      declareOn(session2) {
        if (this.state === "closed" || this.state === "failed") return;
        const gen = ++this.generation;
        this.state = "declaring";
        let declaring;
        try {
          declaring = this.declare(session2);
        } catch (thrown) {
          declaring = Promise.reject(thrown);
        }
        declaring.then(
          (handles) => {
            if (gen !== this.generation || this.ctx.connection.current() !== session2) {
              if (this.ctx.connection.current() === session2) undeclareAll(session2, handles);
              return;
            }
            this.handles = handles;
            this.declaredOn = session2;
            this.state = "declared";
            this.settleReady(ok());
            this.onDeclared(session2);
          },
          (thrown) => {
            if (gen !== this.generation || this.ctx.connection.current() !== session2) return;
            this.fail(`${this.what} could not be declared: ${describeThrown(thrown) || "no answer from the router"}`);
          }
        );
      }
      sessionLost() {
        if (this.state === "closed" || this.state === "failed") return;
        this.generation++;
        this.handles = [];
        this.declaredOn = void 0;
        this.state = "declaring";
        this.onDetached("lost");
      }
      close() {
        if (this.state === "closed") return;
        const wasFailed = this.state === "failed";
        this.state = "closed";
        this.generation++;
        this.ctx.connection.unregister(this);
        if (!wasFailed) this.onDetached("closed");
        if (this.declaredOn !== void 0 && this.ctx.connection.current() === this.declaredOn)
          undeclareAll(this.declaredOn, this.handles);
        this.handles = [];
        this.declaredOn = void 0;
        this.settleReady(err("NotInitialized", `${this.what} was closed before it was declared`));
      }
      /** Declaration failed: report, undo, stop. Also used when a later step of the entity fails for good. */
      fail(message) {
        if (this.state === "closed" || this.state === "failed") return;
        this.state = "failed";
        this.failure = message;
        this.generation++;
        this.ctx.connection.unregister(this);
        if (this.declaredOn !== void 0 && this.ctx.connection.current() === this.declaredOn)
          undeclareAll(this.declaredOn, this.handles);
        this.handles = [];
        this.declaredOn = void 0;
        this.onDetached("failed");
        this.settleReady(err("TransportError", message));
        this.ctx.emit({ type: "declaration_failed", key: this.key, message });
      }
      /** The error a call on a closed or failed entity answers. */
      unusable() {
        if (this.state === "closed") return err("NotInitialized", `${this.what} is closed`);
        if (this.state === "failed") return err("TransportError", this.failure ?? `${this.what} could not be declared`);
        return void 0;
      }
      settleReady(r) {
        const resolve = this.resolveReady;
        this.resolveReady = void 0;
        resolve?.(r);
      }
    };
  }
});

// src/rmw/zenoh/zenoh-graph.ts
var SEED_TIMEOUT_MS, ZenohGraph;
var init_zenoh_graph = __esm({
  "src/rmw/zenoh/zenoh-graph.ts"() {
    "use strict";
    init_result();
    init_liveliness_token();
    init_zenoh_entity();
    SEED_TIMEOUT_MS = 3e3;
    ZenohGraph = class {
      constructor(zenoh, connection, domainId, report) {
        this.zenoh = zenoh;
        this.connection = connection;
        this.domainId = domainId;
        this.report = report;
      }
      zenoh;
      connection;
      domainId;
      report;
      supported = true;
      remote = /* @__PURE__ */ new Map();
      local = /* @__PURE__ */ new Map();
      listeners = /* @__PURE__ */ new Set();
      handles = [];
      generation = 0;
      /** Deletes seen while the seeding GET runs: its late answers must not bring them back. */
      deletedDuringSeed;
      nodesCache;
      endpointsCache;
      publisherCounts;
      /** The remote part is complete: connected, and the seeding GET is done. */
      settled = false;
      nodes() {
        this.nodesCache ??= this.compute().nodes;
        return this.nodesCache;
      }
      endpoints() {
        this.endpointsCache ??= this.compute().endpoints;
        return this.endpointsCache;
      }
      onChange(listener) {
        const l = () => listener();
        this.listeners.add(l);
        return () => {
          this.listeners.delete(l);
        };
      }
      /** Endpoint tokens of `kind` on the ROS name `name` (any type): what readiness and counts look at. */
      endpointsNamed(kind, name) {
        return this.endpoints().filter((e2) => e2.kind === kind && e2.name === name);
      }
      /**
       * How many publishers the graph shows on the ROS name `name` (one table per graph change),
       * or undefined while the graph is not complete (disconnected, or seeding after a connect).
       */
      publisherCount(name) {
        if (!this.settled) return void 0;
        if (this.publisherCounts === void 0) {
          this.publisherCounts = /* @__PURE__ */ new Map();
          for (const e2 of this.endpoints())
            if (e2.kind === "publisher") this.publisherCounts.set(e2.name, (this.publisherCounts.get(e2.name) ?? 0) + 1);
        }
        return this.publisherCounts.get(name) ?? 0;
      }
      addLocal(token) {
        const parsed = parseToken(token);
        if (parsed === void 0 || this.local.has(token)) return;
        this.local.set(token, parsed);
        this.changed();
      }
      removeLocal(token) {
        if (this.local.delete(token)) this.changed();
      }
      declareOn(session2) {
        const gen = ++this.generation;
        this.settled = false;
        const key = livelinessDomainKey(this.domainId);
        const subscribe = async () => session2.liveliness().declareSubscriber(key, { history: true, handler: (s) => this.onSample(gen, s) });
        declareSteps(session2, [subscribe]).then(
          (handles) => {
            if (gen !== this.generation || this.connection.current() !== session2) {
              if (this.connection.current() === session2) undeclareAll(session2, handles);
              return;
            }
            this.handles = handles;
            this.seed(session2, gen);
          },
          (thrown) => {
            if (gen === this.generation && this.connection.current() === session2) {
              this.report(`graph discovery on '${key}' could not start: ${describeThrown(thrown)}`);
            }
          }
        );
      }
      sessionLost() {
        this.generation++;
        this.settled = false;
        this.handles = [];
        this.deletedDuringSeed = void 0;
        if (this.remote.size > 0) {
          this.remote.clear();
          this.changed();
        }
      }
      close() {
        this.generation++;
        const session2 = this.connection.current();
        if (session2 !== void 0) undeclareAll(session2, this.handles);
        this.handles = [];
        this.listeners.clear();
      }
      seed(session2, gen) {
        this.deletedDuringSeed = /* @__PURE__ */ new Set();
        const onReply = (reply) => {
          if (gen !== this.generation) return;
          const r = reply.result();
          if (!(r instanceof this.zenoh.Sample)) return;
          const key = r.keyexpr().toString();
          if (this.deletedDuringSeed?.has(key) !== true) this.put(key);
        };
        const onDone = () => {
          if (gen !== this.generation) return;
          this.deletedDuringSeed = void 0;
          this.settled = true;
          this.changed();
        };
        session2.liveliness().get(livelinessDomainKey(this.domainId), {
          timeout: this.zenoh.Duration.milliseconds.of(SEED_TIMEOUT_MS),
          handler: [onReply, onDone]
        }).catch(() => onDone());
      }
      onSample(gen, sample) {
        if (gen !== this.generation) return;
        const key = sample.keyexpr().toString();
        if (sample.kind() === this.zenoh.SampleKind.DELETE) {
          this.deletedDuringSeed?.add(key);
          if (this.remote.delete(key)) this.changed();
        } else {
          this.put(key);
        }
      }
      put(key) {
        if (this.remote.has(key)) return;
        const parsed = parseToken(key);
        if (parsed === void 0 || parsed.domainId !== this.domainId) return;
        this.remote.set(key, parsed);
        this.changed();
      }
      /** Caches drop at once; listeners hear about it from a microtask (coalesced), never inside a user's call. */
      changed() {
        this.nodesCache = void 0;
        this.endpointsCache = void 0;
        this.publisherCounts = void 0;
        if (this.notifyScheduled) return;
        this.notifyScheduled = true;
        queueMicrotask(() => this.notify());
      }
      notifyScheduled = false;
      notify() {
        this.notifyScheduled = false;
        for (const l of [...this.listeners]) {
          try {
            l();
          } catch (thrown) {
            this.report(`graph listener threw: ${describeThrown(thrown)}`);
          }
        }
      }
      /** Tokens known from both sources, own ones echoed back counted once. */
      compute() {
        const all = new Map([...this.remote, ...this.local]);
        const nodes = /* @__PURE__ */ new Map();
        const endpoints = [];
        for (const t of all.values()) {
          if (t.endpoint === void 0) nodes.set(`${t.sessionId}/${t.nodeId}`, t.node);
          else endpoints.push(t.endpoint);
        }
        return { nodes: [...nodes.values()], endpoints };
      }
    };
  }
});

// src/rmw/zenoh/endpoint-spec.ts
function resolveEndpoint(owner, entityId, spec, kind) {
  const key = checkEndpointSpec(owner.domainId, spec, kind);
  if (!key.ok) return key;
  if (kind === "publisher" && hasWildcard(key.value)) {
    return err("InvalidArgument", `publisher key '${key.value}' has a wildcard; a publisher needs one concrete key`);
  }
  if (spec.naming === "raw") return ok({ spec, kind, key: key.value, entityId, token: void 0 });
  if (hasWildcard(key.value))
    return err("InvalidArgument", `${kind} name '${spec.name}' must not hold wildcards with ros naming`);
  if (!spec.name.startsWith("/"))
    return err("InvalidArgument", `${kind} name '${spec.name}' must be fully qualified (start with '/')`);
  if (typeof spec.typeHash !== "string" || spec.typeHash.length === 0) {
    return err("InvalidArgument", `${kind} '${spec.name}': type hash is empty (use 'TypeHashNotSupported')`);
  }
  const dds = ddsTypeName(spec.typeName);
  if (!dds.ok) return dds;
  const token = endpointToken(owner, {
    kind,
    entityId,
    name: spec.name,
    ddsTypeName: dds.value,
    typeHash: spec.typeHash,
    qos: spec.qos
  });
  const tokenValid = validateKeyExpr(token, `${kind} liveliness token`);
  if (!tokenValid.ok) return tokenValid;
  return ok({ spec, kind, key: key.value, entityId, token });
}
var init_endpoint_spec = __esm({
  "src/rmw/zenoh/endpoint-spec.ts"() {
    "use strict";
    init_result();
    init_endpoint_check();
    init_key_expr();
    init_data_key();
    init_liveliness_token();
  }
});

// src/rmw/zenoh/transient-local.ts
function advancedPublisherKey(dataKey2, sessionId) {
  return `${dataKey2}/${ADV_PUB}/${sessionId}/uhlc/_`;
}
function publisherDetectionKey(dataKey2) {
  return `${dataKey2}/${ADV_PUB}/**`;
}
function historySelector(dataKey2, max) {
  return `${dataKey2}/@adv/**?_max=${max}`;
}
function publisherHistorySelector(token, max) {
  return `${token}?_max=${max}`;
}
function historyDepth(qos) {
  return qos.history === "keep_all" ? MAX_TRANSIENT_LOCAL_HISTORY : Math.min(qos.depth, MAX_TRANSIENT_LOCAL_HISTORY);
}
function repliesWanted(params) {
  if (params.get("_sn") !== void 0) return 0;
  const max = params.get("_max");
  if (max === void 0 || !/^\d{1,10}$/.test(max)) return void 0;
  return Number(max);
}
var MAX_TRANSIENT_LOCAL_HISTORY, ADV_PUB, TransientLocalCache;
var init_transient_local = __esm({
  "src/rmw/zenoh/transient-local.ts"() {
    "use strict";
    init_query_replies();
    MAX_TRANSIENT_LOCAL_HISTORY = 1e3;
    ADV_PUB = "@adv/pub";
    TransientLocalCache = class {
      constructor(zenoh, dataKey2, key, qos) {
        this.zenoh = zenoh;
        this.dataKey = dataKey2;
        this.key = key;
        this.capacity = Math.max(1, historyDepth(qos));
      }
      zenoh;
      dataKey;
      key;
      samples = [];
      capacity;
      openQueries = /* @__PURE__ */ new Set();
      remember(bytes, attachment, timestamp) {
        this.samples.push({ bytes, attachment, timestamp });
        if (this.samples.length > this.capacity) this.samples.shift();
      }
      /** The queryable, then the token, so a subscriber that detects the publisher finds its cache. */
      declareSteps(session2) {
        return [
          () => session2.declareQueryable(this.key, { complete: false, handler: (q) => this.serve(q) }),
          () => session2.liveliness().declareToken(this.key)
        ];
      }
      close() {
        this.samples.length = 0;
        for (const q of this.openQueries) finalizeQuietly(q);
        this.openQueries.clear();
      }
      serve(query) {
        const anyKey = query.acceptsReplies() === this.zenoh.ReplyKeyExpr.ANY;
        const wanted = anyKey ? repliesWanted(query.parameters()) : 0;
        const snapshot = wanted === void 0 ? [...this.samples] : wanted === 0 ? [] : this.samples.slice(-wanted);
        this.openQueries.add(query);
        void (async () => {
          try {
            for (const s of snapshot) {
              await query.reply(this.dataKey, s.bytes, {
                timestamp: s.timestamp,
                ...s.attachment === void 0 ? {} : { attachment: s.attachment }
              });
            }
          } catch {
          } finally {
            this.openQueries.delete(query);
            finalizeQuietly(query);
          }
        })();
      }
    };
  }
});

// src/rmw/zenoh/qos-mapping.ts
function zenohPublisherQos(zenoh, qos) {
  const reliable = qos.reliability === "reliable";
  return {
    reliability: reliable ? zenoh.Reliability.RELIABLE : zenoh.Reliability.BEST_EFFORT,
    congestionControl: reliable && qos.history === "keep_all" ? zenoh.CongestionControl.BLOCK : zenoh.CongestionControl.DROP
  };
}
function zenohActualQos(qos) {
  return {
    reliability: qos.reliability,
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: qos.deadlineMs === 0 ? 0 : "unknown",
    lifespanMs: qos.lifespanMs === 0 ? 0 : "unknown",
    liveliness: qos.liveliness === "automatic" ? "automatic" : "unknown",
    livelinessLeaseMs: qos.livelinessLeaseMs === 0 ? 0 : "unknown"
  };
}
var init_qos_mapping = __esm({
  "src/rmw/zenoh/qos-mapping.ts"() {
    "use strict";
  }
});

// src/rmw/zenoh/zenoh-endpoint.ts
var ZenohEndpoint;
var init_zenoh_endpoint = __esm({
  "src/rmw/zenoh/zenoh-endpoint.ts"() {
    "use strict";
    init_qos_mapping();
    init_session_context();
    init_zenoh_entity();
    ZenohEndpoint = class extends ZenohEntity {
      constructor(session2, endpoint, what) {
        super(endpoint.key, session2, what);
        this.endpoint = endpoint;
        this.session = session2;
        if (endpoint.token !== void 0) session2.graph.addLocal(endpoint.token);
      }
      endpoint;
      session;
      actualQos() {
        return zenohActualQos(this.endpoint.spec.qos);
      }
      declare(session2) {
        const steps = this.declareObjects(session2);
        if (this.endpoint.token !== void 0) steps.push(tokenStep(session2, this.endpoint.token));
        return declareSteps(session2, steps);
      }
      onDetached(reason) {
        if (reason !== "lost" && this.endpoint.token !== void 0) this.session.graph.removeLocal(this.endpoint.token);
        this.detached(reason);
      }
      /** Subclass hook for onDetached. */
      detached(_reason) {
      }
    };
  }
});

// src/rmw/zenoh/zenoh-publisher.ts
var MAX_QUEUED_SAMPLES, SENDS_AT_ONCE_BELOW_BYTES, ZenohPublisher;
var init_zenoh_publisher = __esm({
  "src/rmw/zenoh/zenoh-publisher.ts"() {
    "use strict";
    init_result();
    init_attachment();
    init_gid();
    init_qos_mapping();
    init_session_context();
    init_session_link();
    init_zenoh_endpoint();
    MAX_QUEUED_SAMPLES = 1024;
    SENDS_AT_ONCE_BELOW_BYTES = 2 * 1024 * 1024;
    ZenohPublisher = class extends ZenohEndpoint {
      constructor(session2, endpoint, cache) {
        super(session2, endpoint, `publisher on '${endpoint.key}'`);
        this.cache = cache;
        this.start();
      }
      cache;
      gid = entityGid(this.endpoint.token);
      publisher;
      waiting = [];
      sequence = 0n;
      /** The put chain of the current session; a lost session's chain is abandoned, never waited on. */
      chain = { tail: Promise.resolve(), inFlight: 0 };
      /** The declared publisher's socket, read to know whether a put goes out synchronously. */
      socket;
      /** Reports a failed direct put; made once per declaration so a put allocates no closure. */
      putFailed = () => {
      };
      publish(payload) {
        const bad = this.unusable();
        if (bad !== void 0) return bad;
        const checked = checkPayload(payload, this.what);
        if (!checked.ok) return checked;
        if (!this.session.connection.isConnected()) {
          return err("TransportError", this.session.connection.notConnected(`${this.what} cannot publish`));
        }
        if (this.waiting.length + this.chain.inFlight >= MAX_QUEUED_SAMPLES) {
          return err(
            "TryAgain",
            `${this.what} has ${MAX_QUEUED_SAMPLES} samples waiting for the router; publish again later`
          );
        }
        const out = this.stamp(new Uint8Array(payload));
        if (this.publisher === void 0) this.waiting.push(out);
        else this.send(this.publisher, out);
        return ok();
      }
      subscriptionCount() {
        const bad = this.unusable();
        if (bad !== void 0) return bad;
        const spec = this.endpoint.spec;
        if (spec.naming === "raw") {
          return err(
            "Unsupported",
            `${this.what}: raw keys carry no liveliness tokens, so subscriptions cannot be counted`
          );
        }
        return ok(
          this.session.graph.endpointsNamed("subscription", spec.name).filter((e2) => e2.typeName === spec.typeName).length
        );
      }
      declareObjects(session2) {
        const qos = zenohPublisherQos(this.session.zenoh, this.endpoint.spec.qos);
        const steps = [
          async () => {
            const p = await session2.declarePublisher(this.key, {
              reliability: qos.reliability,
              congestionControl: qos.congestionControl
            });
            this.pendingPublisher = p;
            return p;
          }
        ];
        if (this.cache !== void 0) steps.push(...this.cache.declareSteps(session2));
        return steps;
      }
      pendingPublisher;
      onDeclared(session2) {
        this.publisher = this.pendingPublisher;
        this.pendingPublisher = void 0;
        const p = this.publisher;
        if (p === void 0) return;
        this.socket = socketOf(session2);
        this.putFailed = (thrown) => this.reportPutFailure(p, thrown);
        for (const out of this.waiting.splice(0)) this.send(p, out);
      }
      detached(reason) {
        this.publisher = void 0;
        this.pendingPublisher = void 0;
        this.socket = void 0;
        this.putFailed = () => {
        };
        this.chain = { tail: Promise.resolve(), inFlight: 0 };
        const dropped = this.waiting.splice(0).length;
        if (dropped > 0 && reason !== "closed") {
          const why = reason === "lost" ? "the router was lost before the publisher was declared" : "the declaration failed";
          this.session.emit({
            type: "dropped",
            key: this.key,
            message: `${this.what}: ${dropped} queued samples dropped, ${why}`
          });
        }
        if (reason !== "lost") this.cache?.close();
      }
      stamp(bytes) {
        this.sequence += 1n;
        const attachment = this.endpoint.spec.naming === "ros" ? encodeAttachment({ sequenceNumber: this.sequence, sourceTimestampNs: nowNs(), gid: this.gid }) : void 0;
        const timestamp = this.session.clock.now();
        this.cache?.remember(bytes, attachment, timestamp);
        return { bytes, attachment, timestamp };
      }
      send(p, out) {
        const { bytes, attachment, timestamp } = out;
        const options = attachment === void 0 ? { timestamp } : { attachment, timestamp };
        const chain = this.chain;
        if (chain.inFlight === 0 && this.socketTakesAtOnce()) {
          p.put(bytes, options).catch(this.putFailed);
          return;
        }
        chain.inFlight += 1;
        chain.tail = chain.tail.then(async () => {
          try {
            if (p !== this.publisher) return;
            await p.put(bytes, options);
          } catch (thrown) {
            this.reportPutFailure(p, thrown);
          } finally {
            chain.inFlight -= 1;
          }
        });
      }
      /** Whether the socket is open and under zenoh-ts's back-pressure threshold (unknown: no). */
      socketTakesAtOnce() {
        const ws = this.socket;
        if (ws === void 0 || ws.readyState !== 1) return false;
        const buffered = ws.bufferedAmount;
        return typeof buffered === "number" && buffered <= SENDS_AT_ONCE_BELOW_BYTES;
      }
      reportPutFailure(p, thrown) {
        if (p !== this.publisher) return;
        this.session.emit({
          type: "transport_error",
          key: this.key,
          message: `${this.what}: put failed: ${describeThrown(thrown)}`
        });
        this.session.connection.suspect();
      }
    };
  }
});

// src/rmw/zenoh/zenoh-service-client.ts
var ZENOH_TIMEOUT_SLACK_MS, ZenohServiceClient;
var init_zenoh_service_client = __esm({
  "src/rmw/zenoh/zenoh-service-client.ts"() {
    "use strict";
    init_budget();
    init_result();
    init_attachment();
    init_gid();
    init_session_context();
    init_zenoh_endpoint();
    ZENOH_TIMEOUT_SLACK_MS = 1e3;
    ZenohServiceClient = class extends ZenohEndpoint {
      constructor(session2, endpoint, onReply) {
        super(session2, endpoint, `service client on '${endpoint.key}'`);
        this.onReply = onReply;
        this.unwatchGraph = endpoint.spec.naming === "ros" ? session2.graph.onChange(() => this.readyChanged()) : () => {
        };
        this.start();
      }
      onReply;
      gid = entityGid(this.endpoint.token);
      sequence = 0n;
      pending = /* @__PURE__ */ new Map();
      matching = false;
      readyListeners = /* @__PURE__ */ new Set();
      unwatchGraph;
      sendRequest(payload, budgetMs) {
        const bad = this.unusable();
        if (bad !== void 0) return bad;
        const checked = checkPayload(payload, `request of ${this.what}`);
        if (!checked.ok) return checked;
        const budget = checkBudget(`budgetMs for request of ${this.what}`, budgetMs);
        if (!budget.ok) return budget;
        const session2 = this.session.connection.current();
        if (session2 === void 0)
          return err("TransportError", this.session.connection.notConnected(`${this.what} cannot send`));
        this.sequence += 1n;
        const seq = this.sequence;
        const p = { seq, budgetMs, session: session2, timer: void 0, cancel: void 0 };
        this.pending.set(seq, p);
        p.timer = setTimeout(
          () => this.settle(p, this.error(seq, "Timeout", `${this.what}: no reply to request ${seq} within ${budgetMs} ms`)),
          timerDelay(budgetMs)
        );
        this.get(session2, p, new Uint8Array(payload));
        return ok(seq);
      }
      abandon(sequenceNumber) {
        const p = this.pending.get(sequenceNumber);
        if (p === void 0) return;
        this.forget(p);
      }
      serviceIsReady() {
        const bad = this.unusable();
        if (bad !== void 0) return bad;
        return ok(this.matching && this.session.connection.isConnected());
      }
      onReadyChange(listener) {
        const l = () => listener();
        this.readyListeners.add(l);
        return () => {
          this.readyListeners.delete(l);
        };
      }
      /**
       * Why no server matches although one of the same name is visible: another type (or type
       * hash). undefined when ready, or when no server of that name is visible at all.
       */
      mismatchReason() {
        const spec = this.endpoint.spec;
        if (spec.naming !== "ros" || this.matching && this.session.connection.isConnected()) return void 0;
        const servers = this.session.graph.endpointsNamed("service", spec.name);
        if (servers.length === 0) return void 0;
        const otherType = servers.find((s) => s.typeName !== spec.typeName);
        if (otherType !== void 0) {
          return `service ${spec.name} is served with type ${otherType.typeName}, this client expects ${spec.typeName}`;
        }
        const otherHash = servers.find((s) => s.typeHash !== spec.typeHash);
        if (otherHash !== void 0) {
          return `service ${spec.name} is served with type ${spec.typeName} hash ${otherHash.typeHash}, this client expects hash ${spec.typeHash}`;
        }
        return void 0;
      }
      declareObjects(session2) {
        const { zenoh } = this.session;
        let querier;
        return [
          async () => {
            querier = await session2.declareQuerier(this.key, {
              target: this.target(),
              consolidation: zenoh.ConsolidationMode.NONE
            });
            return querier;
          },
          async () => querier?.matchingListener({
            handler: (status) => this.setMatching(session2, status.matching())
          }),
          // Asked after the listener exists, so no change can fall between the two.
          async () => {
            const status = await querier?.matchingStatus();
            if (status !== void 0) this.setMatching(session2, status.matching());
            return void 0;
          }
        ];
      }
      detached(reason) {
        const why = reason === "lost" ? this.session.connection.notConnected(`${this.what}: request lost`) : reason === "closed" ? `${this.what} was closed before the reply came` : `${this.what} could not be declared`;
        for (const p of [...this.pending.values()])
          this.settle(p, this.error(p.seq, "TransportError", `${why} (request ${p.seq}, budget ${p.budgetMs} ms)`));
        if (reason !== "lost") this.unwatchGraph();
        if (this.matching) {
          this.matching = false;
          this.readyChanged();
        } else if (reason === "lost") {
          this.readyChanged();
        }
        if (reason !== "lost") this.readyListeners.clear();
      }
      target() {
        const { zenoh } = this.session;
        return this.endpoint.spec.naming === "ros" ? zenoh.QueryTarget.ALL_COMPLETE : zenoh.QueryTarget.BEST_MATCHING;
      }
      setMatching(session2, matching) {
        if (session2 !== this.session.connection.current() || !this.isOpen() || matching === this.matching) return;
        this.matching = matching;
        this.readyChanged();
      }
      readyNotifyScheduled = false;
      /** Listeners hear from a microtask (coalesced), never inside a user's call. */
      readyChanged() {
        if (this.readyNotifyScheduled) return;
        this.readyNotifyScheduled = true;
        queueMicrotask(() => {
          this.readyNotifyScheduled = false;
          for (const l of [...this.readyListeners])
            deliver(this.session, this.key, `${this.what} readiness`, () => l(), void 0);
        });
      }
      get(session2, p, payload) {
        const { zenoh } = this.session;
        let answered = false;
        const onReply = (reply) => {
          if (answered || this.pending.get(p.seq) !== p) return;
          answered = true;
          const r = reply.result();
          if (r instanceof zenoh.Sample) {
            const attachment2 = decodeAttachment(r.attachment()?.toBytes());
            this.settle(p, { kind: "reply", sequenceNumber: p.seq, payload: r.payload().toBytes(), attachment: attachment2 }, false);
          } else {
            const message = r.payload().toString();
            this.settle(
              p,
              this.error(
                p.seq,
                "ServiceFailed",
                `${this.what}: request ${p.seq} failed: ${message || "error reply without a message"}`
              ),
              false
            );
          }
        };
        const onDone = () => {
          if (answered || this.pending.get(p.seq) !== p) return;
          if (this.session.connection.current() !== session2) return;
          this.settle(
            p,
            this.error(
              p.seq,
              "NotFound",
              `${this.what}: request ${p.seq} ended without a reply (no service server on the key, or it left before answering)`
            ),
            false
          );
        };
        const ros = this.endpoint.spec.naming === "ros";
        const attachment = ros ? encodeAttachment({ sequenceNumber: p.seq, sourceTimestampNs: nowNs(), gid: this.gid }) : void 0;
        const cancellation = new zenoh.CancellationToken();
        p.cancel = () => cancellation.cancel();
        session2.get(this.key, {
          payload,
          ...attachment === void 0 ? {} : { attachment },
          target: this.target(),
          consolidation: zenoh.ConsolidationMode.NONE,
          timeout: zenoh.Duration.milliseconds.of(timerDelay(p.budgetMs + ZENOH_TIMEOUT_SLACK_MS)),
          cancellationToken: cancellation,
          handler: [onReply, onDone]
        }).catch((thrown) => {
          if (this.pending.get(p.seq) !== p) return;
          this.settle(
            p,
            this.error(
              p.seq,
              "TransportError",
              `${this.what}: request ${p.seq} could not be sent: ${describeThrown(thrown)}`
            )
          );
          this.session.connection.suspect();
        });
      }
      error(seq, name, message) {
        return { kind: "error", sequenceNumber: seq, code: ErrorCode[name], message };
      }
      /**
       * Delivers the one reply of `p` (if it is still pending) and forgets it. Always from a
       * microtask: close() settles too, and callbacks never run inside a user's call.
       */
      settle(p, reply, cancelGet = true) {
        if (this.pending.get(p.seq) !== p) return;
        this.forget(p, cancelGet);
        queueMicrotask(() => deliver(this.session, this.key, this.what, this.onReply, reply));
      }
      /**
       * Forgets `p`. When it still waits on the router (timeout, abandon, close), its zenoh get is
       * cancelled so zenoh-ts drops the closure; after a reply, zenoh's own final message ends it.
       */
      forget(p, cancelGet = true) {
        this.pending.delete(p.seq);
        if (p.timer !== void 0) clearTimeout(p.timer);
        p.timer = void 0;
        const cancel = p.cancel;
        p.cancel = void 0;
        if (cancelGet && this.session.connection.current() === p.session) {
          try {
            cancel?.();
          } catch {
          }
        }
      }
    };
  }
});

// src/rmw/zenoh/zenoh-service-server.ts
var ZenohServiceServer;
var init_zenoh_service_server = __esm({
  "src/rmw/zenoh/zenoh-service-server.ts"() {
    "use strict";
    init_result();
    init_key_expr();
    init_attachment();
    init_query_replies();
    init_session_context();
    init_zenoh_endpoint();
    ZenohServiceServer = class extends ZenohEndpoint {
      constructor(session2, endpoint, onRequest) {
        super(session2, endpoint, `service server on '${endpoint.key}'`);
        this.onRequest = onRequest;
        this.start();
      }
      onRequest;
      open = /* @__PURE__ */ new Set();
      declareObjects(session2) {
        return [
          () => session2.declareQueryable(this.key, { complete: true, handler: (q) => this.onQuery(session2, q) })
        ];
      }
      detached(reason) {
        const open = [...this.open];
        this.open.clear();
        if (reason === "lost") return;
        for (const q of open) void this.answer(q, void 0, `${this.what} closed before answering`).catch(() => {
        });
      }
      onQuery(session2, query) {
        if (!this.isOpen()) return;
        const entry = { query, session: session2 };
        this.open.add(entry);
        const attachment = decodeAttachment(query.attachment()?.toBytes());
        let answered = false;
        const once = (what) => {
          if (answered) return err("BadSequence", `a request on '${this.key}' was already answered; ${what} refused`);
          if (!this.open.has(entry)) {
            answered = true;
            return err(
              "TransportError",
              `${this.what}: the request can no longer be answered (server closed or router lost)`
            );
          }
          answered = true;
          this.open.delete(entry);
          return void 0;
        };
        const request = {
          key: query.keyExpr().toString(),
          payload: query.payload()?.toBytes() ?? new Uint8Array(0),
          attachment,
          receivedAtMs: Date.now(),
          respond: (payload) => {
            const checked = checkPayload(payload, `reply of ${this.what}`);
            if (!checked.ok) return checked;
            const refused = once("respond");
            if (refused !== void 0) return refused;
            this.answer(entry, new Uint8Array(payload), void 0, attachment).catch(
              (thrown) => this.replyFailed(thrown)
            );
            return ok();
          },
          fail: (message) => {
            const refused = once("fail");
            if (refused !== void 0) return refused;
            this.answer(entry, void 0, describeValue(message)).catch((thrown) => this.replyFailed(thrown));
            return ok();
          }
        };
        deliver(this.session, this.key, this.what, this.onRequest, request);
      }
      /**
       * One reply (or error reply), then finalize; skipped when that session is gone. Both are
       * handed to the socket in one corked step when it takes them at once, so they leave in one
       * segment (the router's Nagle would hold a lone final ~40 ms); otherwise one after the other, in order.
       */
      async answer(q, payload, failure, req) {
        if (this.session.connection.current() !== q.session) return;
        let send;
        if (payload !== void 0) {
          const attachment = req === void 0 ? void 0 : encodeAttachment({ sequenceNumber: req.sequenceNumber, sourceTimestampNs: nowNs(), gid: req.gid });
          const replyKey = hasWildcard(this.key) ? q.query.keyExpr().toString() : this.key;
          send = () => q.query.reply(replyKey, payload, attachment === void 0 ? void 0 : { attachment });
        } else {
          send = () => q.query.replyErr(failure ?? "service failed");
        }
        let sent;
        const corked = sendCorked(q.query, () => {
          try {
            sent = send();
          } finally {
            finalizeQuietly(q.query);
          }
        });
        if (corked) {
          await sent;
          return;
        }
        try {
          await send();
        } finally {
          finalizeQuietly(q.query);
        }
      }
      replyFailed(thrown) {
        this.session.emit({
          type: "transport_error",
          key: this.key,
          message: `${this.what}: reply failed: ${describeThrown(thrown)}`
        });
        this.session.connection.suspect();
      }
    };
  }
});

// src/rmw/zenoh/replay-filter.ts
var REPLAY_WINDOW, REPLAY_JUMP, REPLAY_TRIM_SLACK, RESTART_AFTER_NS, MAX_TRACKED_PUBLISHERS, ReplayFilter;
var init_replay_filter = __esm({
  "src/rmw/zenoh/replay-filter.ts"() {
    "use strict";
    init_transient_local();
    REPLAY_WINDOW = BigInt(MAX_TRANSIENT_LOCAL_HISTORY);
    REPLAY_JUMP = 64n;
    REPLAY_TRIM_SLACK = 8;
    RESTART_AFTER_NS = 1000000n;
    MAX_TRACKED_PUBLISHERS = 1024;
    ReplayFilter = class {
      publishers = /* @__PURE__ */ new Map();
      /** How many publishers are remembered. */
      get size() {
        return this.publishers.size;
      }
      /** true when the sample is a duplicate to drop; otherwise it is recorded and should be delivered. */
      isReplay(gid, seq, ts) {
        const state = this.publishers.get(gid);
        if (state === void 0) {
          this.publishers.set(gid, { newest: { seq, ts }, jump: void 0 });
          if (this.publishers.size > MAX_TRACKED_PUBLISHERS) this.trimTo(MAX_TRACKED_PUBLISHERS);
          return false;
        }
        this.publishers.delete(gid);
        this.publishers.set(gid, state);
        const { newest, jump } = state;
        if (seq <= newest.seq) {
          if (newest.seq - seq < REPLAY_WINDOW && ts <= newest.ts + RESTART_AFTER_NS) return true;
          state.newest = { seq, ts };
          state.jump = void 0;
          return false;
        }
        if (seq - newest.seq <= REPLAY_JUMP || jump !== void 0 && seq > jump.seq && seq - jump.seq <= REPLAY_JUMP) {
          state.newest = { seq, ts };
          state.jump = void 0;
          return false;
        }
        state.jump = { seq, ts };
        return false;
      }
      /** Forgets the longest silent publishers until at most `count` remain. */
      trimTo(count) {
        for (const gid of this.publishers.keys()) {
          if (this.publishers.size <= count) return;
          this.publishers.delete(gid);
        }
      }
      clear() {
        this.publishers.clear();
      }
    };
  }
});

// src/rmw/zenoh/transient-history.ts
function stampKey(ts) {
  return ts === void 0 ? void 0 : `${ts.getId().toString()}:${ts.getNtp64()}`;
}
var HISTORY_QUERY_TIMEOUT_MS, TransientHistory;
var init_transient_history = __esm({
  "src/rmw/zenoh/transient-history.ts"() {
    "use strict";
    init_key_expr();
    init_transient_local();
    HISTORY_QUERY_TIMEOUT_MS = 5e3;
    TransientHistory = class {
      constructor(host) {
        this.host = host;
      }
      host;
      /** Live samples held back while history queries are open; undefined when none is. */
      heldBack;
      history = [];
      openQueries = 0;
      generation = 0;
      /** Called before the subscriber is declared: nothing live may slip past the first query. */
      holdFromNow() {
        this.generation++;
        this.openQueries = 0;
        this.history = [];
        this.heldBack = [];
      }
      /** A live sample: held back while history is being fetched. */
      live(sample, stamp) {
        if (this.heldBack !== void 0) this.heldBack.push({ sample, stamp });
        else this.host.pass(sample);
      }
      /** The publisher-detection subscriber, declared with the data subscriber. */
      detectionStep(session2) {
        return () => session2.liveliness().declareSubscriber(publisherDetectionKey(this.host.key), {
          history: true,
          handler: (s) => this.onDetection(session2, s)
        });
      }
      /** The subscriber is declared: ask every cache on its key. */
      start(session2) {
        this.query(session2, historySelector(this.host.key, historyDepth(this.host.depthQos)));
      }
      /** The session went away or the subscriber closed: drop what was pending. */
      stop() {
        this.generation++;
        this.openQueries = 0;
        this.history = [];
        this.heldBack = void 0;
      }
      onDetection(session2, s) {
        if (!this.host.isOpen() || s.kind() !== this.host.zenoh.SampleKind.PUT) return;
        const token = s.keyexpr().toString();
        const suffix = token.slice(this.host.key.length);
        if (!token.startsWith(this.host.key) || suffix.split("/").length < 6) return;
        this.heldBack ??= [];
        this.query(session2, publisherHistorySelector(token, historyDepth(this.host.depthQos)));
      }
      query(session2, selector) {
        const gen = this.generation;
        const { zenoh } = this.host;
        this.openQueries++;
        let finished = false;
        const onReply = (reply) => {
          if (gen !== this.generation) return;
          const r = reply.result();
          if (!(r instanceof zenoh.Sample) || r.kind() !== zenoh.SampleKind.PUT) return;
          const key = r.keyexpr().toString();
          if (!intersects(this.host.key, key)) return;
          const sample = this.host.toRmwSample(key, r.payload().toBytes(), r.attachment()?.toBytes());
          this.history.push({ sample, stamp: stampKey(r.timestamp()) });
        };
        const onDone = () => {
          if (finished || gen !== this.generation) return;
          finished = true;
          this.openQueries--;
          if (this.openQueries === 0) this.release();
        };
        session2.get(selector, {
          target: zenoh.QueryTarget.ALL,
          consolidation: zenoh.ConsolidationMode.NONE,
          acceptReplies: zenoh.ReplyKeyExpr.ANY,
          timeout: zenoh.Duration.milliseconds.of(HISTORY_QUERY_TIMEOUT_MS),
          handler: [onReply, onDone]
        }).catch(() => onDone());
      }
      release() {
        const history = this.history;
        const live = this.heldBack ?? [];
        this.history = [];
        this.heldBack = void 0;
        history.sort((x, y) => {
          const a = x.sample.attachment;
          const b = y.sample.attachment;
          return a && b ? Number(a.sequenceNumber - b.sequenceNumber) : 0;
        });
        const seen = /* @__PURE__ */ new Set();
        for (const h of [...history, ...live]) {
          if (h.stamp !== void 0) {
            if (seen.has(h.stamp)) continue;
            seen.add(h.stamp);
          }
          if (this.host.isOpen()) this.host.pass(h.sample);
        }
      }
    };
  }
});

// src/rmw/zenoh/zenoh-subscriber.ts
var ZenohSubscriber;
var init_zenoh_subscriber = __esm({
  "src/rmw/zenoh/zenoh-subscriber.ts"() {
    "use strict";
    init_attachment();
    init_gid();
    init_replay_filter();
    init_session_context();
    init_transient_history();
    init_zenoh_endpoint();
    ZenohSubscriber = class extends ZenohEndpoint {
      constructor(session2, endpoint, onSample) {
        super(session2, endpoint, `subscription on '${endpoint.key}'`);
        this.onSample = onSample;
        if (endpoint.spec.qos.durability === "transient_local") {
          this.history = new TransientHistory({
            zenoh: session2.zenoh,
            key: endpoint.key,
            depthQos: endpoint.spec.qos,
            isOpen: () => this.isOpen(),
            toRmwSample: (key, payload, attachment) => this.toRmwSample(key, payload, attachment),
            pass: (sample) => this.pass(sample)
          });
        }
        if (endpoint.spec.naming === "ros") {
          this.stopWatchingGraph = session2.graph.onChange(() => {
            if (this.replays.size <= REPLAY_TRIM_SLACK) return;
            const live = session2.graph.publisherCount(endpoint.spec.name);
            if (live !== void 0) this.replays.trimTo(live + REPLAY_TRIM_SLACK);
          });
        }
        this.start();
      }
      onSample;
      /** History fetching and the hold-back of live samples (transient local only). */
      history;
      /** Drops replayed samples (ros naming), see replay-filter.ts. */
      replays = new ReplayFilter();
      stopWatchingGraph;
      /** How many publishers the replay filter remembers (tests check it stays bounded). */
      trackedPublishers() {
        return this.replays.size;
      }
      declareObjects(session2) {
        const steps = [
          () => session2.declareSubscriber(this.key, { handler: (s) => this.onZenohSample(s) })
        ];
        if (this.history !== void 0) {
          this.history.holdFromNow();
          steps.push(this.history.detectionStep(session2));
        }
        return steps;
      }
      onDeclared(session2) {
        this.history?.start(session2);
      }
      detached(reason) {
        this.history?.stop();
        if (reason !== "lost") {
          this.stopWatchingGraph?.();
          this.replays.clear();
        }
      }
      onZenohSample(s) {
        if (!this.isOpen() || s.kind() === this.session.zenoh.SampleKind.DELETE) return;
        const sample = this.toRmwSample(s.keyexpr().toString(), s.payload().toBytes(), s.attachment()?.toBytes());
        if (this.history !== void 0) this.history.live(sample, stampKey(s.timestamp()));
        else this.pass(sample);
      }
      toRmwSample(key, payload, attachmentBytes) {
        return { key, payload, attachment: decodeAttachment(attachmentBytes), receivedAtMs: Date.now() };
      }
      pass(sample) {
        if (this.endpoint.spec.naming === "ros" && sample.attachment !== void 0 && this.isReplay(sample.attachment))
          return;
        deliver(this.session, this.key, this.what, this.onSample, sample);
      }
      isReplay(a) {
        return this.replays.isReplay(gidToHex(a.gid), a.sequenceNumber, a.sourceTimestampNs);
      }
    };
  }
});

// src/rmw/zenoh/zenoh-node.ts
function checkNodeInfo(owner) {
  const info = owner.node;
  if (typeof info !== "object" || info === null) return err("InvalidArgument", "node info must be an object");
  for (const f of ["name", "namespace", "enclave"]) {
    if (typeof info[f] !== "string") return err("InvalidArgument", `node ${f} must be a string, got ${typeof info[f]}`);
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(info.name)) {
    return err(
      "InvalidArgument",
      `node name '${info.name}' is not a valid ROS node name (letters, digits, '_'; not starting with a digit)`
    );
  }
  if (info.namespace !== "" && !info.namespace.startsWith("/")) {
    return err("InvalidArgument", `node namespace '${info.namespace}' of node '${info.name}' must start with '/'`);
  }
  const token = nodeToken(owner);
  const valid = validateKeyExpr(token, `liveliness token of node '${info.name}'`);
  return valid.ok ? ok(token) : valid;
}
var ZenohNode;
var init_zenoh_node = __esm({
  "src/rmw/zenoh/zenoh-node.ts"() {
    "use strict";
    init_result();
    init_key_expr();
    init_liveliness_token();
    init_endpoint_spec();
    init_session_context();
    init_transient_local();
    init_zenoh_entity();
    init_zenoh_publisher();
    init_zenoh_service_client();
    init_zenoh_service_server();
    init_zenoh_subscriber();
    ZenohNode = class extends ZenohEntity {
      constructor(session2, info, nodeId, token) {
        super(token, session2, `node '${info.name}'`);
        this.session = session2;
        this.info = info;
        this.token = token;
        this.owner = { domainId: session2.domainId, sessionId: session2.sessionId, nodeId, node: info };
        session2.graph.addLocal(token);
        this.start();
      }
      session;
      info;
      token;
      owner;
      endpoints = /* @__PURE__ */ new Set();
      createPublisher(spec) {
        const e2 = this.resolve(spec, "publisher");
        if (!e2.ok) return e2;
        const durable = e2.value.spec.qos.durability === "transient_local";
        const cache = durable ? new TransientLocalCache(
          this.session.zenoh,
          e2.value.key,
          advancedPublisherKey(e2.value.key, this.session.sessionId),
          e2.value.spec.qos
        ) : void 0;
        return this.track(new ZenohPublisher(this.session, e2.value, cache));
      }
      createSubscriber(spec, onSample) {
        if (typeof onSample !== "function") return err("InvalidArgument", "onSample must be a function");
        const e2 = this.resolve(spec, "subscription");
        if (!e2.ok) return e2;
        return this.track(new ZenohSubscriber(this.session, e2.value, onSample));
      }
      createServiceServer(spec, onRequest) {
        if (typeof onRequest !== "function") return err("InvalidArgument", "onRequest must be a function");
        const e2 = this.resolve(spec, "service");
        if (!e2.ok) return e2;
        return this.track(new ZenohServiceServer(this.session, e2.value, onRequest));
      }
      createServiceClient(spec, onReply) {
        if (typeof onReply !== "function") return err("InvalidArgument", "onReply must be a function");
        const e2 = this.resolve(spec, "client");
        if (!e2.ok) return e2;
        return this.track(new ZenohServiceClient(this.session, e2.value, onReply));
      }
      close() {
        for (const e2 of [...this.endpoints]) e2.close();
        this.endpoints.clear();
        super.close();
      }
      declare(session2) {
        return declareSteps(session2, [tokenStep(session2, this.token)]);
      }
      onDetached(reason) {
        if (reason !== "lost") this.session.graph.removeLocal(this.token);
      }
      resolve(spec, kind) {
        const bad = this.unusable();
        if (bad !== void 0) return bad;
        if (this.session.connection.isClosed())
          return err("NotInitialized", `node '${this.info.name}': the rmw session is closed`);
        return resolveEndpoint(this.owner, this.session.ids.next(), spec, kind);
      }
      track(entity) {
        for (const e2 of this.endpoints) if (!e2.isOpen()) this.endpoints.delete(e2);
        this.endpoints.add(entity);
        return ok(entity);
      }
    };
  }
});

// src/rmw/zenoh/zenoh-rmw-session.ts
async function openZenohRmwSession(locator, opts) {
  const locatorOk = parseRouterLocators(locator);
  if (!locatorOk.ok) return locatorOk;
  if (typeof opts !== "object" || opts === null)
    return err("InvalidArgument", "options must be an object with connectBudgetMs");
  const domainId = opts.domainId ?? 0;
  if (!Number.isInteger(domainId) || domainId < 0 || domainId > MAX_DOMAIN_ID) {
    return err(
      "InvalidArgument",
      `domainId must be an integer from 0 to ${MAX_DOMAIN_ID}, got ${describeValue(domainId)}`
    );
  }
  const budget = opts.connectBudgetMs;
  const budgetOk = checkBudget("connectBudgetMs", budget);
  if (!budgetOk.ok) return budgetOk;
  const tls = checkRouterTls(opts.tls);
  if (!tls.ok) return tls;
  const socketOptions = await socketOptionsOf(tls.value);
  if (!socketOptions.ok) return socketOptions;
  installZenohConsoleFilter();
  const locators = locatorOk.value.locators.map((l) => l.locator);
  const opened = await openFirstReachable(locators, budget, socketOptions.value);
  if (!opened.ok) return opened;
  const zenoh = await loadZenohTs();
  if (!zenoh.ok) return zenoh;
  return ok(new ZenohRmwSession(zenoh.value, domainId, locators, budget, opened.value, socketOptions.value));
}
var MAX_DOMAIN_ID, ZenohRmwSession;
var init_zenoh_rmw_session = __esm({
  "src/rmw/zenoh/zenoh-rmw-session.ts"() {
    "use strict";
    init_budget();
    init_result();
    init_router_locator();
    init_gid();
    init_console_filter();
    init_hybrid_clock();
    init_router_connection();
    init_router_failover();
    init_router_trust();
    init_zenoh_graph();
    init_zenoh_node();
    init_zenoh_ts_loader();
    MAX_DOMAIN_ID = 232;
    ZenohRmwSession = class {
      constructor(zenoh, domainId, locators, connectBudgetMs, opened, socketOptions) {
        this.domainId = domainId;
        const emit = (event) => this.emit(event);
        this.connection = new RouterConnection(locators, connectBudgetMs, opened, emit, socketOptions);
        this.zgraph = new ZenohGraph(
          zenoh,
          this.connection,
          domainId,
          (message) => emit({ type: "transport_error", key: "@ros2_lv", message })
        );
        this.graph = this.zgraph;
        this.ctx = {
          zenoh,
          connection: this.connection,
          graph: this.zgraph,
          domainId,
          sessionId: this.sessionId,
          ids: new EntityIdCounter(),
          clock: new HybridClock(zenoh, this.sessionId),
          emit
        };
        this.connection.register(this.zgraph);
      }
      domainId;
      backend = "zenoh";
      sessionId = newSessionId();
      graph;
      zgraph;
      connection;
      listeners = /* @__PURE__ */ new Set();
      nodes = /* @__PURE__ */ new Set();
      ctx;
      closing;
      createNode(info) {
        if (this.closing !== void 0) return err("NotInitialized", "the zenoh rmw session is closed");
        const nodeId = this.ctx.ids.next();
        const token = checkNodeInfo({ domainId: this.domainId, sessionId: this.sessionId, nodeId, node: info });
        if (!token.ok) return token;
        for (const n2 of this.nodes) if (!n2.isOpen()) this.nodes.delete(n2);
        const node2 = new ZenohNode(
          this.ctx,
          { name: info.name, namespace: info.namespace, enclave: info.enclave },
          nodeId,
          token.value
        );
        this.nodes.add(node2);
        return ok(node2);
      }
      ping(budgetMs) {
        if (this.closing !== void 0) return Promise.resolve(err("NotInitialized", "the zenoh rmw session is closed"));
        return this.connection.ping(budgetMs);
      }
      isConnected() {
        return this.closing === void 0 && this.connection.isConnected();
      }
      onEvent(listener) {
        const l = (event) => listener(event);
        this.listeners.add(l);
        return () => {
          this.listeners.delete(l);
        };
      }
      close() {
        this.closing ??= (async () => {
          const session2 = this.connection.detach();
          for (const n2 of [...this.nodes]) n2.close();
          this.nodes.clear();
          this.zgraph.close();
          const closed = await this.connection.close(session2);
          this.listeners.clear();
          return closed;
        })();
        return this.closing;
      }
      emit(event) {
        for (const l of [...this.listeners]) {
          try {
            l(event);
          } catch {
          }
        }
      }
    };
  }
});

// src/rmw/zenoh/index.ts
var zenoh_exports = {};
__export(zenoh_exports, {
  MAX_DOMAIN_ID: () => MAX_DOMAIN_ID,
  MAX_PAYLOAD_BYTES: () => MAX_PAYLOAD_BYTES,
  installZenohConsoleFilter: () => installZenohConsoleFilter,
  isZenohTsChatter: () => isZenohTsChatter,
  openZenohRmwSession: () => openZenohRmwSession
});
var init_zenoh = __esm({
  "src/rmw/zenoh/index.ts"() {
    "use strict";
    init_console_filter();
    init_session_context();
    init_zenoh_rmw_session();
  }
});

// bench/.mem-sub.ts
import { writeHeapSnapshot } from "node:v8";

// src/rmw/open-rmw-session.ts
init_result();

// src/rmw/local/local-bus.ts
init_key_expr();

// src/rmw/local/delivery-queue.ts
init_result();
var DeliveryQueue = class {
  tasks = [];
  scheduled = false;
  post(run, report) {
    this.postTask({ run, report });
  }
  /** `post` for a caller that keeps run and report on one object of its own. */
  postTask(task) {
    this.tasks.push(task);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flush);
    }
  }
  // Runs what was queued before the flush began; work posted by a callback waits for the next
  // microtask so one busy callback cannot starve the host's other microtasks forever.
  flush = () => {
    const batch = this.tasks;
    this.tasks = [];
    this.scheduled = false;
    for (const task of batch) {
      try {
        task.run();
      } catch (thrown) {
        try {
          task.report(describeThrown(thrown));
        } catch {
        }
      }
    }
  };
};

// src/rmw/local/local-bus.ts
var LocalBus = class {
  queue = new DeliveryQueue();
  subscribers = /* @__PURE__ */ new Set();
  publishers = /* @__PURE__ */ new Set();
  servers = /* @__PURE__ */ new Map();
  readyListeners = /* @__PURE__ */ new Map();
  readySessions = /* @__PURE__ */ new Map();
  nodeSet = /* @__PURE__ */ new Set();
  endpointSet = /* @__PURE__ */ new Set();
  graphListeners = /* @__PURE__ */ new Set();
  // Publish-time matching is the hot path: keyed by publisher key, dropped when subscribers change.
  matchCache = /* @__PURE__ */ new Map();
  // ---- publish / subscribe ----
  addSubscriber(sub) {
    this.subscribers.add(sub);
    this.matchCache = /* @__PURE__ */ new Map();
    if (!sub.transientLocal) return;
    for (const pub of this.publishers) {
      if (pub.history === void 0 || !intersects(pub.key, sub.key)) continue;
      for (const cached of pub.history)
        this.postSample(sub, pub.key, new Uint8Array(cached.payload), cached.attachment);
    }
  }
  removeSubscriber(sub) {
    if (this.subscribers.delete(sub)) this.matchCache = /* @__PURE__ */ new Map();
  }
  addPublisher(pub) {
    this.publishers.add(pub);
  }
  removePublisher(pub) {
    this.publishers.delete(pub);
  }
  matchingSubscribers(key) {
    let subs = this.matchCache.get(key);
    if (subs === void 0) {
      subs = [...this.subscribers].filter((s) => intersects(key, s.key));
      this.matchCache.set(key, subs);
    }
    return subs;
  }
  /** Queues one sample for one subscriber; dropped if the subscriber closes before the flush. */
  postSample(sub, key, payload, attachment) {
    this.queue.postTask(new SampleDelivery(sub, key, payload, attachment));
  }
  // ---- services ----
  addServer(server) {
    let set = this.servers.get(server.key);
    if (set === void 0) {
      set = /* @__PURE__ */ new Set();
      this.servers.set(server.key, set);
    }
    set.add(server);
    this.readinessChanged(server.key);
  }
  removeServer(server) {
    const set = this.servers.get(server.key);
    if (set === void 0 || !set.delete(server)) return;
    if (set.size === 0) this.servers.delete(server.key);
    this.readinessChanged(server.key);
  }
  /** Servers declared on exactly this key now, in declaration order. */
  serversOn(key) {
    const set = this.servers.get(key);
    return set === void 0 ? [] : [...set];
  }
  hasServer(key) {
    return this.servers.has(key);
  }
  onReadyChange(key, listener, session2) {
    const wrapped = () => listener();
    let set = this.readyListeners.get(key);
    if (set === void 0) {
      set = /* @__PURE__ */ new Set();
      this.readyListeners.set(key, set);
    }
    set.add(wrapped);
    this.readySessions.set(wrapped, session2);
    return () => {
      const current = this.readyListeners.get(key);
      if (current?.delete(wrapped) === true && current.size === 0) this.readyListeners.delete(key);
      this.readySessions.delete(wrapped);
    };
  }
  readinessChanged(key) {
    const set = this.readyListeners.get(key);
    if (set === void 0) return;
    for (const listener of set) {
      this.queue.post(
        () => {
          if (this.readyListeners.get(key)?.has(listener) === true) listener();
        },
        (message) => this.readySessions.get(listener)?.emit({
          type: "transport_error",
          key,
          message: `service readiness listener on '${key}' threw: ${message}`
        })
      );
    }
  }
  // ---- graph ----
  addNode(node2) {
    this.nodeSet.add(node2);
    this.graphChanged(node2.domainId);
  }
  removeNode(node2) {
    if (this.nodeSet.delete(node2)) this.graphChanged(node2.domainId);
  }
  addEndpoint(endpoint) {
    this.endpointSet.add(endpoint);
    this.graphChanged(endpoint.domainId);
  }
  removeEndpoint(endpoint) {
    if (this.endpointSet.delete(endpoint)) this.graphChanged(endpoint.domainId);
  }
  nodes(domainId) {
    return [...this.nodeSet].filter((n2) => n2.domainId === domainId).map((n2) => n2.info);
  }
  endpoints(domainId) {
    return [...this.endpointSet].filter((e2) => e2.domainId === domainId).map((e2) => e2.info);
  }
  onGraphChange(domainId, session2, fire) {
    const entry = { domainId, session: session2, fire, queued: false };
    this.graphListeners.add(entry);
    return () => {
      this.graphListeners.delete(entry);
    };
  }
  graphChanged(domainId) {
    for (const entry of this.graphListeners) {
      if (entry.domainId !== domainId || entry.queued) continue;
      entry.queued = true;
      this.queue.post(
        () => {
          entry.queued = false;
          if (this.graphListeners.has(entry)) entry.fire();
        },
        (message) => entry.session.emit({
          type: "transport_error",
          key: `@graph/${domainId}`,
          message: `graph listener threw: ${message}`
        })
      );
    }
  }
};
var defaultBus;
function defaultLocalBus() {
  defaultBus ??= new LocalBus();
  return defaultBus;
}
var SampleDelivery = class {
  constructor(sub, key, payload, attachment) {
    this.sub = sub;
    this.key = key;
    this.payload = payload;
    this.attachment = attachment;
  }
  sub;
  key;
  payload;
  attachment;
  run() {
    const sub = this.sub;
    if (sub.isOpen())
      sub.deliver({ key: this.key, payload: this.payload, attachment: this.attachment, receivedAtMs: Date.now() });
  }
  report(message) {
    this.sub.session.emit({
      type: "transport_error",
      key: this.sub.key,
      message: `subscription callback on '${this.sub.key}' threw: ${message}`
    });
  }
};

// src/rmw/local/local-session.ts
init_budget();
init_result();
init_gid();

// src/rmw/local/local-node.ts
init_result();
init_endpoint_check();

// src/rmw/local/local-pub-sub.ts
init_result();
init_endpoint_check();

// src/rmw/local/attachment-stamp.ts
init_attachment();
init_gid();
var AttachmentStamp = class {
  /** `attach`: whether the endpoint's naming carries attachments (`ros`). */
  constructor(attach) {
    this.attach = attach;
  }
  attach;
  gid = newGid();
  sequence = 0n;
  /** Counts one publication; its attachment, or undefined for `raw` endpoints (no wrapper: the publish hot path). */
  nextAttachment() {
    this.sequence += 1n;
    if (!this.attach) return void 0;
    return { sequenceNumber: this.sequence, sourceTimestampNs: nowNs(), gid: this.gid };
  }
  /** Counts one request; its sequence number and attachment, or undefined for `raw` endpoints. */
  next() {
    this.sequence += 1n;
    const sequenceNumber = this.sequence;
    if (!this.attach) return { sequenceNumber, attachment: void 0 };
    return { sequenceNumber, attachment: { sequenceNumber, sourceTimestampNs: nowNs(), gid: this.gid } };
  }
  /** A reply's attachment: the request's sequence number and the client's GID, stamped now. */
  static reply(request) {
    if (request === void 0) return void 0;
    return { sequenceNumber: request.sequenceNumber, sourceTimestampNs: nowNs(), gid: request.gid };
  }
};

// src/rmw/local/local-entity.ts
init_result();
var READY = Promise.resolve(ok());
var LocalEntity = class {
  constructor(key, qos, role, onClose) {
    this.key = key;
    this.qos = qos;
    this.role = role;
    this.onClose = onClose;
  }
  key;
  qos;
  role;
  onClose;
  closed = false;
  whatText;
  /** How errors name this entity: `publisher on 'chatter'`. Built when first needed: most never are. */
  get what() {
    this.whatText ??= `${this.role} on '${this.key}'`;
    return this.whatText;
  }
  ready() {
    return READY;
  }
  actualQos() {
    return this.qos;
  }
  isOpen() {
    return !this.closed;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    this.onClose(this);
  }
  /** The error a call on a closed entity answers. */
  unusable() {
    return this.closed ? err("NotInitialized", `${this.what} is closed`) : void 0;
  }
};

// src/rmw/local/local-pub-sub.ts
var LocalPublisher = class extends LocalEntity {
  constructor(bus, key, qos, attach, onClose) {
    super(key, qos, "publisher", onClose);
    this.bus = bus;
    this.stamp = new AttachmentStamp(attach);
    const transientLocal = qos.durability === "transient_local";
    this.cache = transientLocal ? [] : void 0;
    this.cacheDepth = Math.max(1, typeof qos.depth === "number" ? qos.depth : 1);
    bus.addPublisher(this);
  }
  bus;
  stamp;
  cache;
  cacheDepth;
  get history() {
    return this.cache;
  }
  get gid() {
    return this.stamp.gid;
  }
  publish(payload) {
    const bad = this.unusable();
    if (bad !== void 0) return bad;
    const checked = checkPayloadType(payload, this.what);
    if (!checked.ok) return checked;
    const attachment = this.stamp.nextAttachment();
    const copy = new Uint8Array(payload);
    if (this.cache !== void 0) {
      this.cache.push({ payload: new Uint8Array(copy), attachment });
      if (this.cache.length > this.cacheDepth) this.cache.shift();
    }
    const subs = this.bus.matchingSubscribers(this.key);
    for (let i = 0; i < subs.length; i++) {
      this.bus.postSample(subs[i], this.key, i === 0 ? copy : new Uint8Array(copy), attachment);
    }
    return ok();
  }
  subscriptionCount() {
    const bad = this.unusable();
    if (bad !== void 0) return bad;
    return ok(this.bus.matchingSubscribers(this.key).length);
  }
  detach() {
    this.bus.removePublisher(this);
  }
};
var LocalSubscriber = class extends LocalEntity {
  constructor(bus, key, qos, session2, onSample, onClose) {
    super(key, qos, "subscription", onClose);
    this.bus = bus;
    this.session = session2;
    this.onSample = onSample;
    this.transientLocal = qos.durability === "transient_local";
    bus.addSubscriber(this);
  }
  bus;
  session;
  onSample;
  transientLocal;
  deliver(sample) {
    this.onSample(sample);
  }
  detach() {
    this.bus.removeSubscriber(this);
  }
};

// src/rmw/local/local-qos.ts
init_qos();
function localActualQos(qos) {
  return shareQos({
    reliability: "reliable",
    durability: qos.durability,
    history: qos.history,
    depth: qos.depth,
    deadlineMs: "unknown",
    lifespanMs: "unknown",
    liveliness: "unknown",
    livelinessLeaseMs: "unknown"
  });
}

// src/rmw/local/local-service-client.ts
init_budget();
init_result();
init_endpoint_check();
var PendingCall = class {
  constructor(client, key, sequenceNumber, budgetMs) {
    this.client = client;
    this.key = key;
    this.sequenceNumber = sequenceNumber;
    this.budgetMs = budgetMs;
  }
  client;
  key;
  sequenceNumber;
  budgetMs;
  state = "waiting";
  outstanding = 0;
  timer;
  /** The reply is settled but abandon() came before the flush delivered it. */
  abandoned = false;
  answer(reply) {
    this.client.settle(this, reply, "answered");
  }
  serverGone() {
    this.outstanding--;
    if (this.outstanding > 0 || this.state !== "waiting") return;
    this.client.settle(
      this,
      this.error(
        "Timeout",
        `every service server on '${this.key}' closed before answering request ${this.sequenceNumber} (budget ${this.budgetMs} ms)`
      ),
      "dropped"
    );
  }
  error(name, message) {
    return { kind: "error", sequenceNumber: this.sequenceNumber, code: ErrorCode[name], message };
  }
};
var LocalServiceClient = class extends LocalEntity {
  constructor(bus, key, qos, attach, session2, onReply, onClose) {
    super(key, qos, "service client", onClose);
    this.bus = bus;
    this.session = session2;
    this.onReply = onReply;
    this.stamp = new AttachmentStamp(attach);
  }
  bus;
  session;
  onReply;
  stamp;
  /** Requests whose reply has not reached onReply yet. */
  calls = /* @__PURE__ */ new Map();
  readyUnsubscribes = /* @__PURE__ */ new Set();
  get gid() {
    return this.stamp.gid;
  }
  sendRequest(payload, budgetMs) {
    const bad = this.unusable();
    if (bad !== void 0) return bad;
    const what = `request to service '${this.key}'`;
    const checkedPayload = checkPayloadType(payload, what);
    if (!checkedPayload.ok) return checkedPayload;
    const checkedBudget = checkBudget(`budgetMs for ${what}`, budgetMs);
    if (!checkedBudget.ok) return checkedBudget;
    const { sequenceNumber: seq, attachment } = this.stamp.next();
    const call = new PendingCall(this, this.key, seq, budgetMs);
    this.calls.set(seq, call);
    const servers = this.bus.serversOn(this.key);
    if (servers.length === 0) {
      this.settle(
        call,
        call.error("NotFound", `no service server answered request ${seq} on '${this.key}' (nobody serves the key)`),
        "timed_out"
      );
      return ok(seq);
    }
    call.outstanding = servers.length;
    call.timer = setTimeout(() => {
      this.settle(
        call,
        call.error("Timeout", `service '${this.key}' did not answer request ${seq} within ${budgetMs} ms`),
        "timed_out"
      );
    }, timerDelay(budgetMs));
    for (const server of servers) server.receive(new Uint8Array(payload), attachment, call);
    return ok(seq);
  }
  /** Ends a waiting call with `reply`, delivered from the bus queue unless abandoned first. */
  settle(call, reply, state) {
    if (call.state !== "waiting") return;
    call.state = state;
    if (call.timer !== void 0) clearTimeout(call.timer);
    call.timer = void 0;
    this.bus.queue.post(
      () => {
        this.calls.delete(call.sequenceNumber);
        if (!call.abandoned) this.onReply(reply);
      },
      (message) => this.session.emit({
        type: "transport_error",
        key: this.key,
        message: `client callback on '${this.key}' threw: ${message}`
      })
    );
  }
  abandon(sequenceNumber) {
    const call = this.calls.get(sequenceNumber);
    if (call === void 0) return;
    call.abandoned = true;
    this.calls.delete(sequenceNumber);
    if (call.state === "waiting") {
      call.state = "dropped";
      if (call.timer !== void 0) clearTimeout(call.timer);
      call.timer = void 0;
    }
  }
  serviceIsReady() {
    const bad = this.unusable();
    if (bad !== void 0) return bad;
    return ok(this.bus.hasServer(this.key));
  }
  onReadyChange(listener) {
    if (this.closed) return () => {
    };
    const unsubscribe = this.bus.onReadyChange(this.key, listener, this.session);
    const tracked = () => {
      unsubscribe();
      this.readyUnsubscribes.delete(tracked);
    };
    this.readyUnsubscribes.add(tracked);
    return tracked;
  }
  /** Every request still waiting gets a TransportError reply (exactly one reply per request). */
  detach() {
    for (const unsubscribe of [...this.readyUnsubscribes]) unsubscribe();
    for (const call of this.calls.values()) {
      this.settle(
        call,
        call.error(
          "TransportError",
          `service client on '${this.key}' was closed before request ${call.sequenceNumber} got a reply`
        ),
        "dropped"
      );
    }
  }
};

// src/rmw/local/local-service-server.ts
init_result();
init_endpoint_check();
var LocalRequest = class {
  constructor(server, key, payload, attachment, call) {
    this.server = server;
    this.key = key;
    this.payload = payload;
    this.attachment = attachment;
    this.call = call;
  }
  server;
  key;
  payload;
  attachment;
  call;
  receivedAtMs = Date.now();
  answered = false;
  get isAnswered() {
    return this.answered;
  }
  /** The server closed: this request can no longer be answered. */
  abandonByServer() {
    if (this.answered) return;
    this.answered = true;
    this.call.serverGone();
  }
  respond(payload) {
    const checked = checkPayloadType(payload, `the reply to request ${this.call.sequenceNumber} on '${this.key}'`);
    if (!checked.ok) return checked;
    return this.answer({
      kind: "reply",
      sequenceNumber: this.call.sequenceNumber,
      payload: new Uint8Array(payload),
      attachment: AttachmentStamp.reply(this.attachment)
    });
  }
  fail(message) {
    if (typeof message !== "string")
      return err(
        "InvalidArgument",
        `fail message for request ${this.call.sequenceNumber} on '${this.key}' must be a string`
      );
    return this.answer({
      kind: "error",
      sequenceNumber: this.call.sequenceNumber,
      code: ErrorCode.ServiceFailed,
      message: `service '${this.key}' failed request ${this.call.sequenceNumber}: ${message}`
    });
  }
  answer(reply) {
    const seq = this.call.sequenceNumber;
    if (!this.server.isOpen())
      return err("NotInitialized", `service server on '${this.key}' is closed; request ${seq} was not answered`);
    if (this.answered) return err("BadSequence", `request ${seq} on '${this.key}' was already answered`);
    this.answered = true;
    this.server.forget(this);
    switch (this.call.state) {
      case "waiting":
        this.call.answer(reply);
        return ok();
      case "timed_out":
        return err(
          "Timeout",
          `reply to request ${seq} on '${this.key}' came late: the client's budget of ${this.call.budgetMs} ms ran out; it was dropped`
        );
      default:
        return ok();
    }
  }
};
var LocalServiceServer = class extends LocalEntity {
  constructor(bus, key, qos, session2, onRequest, onClose) {
    super(key, qos, "service server", onClose);
    this.bus = bus;
    this.session = session2;
    this.onRequest = onRequest;
    bus.addServer(this);
  }
  bus;
  session;
  onRequest;
  unanswered = /* @__PURE__ */ new Set();
  /** Takes one request from a client (a private copy of its payload); it reaches onRequest from the bus queue. */
  receive(payload, attachment, call) {
    const request = new LocalRequest(this, this.key, payload, attachment, call);
    this.unanswered.add(request);
    this.bus.queue.post(
      () => {
        if (!this.closed && !request.isAnswered) this.onRequest(request);
      },
      (message) => this.session.emit({
        type: "transport_error",
        key: this.key,
        message: `service callback on '${this.key}' threw: ${message}`
      })
    );
  }
  forget(request) {
    this.unanswered.delete(request);
  }
  detach() {
    this.bus.removeServer(this);
    for (const request of [...this.unanswered]) request.abandonByServer();
    this.unanswered.clear();
  }
};

// src/rmw/local/local-node.ts
var LocalNode = class {
  constructor(bus, session2, info, onClose) {
    this.bus = bus;
    this.session = session2;
    this.info = info;
    this.onClose = onClose;
    this.busNode = { domainId: session2.domainId, info };
    bus.addNode(this.busNode);
  }
  bus;
  session;
  info;
  onClose;
  busNode;
  /** Each open entity and its place on the graph. */
  entities = /* @__PURE__ */ new Map();
  entityClosed = (entity) => {
    const endpoint = this.entities.get(entity);
    if (endpoint === void 0) return;
    this.entities.delete(entity);
    this.bus.removeEndpoint(endpoint);
  };
  closed = false;
  createPublisher(spec) {
    return this.declare(
      spec,
      "publisher",
      (key, qos, done) => new LocalPublisher(this.bus, key, qos, spec.naming === "ros", done)
    );
  }
  createSubscriber(spec, onSample) {
    if (typeof onSample !== "function")
      return err("InvalidArgument", `onSample for subscription '${describeValue(spec?.name)}' must be a function`);
    return this.declare(
      spec,
      "subscription",
      (key, qos, done) => new LocalSubscriber(this.bus, key, qos, this.session, onSample, done)
    );
  }
  createServiceServer(spec, onRequest) {
    if (typeof onRequest !== "function")
      return err("InvalidArgument", `onRequest for service '${describeValue(spec?.name)}' must be a function`);
    return this.declare(
      spec,
      "service",
      (key, qos, done) => new LocalServiceServer(this.bus, key, qos, this.session, onRequest, done)
    );
  }
  createServiceClient(spec, onReply) {
    if (typeof onReply !== "function")
      return err("InvalidArgument", `onReply for client '${describeValue(spec?.name)}' must be a function`);
    return this.declare(
      spec,
      "client",
      (key, qos, done) => new LocalServiceClient(this.bus, key, qos, spec.naming === "ros", this.session, onReply, done)
    );
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    for (const entity of [...this.entities.keys()]) entity.close();
    this.bus.removeNode(this.busNode);
    this.onClose();
  }
  /** Validates the spec, builds the entity, and puts it on the graph until it closes. */
  declare(spec, kind, build) {
    if (this.closed)
      return err(
        "NotInitialized",
        `node '${this.fullName()}' is closed; cannot create ${kind} '${describeValue(spec?.name)}'`
      );
    const key = checkEndpointSpec(this.session.domainId, spec, kind);
    if (!key.ok) return key;
    const qos = localActualQos(spec.qos);
    const endpoint = {
      domainId: this.session.domainId,
      info: {
        kind,
        node: this.info,
        naming: spec.naming,
        name: spec.name,
        typeName: spec.typeName,
        typeHash: spec.typeHash,
        qos
      }
    };
    const entity = build(key.value, qos, this.entityClosed);
    this.entities.set(entity, endpoint);
    this.bus.addEndpoint(endpoint);
    return ok(entity);
  }
  fullName() {
    const ns = this.info.namespace === "/" ? "" : this.info.namespace;
    return `${ns}/${this.info.name}`;
  }
};

// src/rmw/local/local-session.ts
var LocalSession = class {
  constructor(bus, domainId) {
    this.bus = bus;
    this.domainId = domainId;
    this.graph = {
      supported: true,
      nodes: () => bus.nodes(domainId),
      endpoints: () => bus.endpoints(domainId),
      onChange: (listener) => {
        if (this.closed) return () => {
        };
        const unsubscribe = bus.onGraphChange(domainId, this, listener);
        const tracked = () => {
          unsubscribe();
          this.graphUnsubscribes.delete(tracked);
        };
        this.graphUnsubscribes.add(tracked);
        return tracked;
      }
    };
  }
  bus;
  domainId;
  backend = "local";
  sessionId = newSessionId();
  graph;
  nodes = /* @__PURE__ */ new Set();
  listeners = /* @__PURE__ */ new Set();
  graphUnsubscribes = /* @__PURE__ */ new Set();
  closed = false;
  createNode(info) {
    if (this.closed)
      return err(
        "NotInitialized",
        `local session ${this.sessionId} is closed; cannot create node '${describeValue(info?.name)}'`
      );
    if (typeof info !== "object" || info === null) return err("InvalidArgument", "node info must be an object");
    if (typeof info.name !== "string" || info.name.length === 0)
      return err("InvalidArgument", `node name '${describeValue(info.name)}' must be a non-empty string`);
    if (typeof info.namespace !== "string")
      return err("InvalidArgument", `namespace of node '${info.name}' must be a string`);
    if (typeof info.enclave !== "string")
      return err("InvalidArgument", `enclave of node '${info.name}' must be a string`);
    const copy = { name: info.name, namespace: info.namespace, enclave: info.enclave };
    const node2 = new LocalNode(this.bus, this, copy, () => this.nodes.delete(node2));
    this.nodes.add(node2);
    return ok(node2);
  }
  async ping(budgetMs) {
    const checked = checkBudget(`budgetMs for ping of local session ${this.sessionId}`, budgetMs);
    if (!checked.ok) return checked;
    if (this.closed) return err("NotInitialized", `local session ${this.sessionId} is closed`);
    return ok();
  }
  isConnected() {
    return !this.closed;
  }
  onEvent(listener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  emit(event) {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
      }
    }
  }
  async close() {
    if (this.closed) return ok();
    this.closed = true;
    for (const node2 of [...this.nodes]) node2.close();
    for (const unsubscribe of [...this.graphUnsubscribes]) unsubscribe();
    return ok();
  }
};
function openLocalSession(opts = {}) {
  const domainId = opts.domainId ?? 0;
  if (!Number.isInteger(domainId) || domainId < 0) {
    return err("InvalidArgument", `domainId must be a non-negative integer, got ${describeValue(domainId)}`);
  }
  return ok(new LocalSession(opts.bus ?? defaultLocalBus(), domainId));
}

// src/rmw/open-rmw-session.ts
async function loadZenohOpener() {
  try {
    const mod = await Promise.resolve().then(() => (init_zenoh(), zenoh_exports));
    if (typeof mod.openZenohRmwSession !== "function") {
      return err("Unsupported", "the zenoh backend module does not export openZenohRmwSession");
    }
    return ok(mod.openZenohRmwSession);
  } catch (thrown) {
    return err("Unsupported", `the zenoh backend is not available: ${describeThrown(thrown)}`);
  }
}
async function openRmwSession(request) {
  if (request.backend === "local") {
    try {
      return openLocalSession({ domainId: request.domainId });
    } catch (thrown) {
      return err("TransportError", `opening the local session failed: ${describeThrown(thrown)}`);
    }
  }
  const locator = request.router;
  if (locator === void 0) return err("InvalidArgument", "backend 'zenoh' needs a router locator (ws/HOST:PORT)");
  const opener = await loadZenohOpener();
  if (!opener.ok) return opener;
  try {
    return await opener.value(locator, {
      domainId: request.domainId,
      connectBudgetMs: request.connectBudgetMs,
      tls: request.tls
    });
  } catch (thrown) {
    return err("TransportError", `connecting to router '${locator}' failed: ${describeThrown(thrown)}`);
  }
}

// src/rclcpp/executor.ts
init_budget();

// src/executor/executor-core.ts
init_budget();
init_result();

// src/executor/entry-table.ts
init_result();

// src/executor/arena.ts
init_result();

// src/executor/handle-id.ts
var SLOT_BITS = 20;
var MAX_SLOTS = 2 ** SLOT_BITS;
var MAX_GENERATION = Math.floor(Number.MAX_SAFE_INTEGER / MAX_SLOTS);
var EMPTY_HANDLE_ID = 0;
function packHandleId(slot, generation) {
  return generation * MAX_SLOTS + slot;
}
function unpackHandleId(handleId) {
  if (typeof handleId !== "number" || !Number.isSafeInteger(handleId) || handleId < 0) return void 0;
  return { slot: handleId % MAX_SLOTS, generation: Math.floor(handleId / MAX_SLOTS) };
}

// src/executor/arena.ts
var Arena = class {
  constructor(capacity) {
    this.capacity = capacity;
  }
  capacity;
  slots = [];
  /** Generation of the current (or next) occupant of each slot; starts at 1. */
  generations = [];
  free = [];
  usedCount = 0;
  nextSeq = 1;
  get used() {
    return this.usedCount;
  }
  hasRoom() {
    return this.usedCount < this.capacity && (this.free.length > 0 || this.slots.length < MAX_SLOTS);
  }
  /** Places the entry, writing its handle id and sequence. `Full` past capacity. */
  insert(entry, what) {
    if (!this.hasRoom()) {
      return err("Full", `executor is full (capacity ${this.capacity}); cannot register ${what}`);
    }
    let slot = this.free.pop();
    if (slot === void 0) {
      slot = this.slots.length;
      this.slots.push(void 0);
      this.generations.push(1);
    }
    const generation = this.generations[slot];
    entry.handleId = packHandleId(slot, generation);
    entry.seq = this.nextSeq++;
    this.slots[slot] = entry;
    this.usedCount++;
    return ok(entry);
  }
  /** NotInitialized for an empty handle, Error for a stale or foreign one. */
  lookup(handleId) {
    if (handleId === EMPTY_HANDLE_ID)
      return err("NotInitialized", "handle is empty (it was reset or never registered)");
    const parts = unpackHandleId(handleId);
    if (parts === void 0) return err("InvalidArgument", `handleId ${describeValue(handleId)} is not a handle id`);
    const entry = this.slots[parts.slot];
    if (entry === void 0 || entry.handleId !== handleId) {
      return err("Error", `handle ${describeValue(handleId)} is stale (released)`);
    }
    return ok(entry);
  }
  /** Frees the slot and bumps its generation. false when the id is not current. */
  remove(handleId) {
    const parts = unpackHandleId(handleId);
    if (parts === void 0) return false;
    const entry = this.slots[parts.slot];
    if (entry === void 0 || entry.handleId !== handleId) return false;
    this.slots[parts.slot] = void 0;
    this.usedCount--;
    const next = parts.generation + 1;
    this.generations[parts.slot] = next;
    if (next <= MAX_GENERATION) this.free.push(parts.slot);
    return true;
  }
  /** Live entries in registration order (used by shutdown, not by dispatch). */
  entries() {
    const live = this.slots.filter((e2) => e2 !== void 0);
    return live.sort((a, b) => a.seq - b.seq);
  }
};

// src/executor/entry-table.ts
var EntryTable = class {
  constructor(capacity, hub, wake) {
    this.hub = hub;
    this.wake = wake;
    this.arena = new Arena(capacity);
  }
  hub;
  wake;
  arena;
  closers = /* @__PURE__ */ new Set();
  get used() {
    return this.arena.used;
  }
  get capacity() {
    return this.arena.capacity;
  }
  /** Full, or undefined when there is room. */
  checkRoom(what) {
    return this.arena.hasRoom() ? void 0 : err("Full", `executor is full (capacity ${this.arena.capacity}); cannot register ${what}`);
  }
  insert(entry, what) {
    return this.arena.insert(entry, what);
  }
  lookup(handleId) {
    return this.arena.lookup(handleId);
  }
  /** From inside the entry's own handler the release waits until the handler returns. */
  release(entry) {
    if (entry.running) entry.releaseRequested = true;
    else this.releaseEntry(entry);
    return ok();
  }
  releaseEntry(entry) {
    if (!entry.alive) return;
    entry.alive = false;
    this.arena.remove(entry.handleId);
    this.hub.forget(entry);
    try {
      entry.dispose();
    } catch (thrown) {
      this.hub.emit({ type: "transport", message: `closing ${entry.describe()} failed: ${describeThrown(thrown)}` });
    }
    this.wake();
  }
  releaseAll() {
    for (const entry of this.arena.entries()) this.releaseEntry(entry);
  }
  /** Hook run at shutdown after entries are released (nodes withdraw from the graph). */
  addCloser(closer) {
    this.closers.add(closer);
    return () => this.closers.delete(closer);
  }
  runClosers() {
    for (const closer of [...this.closers]) {
      try {
        closer();
      } catch {
        this.hub.countListenerError();
      }
    }
  }
};

// src/executor/handler-outcome.ts
function fulfilled(value) {
  return { ok: true, value };
}
function failed(error) {
  return { ok: false, error };
}
function mayBeThenable(x) {
  return typeof x === "object" && x !== null || typeof x === "function";
}
function observeReturned(returned, listener) {
  if (!mayBeThenable(returned)) {
    listener(fulfilled(returned), false);
    return false;
  }
  let then;
  try {
    then = returned.then;
  } catch (thrown) {
    listener(failed(thrown), false);
    return false;
  }
  if (typeof then !== "function") {
    listener(fulfilled(returned), false);
    return false;
  }
  let settled = false;
  let returnedYet = false;
  const settle2 = (outcome) => {
    if (settled) return;
    settled = true;
    listener(outcome, returnedYet);
  };
  try {
    Reflect.apply(then, returned, [
      (value) => settle2(fulfilled(value)),
      (error) => settle2(failed(error))
    ]);
  } catch (thrown) {
    settle2(failed(thrown));
  }
  returnedYet = true;
  return !settled;
}

// src/executor/event-hub.ts
var MAX_PENDING_EVENTS = 1024;
var EventHub = class {
  constructor(wake) {
    this.wake = wake;
  }
  wake;
  counters = { handlerErrors: 0, dropped: 0, decodeErrors: 0, listenerErrors: 0 };
  listeners = /* @__PURE__ */ new Set();
  shutdownCallbacks = /* @__PURE__ */ new Set();
  pendingEvents = [];
  pendingOverflow = /* @__PURE__ */ new Map();
  onEvent(listener) {
    if (typeof listener !== "function") return () => {
    };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  addShutdownCallback(callback) {
    if (typeof callback !== "function") return () => {
    };
    this.shutdownCallbacks.add(callback);
    return () => this.shutdownCallbacks.delete(callback);
  }
  emit(event) {
    if (this.pendingEvents.length >= MAX_PENDING_EVENTS) return;
    this.pendingEvents.push(event);
    if (this.pendingEvents.length === 1) this.wake();
  }
  countDropped(entry, count) {
    this.counters.dropped += count;
    if (this.pendingOverflow.size === 0) this.wake();
    this.pendingOverflow.set(entry, (this.pendingOverflow.get(entry) ?? 0) + count);
  }
  forget(entry) {
    this.pendingOverflow.delete(entry);
  }
  hasPending() {
    return this.pendingEvents.length !== 0 || this.pendingOverflow.size !== 0;
  }
  /** Hands queued events to the listeners; a listener that throws or rejects is counted. */
  deliver() {
    if (!this.hasPending()) return;
    for (const [entry, dropped] of this.pendingOverflow) {
      this.emit({ type: "queue_overflow", entity: entry.describe(), dropped });
    }
    this.pendingOverflow.clear();
    if (this.pendingEvents.length === 0) return;
    const events = this.pendingEvents;
    this.pendingEvents = [];
    for (const event of events) {
      for (const listener of [...this.listeners]) this.callUser(listener, event);
    }
  }
  runShutdownCallbacks() {
    for (const callback of [...this.shutdownCallbacks]) this.callUser(callback, void 0);
  }
  countListenerError() {
    this.counters.listenerErrors++;
  }
  callUser(fn, arg) {
    let returned;
    try {
      returned = fn(arg);
    } catch {
      this.counters.listenerErrors++;
      return;
    }
    if (!mayBeThenable(returned)) return;
    observeReturned(returned, (outcome) => {
      if (!outcome.ok) this.counters.listenerErrors++;
    });
  }
};

// src/executor/spinner.ts
init_budget();
init_result();

// src/executor/entry.ts
var EntryKind = {
  Subscription: "subscription",
  PollSubscription: "poll_subscription",
  Service: "service",
  Client: "client",
  Timer: "timer",
  GuardCondition: "guard_condition"
};
var Entry = class {
  constructor(kind, name) {
    this.kind = kind;
    this.name = name;
  }
  kind;
  name;
  handleId = 0;
  seq = 0;
  queued = false;
  alive = true;
  /** true while this entry's own handler runs: a release then waits for it to return */
  running = false;
  /** true while the promise its handler returned has not settled: the entry is not dispatched then */
  busy = false;
  releaseRequested = false;
  /** Label for messages and events, e.g. `subscription '/chatter'`. */
  describe() {
    return `${this.kind} '${this.name}'`;
  }
  actualQos() {
    return void 0;
  }
};

// src/executor/events.ts
function emptyReport() {
  return { subscriptions: 0, timers: 0, services: 0, clients: 0, guardConditions: 0, handlerErrors: 0 };
}

// src/executor/ready-list.ts
function bySeq(a, b) {
  return a.seq - b.seq;
}
var ReadyList = class {
  pending = [];
  /** The array of the previous round, emptied and reused for the next pending list. */
  spare;
  get size() {
    return this.pending.length;
  }
  mark(entry) {
    if (entry.queued) return;
    entry.queued = true;
    this.pending.push(entry);
  }
  /** The entries of one round in registration order. They stay `queued` until dispatched. */
  takeRound() {
    const round = this.pending;
    this.pending = this.spare ?? [];
    this.spare = void 0;
    if (round.length > 1) round.sort(bySeq);
    return round;
  }
  /** Hands back a dispatched round's array so the next takeRound allocates nothing. */
  recycle(round) {
    round.length = 0;
    this.spare = round;
  }
  clear() {
    for (const e2 of this.pending) e2.queued = false;
    this.pending = [];
  }
};

// src/executor/timer-heap.ts
var TimerHeap = class {
  nodes = [];
  get size() {
    return this.nodes.length;
  }
  push(node2) {
    const a = this.nodes;
    a.push(node2);
    let i = a.length - 1;
    while (i > 0) {
      const parent = i - 1 >> 1;
      if (!before(a[i], a[parent])) break;
      swap(a, i, parent);
      i = parent;
    }
  }
  peek() {
    return this.nodes[0];
  }
  pop() {
    const a = this.nodes;
    const top = a[0];
    if (top === void 0) return void 0;
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m])) m = l;
        if (r < a.length && before(a[r], a[m])) m = r;
        if (m === i) break;
        swap(a, i, m);
        i = m;
      }
    }
    return top;
  }
  clear() {
    this.nodes.length = 0;
  }
};
function before(x, y) {
  return x.deadline < y.deadline || x.deadline === y.deadline && x.seq < y.seq;
}
function swap(a, i, j) {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

// src/executor/dispatcher.ts
var REPORT_FIELD = {
  [EntryKind.Subscription]: "subscriptions",
  [EntryKind.PollSubscription]: void 0,
  [EntryKind.Service]: "services",
  [EntryKind.Client]: "clients",
  [EntryKind.Timer]: "timers",
  [EntryKind.GuardCondition]: "guardConditions"
};
var Dispatcher = class {
  constructor(events, entries, clock, signal) {
    this.events = events;
    this.entries = entries;
    this.clock = clock;
    this.signal = signal;
  }
  events;
  entries;
  clock;
  signal;
  /** How many calls into user code are on the stack (handlers, listeners, shutdown callbacks). */
  handlerDepth = 0;
  ready = new ReadyList();
  timers = new TimerHeap();
  roundReport;
  // ---- EntryHost / TimerScheduler ----
  now() {
    return this.clock();
  }
  arm(timer) {
    timer.token++;
    this.timers.push({ deadline: timer.deadline, seq: timer.seq, token: timer.token, item: timer });
    this.signal.notify();
  }
  markReady(entry) {
    if (entry.alive) this.ready.mark(entry);
    this.signal.notify();
  }
  notify() {
    this.signal.notify();
  }
  runHandler(entry, fn, done) {
    let returned;
    entry.running = true;
    this.handlerDepth++;
    try {
      returned = fn();
    } catch (thrown) {
      this.handlerReturned(entry);
      this.settle(entry, failed(thrown), false, done);
      return false;
    }
    this.handlerReturned(entry);
    if (returned !== void 0 || done !== void 0) this.observe(entry, returned, done);
    return true;
  }
  handlerReturned(entry) {
    this.handlerDepth--;
    entry.running = false;
    if (entry.releaseRequested) this.entries.releaseEntry(entry);
  }
  observe(entry, returned, done) {
    if (done === void 0 && !mayBeThenable(returned)) return;
    const later = observeReturned(returned, (outcome, late) => this.settle(entry, outcome, late, done));
    entry.busy = later && entry.kind !== EntryKind.Service;
  }
  /** The end of a handler call. Never throws: it may run from a promise reaction. */
  settle(entry, outcome, later, done) {
    entry.busy = false;
    if (!outcome.ok) this.reportHandlerError(entry, outcome.error);
    if (done !== void 0) {
      try {
        done(outcome);
      } catch (thrown) {
        this.reportHandlerError(entry, thrown);
      }
    }
    if (later && entry.alive && entry.hasWork()) this.markReady(entry);
  }
  reportHandlerError(entry, error) {
    this.events.counters.handlerErrors++;
    if (this.roundReport !== void 0) this.roundReport.handlerErrors++;
    this.events.emit({ type: "handler_error", entity: entry.describe(), error });
  }
  reportDropped(entry, count) {
    this.events.countDropped(entry, count);
  }
  reportDecodeError(entry, message) {
    this.events.counters.decodeErrors++;
    this.events.emit({ type: "decode_error", entity: entry.describe(), message });
  }
  // ---- user code outside entries ----
  hasPendingEvents() {
    return this.events.hasPending();
  }
  /** Hands queued events to the listeners, as user code (blocking helpers answer Reentrant there). */
  deliverEvents() {
    if (!this.events.hasPending()) return;
    this.handlerDepth++;
    try {
      this.events.deliver();
    } finally {
      this.handlerDepth--;
    }
  }
  runShutdownCallbacks() {
    this.handlerDepth++;
    try {
      this.events.runShutdownCallbacks();
    } finally {
      this.handlerDepth--;
    }
  }
  // ---- rounds ----
  /** Moves timers whose deadline has passed into the ready list; discards stale heap nodes. */
  collectDueTimers() {
    if (this.timers.size === 0) return;
    const now = this.clock();
    for (; ; ) {
      const top = this.timers.peek();
      if (top === void 0) return;
      const timer = top.item;
      if (!timer.alive || timer.canceled || top.token !== timer.token) {
        this.timers.pop();
        continue;
      }
      if (top.deadline > now) return;
      this.timers.pop();
      timer.due = true;
      this.ready.mark(timer);
    }
  }
  hasReadyWork() {
    this.collectDueTimers();
    return this.ready.size > 0;
  }
  nextTimerDelay() {
    const top = this.timers.peek();
    return top === void 0 ? Number.POSITIVE_INFINITY : Math.max(0, top.deadline - this.clock());
  }
  /** Waits until the next timer is due, a notify, or maxMs. */
  async waitForWork(maxMs) {
    const delay = Math.min(maxMs, this.nextTimerDelay());
    if (delay <= 0) return;
    await this.signal.wait(delay);
  }
  /**
   * One round: the ready snapshot in registration order, at most one item per entry. An entry
   * whose async handler has not settled is skipped (it is marked again when it settles). An
   * entry whose own dispatch throws is reported and the round goes on with the next.
   */
  round(report = emptyReport()) {
    this.roundReport = report;
    let dispatched = false;
    try {
      this.collectDueTimers();
      this.deliverEvents();
      const entries = this.ready.takeRound();
      for (const entry of entries) {
        entry.queued = false;
        if (!entry.alive || entry.busy) continue;
        try {
          if (entry.dispatchOne(this)) {
            dispatched = true;
            const field = REPORT_FIELD[entry.kind];
            if (field !== void 0) report[field]++;
          }
        } catch (thrown) {
          this.reportHandlerError(entry, thrown);
        }
        if (entry.alive && !entry.busy && entry.hasWork()) this.ready.mark(entry);
      }
      this.ready.recycle(entries);
      this.deliverEvents();
    } finally {
      this.roundReport = void 0;
    }
    if (dispatched) this.signal.notify();
    return report;
  }
  /** Shutdown: nothing is dispatched any more. */
  clearDispatch() {
    this.ready.clear();
    this.timers.clear();
  }
};

// src/executor/wake-signal.ts
init_budget();

// src/host.ts
function nodeProcess() {
  const candidate = globalThis.process;
  return typeof candidate?.versions?.node === "string" && typeof candidate.pid === "number" ? candidate : void 0;
}
var pageTag = Math.floor(Math.random() * 1e9);
function monotonicNs() {
  const proc = nodeProcess();
  if (proc !== void 0) return proc.hrtime.bigint();
  return BigInt(Math.round(performance.now() * 1e6));
}
var channel;
var waiting = [];
function postTask(resolve) {
  if (channel === void 0) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  waiting.push(resolve);
  channel.port2.postMessage(void 0);
}
function nextMacrotask() {
  return new Promise((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else postTask(resolve);
  });
}

// src/executor/wake-signal.ts
var WakeSignal = class {
  waiters = [];
  /** One promise shared by every untimed waiter of the current generation: no timer, no closure each. */
  untimed;
  resolveUntimed;
  get waiting() {
    return this.waiters.length + (this.untimed === void 0 ? 0 : 1);
  }
  notify() {
    const resolve = this.resolveUntimed;
    if (resolve !== void 0) {
      this.untimed = void 0;
      this.resolveUntimed = void 0;
      resolve();
    }
    if (this.waiters.length === 0) return;
    const woken = this.waiters;
    this.waiters = [];
    for (const w of woken) w();
  }
  /** Resolves true when notified, false when `ms` passed first. */
  wait(ms) {
    return new Promise((resolve) => {
      const delay = timerDelay(ms);
      const woken = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(woken);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(false);
      }, delay);
      this.waiters.push(woken);
    });
  }
  /**
   * Resolves on the next notify(), with no timer: holds nothing that keeps the process alive,
   * so a caller that must keep it alive holds its own handle (see Spinner.spinLoop).
   */
  waitNotified() {
    if (this.untimed === void 0) {
      this.untimed = new Promise((resolve) => {
        this.resolveUntimed = resolve;
      });
    }
    return this.untimed;
  }
};
function yieldToHost() {
  return nextMacrotask();
}

// src/executor/spinner.ts
var SPIN_WAIT_CHUNK_MS = 6e4;
var SPIN_SLICE_MS = 2;
function keepAliveTick() {
}
var Spinner = class extends Dispatcher {
  /** How long spin() runs rounds back-to-back before yielding to the host. */
  spinSliceMs = SPIN_SLICE_MS;
  /** spin() and spinFor() return no reports: their rounds count into this one, never read. */
  discardedReport = emptyReport();
  spinning = false;
  cancelRequested = false;
  inHandler() {
    return this.handlerDepth > 0;
  }
  isSpinning() {
    return this.spinning;
  }
  isShutdown() {
    return !this.isOpen();
  }
  refuseSpin(verb) {
    if (!this.isOpen()) return err("NotInitialized", `${verb}: executor is shut down`);
    if (this.inHandler()) return err("Reentrant", `${verb} called from inside a handler of this executor`);
    if (this.spinning) return err("BadSequence", `${verb} called while the executor is already spinning`);
    return void 0;
  }
  endSpin() {
    this.spinning = false;
    this.cancelRequested = false;
    this.notify();
  }
  spinSome() {
    const refused = this.refuseSpin("spinSome");
    if (refused !== void 0) return refused;
    this.spinning = true;
    try {
      return ok(this.round());
    } finally {
      this.endSpin();
    }
  }
  async spinOnce(budgetMs) {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    const refused = this.refuseSpin("spinOnce");
    if (refused !== void 0) return refused;
    this.spinning = true;
    try {
      const start = performance.now();
      while (!this.hasReadyWork() && !this.cancelRequested && this.isOpen()) {
        const remaining = budgetMs - (performance.now() - start);
        if (remaining <= 0) break;
        if (this.hasPendingEvents()) this.deliverEvents();
        else await this.waitForWork(remaining);
      }
      return ok(this.isOpen() ? this.round() : emptyReport());
    } finally {
      this.endSpin();
    }
  }
  spin() {
    return this.spinLoop("spin", Number.POSITIVE_INFINITY);
  }
  spinFor(durationMs) {
    const bad = checkBudget("durationMs", durationMs);
    if (!bad.ok) return Promise.resolve(bad);
    return this.spinLoop("spinFor", durationMs);
  }
  /**
   * spin()/spinFor(): rounds run back-to-back while work is ready, for at most spinSliceMs
   * of real time; then the host gets a turn (I/O, transport callbacks, other tasks), so a busy
   * entry is not paced by event-loop turns and cannot starve the loop either. Each round keeps
   * its rules (one item per ready entry, registration order, new work waits for the next round).
   */
  async spinLoop(verb, durationMs) {
    const refused = this.refuseSpin(verb);
    if (refused !== void 0) return refused;
    this.spinning = true;
    let keepAlive;
    try {
      const start = performance.now();
      let sliceStart = start;
      while (!this.cancelRequested && this.isOpen()) {
        const now = performance.now();
        const remaining = durationMs - (now - start);
        if (remaining <= 0) break;
        if (this.hasReadyWork()) {
          if (this.runSlice(now, Math.min(sliceStart + this.spinSliceMs, start + durationMs))) {
            await yieldToHost();
            sliceStart = performance.now();
          }
        } else if (this.hasPendingEvents()) {
          this.deliverEvents();
        } else if (remaining === Number.POSITIVE_INFINITY && this.nextTimerDelay() === Number.POSITIVE_INFINITY) {
          keepAlive ??= setInterval(keepAliveTick, MAX_TIMER_MS);
          await this.signal.waitNotified();
          sliceStart = performance.now();
        } else {
          await this.waitForWork(Math.min(remaining, SPIN_WAIT_CHUNK_MS));
          sliceStart = performance.now();
        }
      }
      return ok();
    } finally {
      if (keepAlive !== void 0) clearInterval(keepAlive);
      this.endSpin();
    }
  }
  /**
   * Rounds back-to-back until no work is ready, the spin is cancelled or shut down, or `until`
   * (real time) has passed; at least one round. Answers true when it stopped for time with
   * work still ready. The clock costs ~0.1 µs a read (as much as a cheap round), so while
   * rounds are cheap it is read every 2, 4 ... 16 rounds, and every round again once they are not.
   */
  runSlice(now, until) {
    const cheap = this.spinSliceMs / 8;
    let stride = 1;
    let countdown = 1;
    let last = now;
    for (; ; ) {
      this.round(this.discardedReport);
      if (this.cancelRequested || !this.isOpen() || !this.hasReadyWork()) return false;
      if (--countdown > 0) continue;
      const t = performance.now();
      if (t >= until) return true;
      stride = t - last < cheap ? Math.min(stride * 2, 16) : 1;
      countdown = stride;
      last = t;
    }
  }
  cancel() {
    if (!this.spinning) return;
    this.cancelRequested = true;
    this.notify();
  }
  /**
   * Waits until `done()` holds, up to the budget: the engine of blocking helpers
   * (waitForService, Future.wait, takeWithin) and of anyone who waits on an executor. It runs
   * the rounds that are ready while nobody spins and otherwise waits passively, without
   * claiming the executor: a host loop's spinSome()/spin() keeps working meanwhile, in either
   * order, and a running spin's rounds wake it. Answers Reentrant inside a handler (it would
   * never return), Timeout when the budget runs out, NotInitialized after shutdown.
   */
  async spinUntil(done, budgetMs, what = "spinUntil") {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    if (this.inHandler()) {
      return err(
        "Reentrant",
        `${what}: cannot wait inside a handler of this executor (it would never return); use the non-blocking verb`
      );
    }
    const start = performance.now();
    for (; ; ) {
      const holds = holdsNow(done, what);
      if (holds !== false) return holds === true ? ok() : holds;
      if (!this.isOpen()) return err("NotInitialized", `${what}: executor is shut down`);
      const remaining = budgetMs - (performance.now() - start);
      if (remaining <= 0) return err("Timeout", `${what}: budget of ${budgetMs} ms ran out`);
      if (this.spinning) {
        await this.signal.wait(remaining);
      } else if (this.hasReadyWork() || this.hasPendingEvents()) {
        this.round(this.discardedReport);
        await yieldToHost();
      } else {
        await this.waitForWork(remaining);
      }
    }
  }
};
function holdsNow(done, what) {
  try {
    return done() === true;
  } catch (thrown) {
    return err("Error", `${what}: the condition threw: ${describeThrown(thrown)}`);
  }
}

// src/executor/executor-core.ts
var ExecutorCore = class extends Spinner {
  constructor(session2, options, internals = {}) {
    const signal = new WakeSignal();
    const wake = () => signal.notify();
    const hub = new EventHub(wake);
    const table = new EntryTable(options.capacity, hub, wake);
    super(hub, table, internals.clock ?? (() => performance.now()), signal);
    this.session = session2;
    this.hub = hub;
    this.table = table;
    this.backend = session2.backend;
    this.domainId = session2.domainId;
    this.keepAllLimit = options.keepAllLimit;
    if (internals.spinSliceMs !== void 0) this.spinSliceMs = internals.spinSliceMs;
    this.unsubscribeSession = session2.onEvent((event) => {
      const where = "key" in event ? ` on '${event.key}'` : "";
      this.hub.emit({ type: "transport", message: `${event.type}${where}: ${event.message}` });
    });
  }
  session;
  backend;
  domainId;
  keepAllLimit;
  hub;
  table;
  state = "open";
  closing;
  unsubscribeSession;
  // ---- registration (used by the rclcpp layer) ----
  isOpen() {
    return this.state === "open";
  }
  /** Refusal to register, or undefined when there is room. Checked before touching the rmw. */
  checkCanRegister(what) {
    if (this.state !== "open") return err("NotInitialized", `executor is shut down; cannot register ${what}`);
    return this.table.checkRoom(what);
  }
  register(entry) {
    const what = entry.describe();
    const refused = this.checkCanRegister(what);
    if (refused !== void 0) return refused;
    return this.table.insert(entry, what);
  }
  lookup(handleId) {
    if (this.state !== "open" && handleId !== 0) return err("NotInitialized", "executor is shut down");
    return this.table.lookup(handleId);
  }
  /** Releases an entry; from inside its own handler the release waits until the handler returns. */
  release(handleId) {
    const found = this.lookup(handleId);
    return found.ok ? this.table.release(found.value) : found;
  }
  /** Hook run at shutdown after entries are released (nodes withdraw from the graph). */
  addCloser(closer) {
    return this.table.addCloser(closer);
  }
  // ---- waiting and events ----
  /** Resolves on the next wake-up (new work, a finished round, cancel, shutdown) or after ms. */
  async waitForActivity(ms) {
    if (this.state !== "closed") await this.signal.wait(ms);
  }
  onEvent(listener) {
    return this.hub.onEvent(listener);
  }
  addShutdownCallback(callback) {
    return this.hub.addShutdownCallback(callback);
  }
  // ---- session ----
  async ping(budgetMs) {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    if (this.state !== "open") return err("NotInitialized", "ping: executor is shut down");
    try {
      return await this.session.ping(budgetMs);
    } catch (thrown) {
      return err("TransportError", `ping failed: ${describeThrown(thrown)}`);
    }
  }
  usage() {
    return { used: this.table.used, capacity: this.table.capacity };
  }
  stats() {
    return { ...this.hub.counters };
  }
  /**
   * Idempotent, also from inside a shutdown callback: every call gets the same promise. It is
   * stored before the callbacks run (they run synchronously in here), so a callback that calls
   * shutdown() is answered instead of starting the close again.
   */
  shutdown() {
    if (this.closing !== void 0) return this.closing;
    let resolveClosing = () => {
    };
    this.closing = new Promise((resolve) => {
      resolveClosing = resolve;
    });
    this.close().then(
      resolveClosing,
      (thrown) => resolveClosing(err("Error", `shutdown failed: ${describeThrown(thrown)}`))
    );
    return this.closing;
  }
  async close() {
    this.state = "closing";
    this.cancelRequested = true;
    this.notify();
    this.runShutdownCallbacks();
    this.table.releaseAll();
    this.clearDispatch();
    this.table.runClosers();
    this.unsubscribeSession();
    let result;
    try {
      result = await this.session.close();
    } catch (thrown) {
      result = err("TransportError", `closing the ${this.backend} session failed: ${describeThrown(thrown)}`);
    }
    this.state = "closed";
    this.notify();
    return result;
  }
};

// src/rclcpp/executor.ts
init_result();

// src/rmw/rmw.ts
var BackendKind = { Local: "local", Zenoh: "zenoh" };
function isBackendKind(x) {
  return Object.values(BackendKind).includes(x);
}

// src/rclcpp/executor.ts
init_router_locator();

// src/rclcpp/names.ts
init_result();
var NODE_NAME_MAX_LENGTH = 255;
var TOKEN = /^[A-Za-z_][A-Za-z0-9_]*$/;
function validateNodeName(name) {
  if (typeof name !== "string") return err("InvalidArgument", `node name must be a string, got ${describeValue(name)}`);
  if (name.length === 0) return err("InvalidArgument", "node name must not be empty");
  if (name.length > NODE_NAME_MAX_LENGTH) {
    return err("InvalidArgument", `node name '${name}' is longer than ${NODE_NAME_MAX_LENGTH} characters`);
  }
  if (/^[0-9]/.test(name)) return err("InvalidArgument", `node name '${name}' must not start with a number`);
  if (!TOKEN.test(name)) {
    return err("InvalidArgument", `node name '${name}' may contain only alphanumerics and '_'`);
  }
  return ok();
}
function checkAbsolute(what, name) {
  if (!name.startsWith("/")) return err("InvalidArgument", `${what} '${name}' must be absolute (start with '/')`);
  if (name === "/") return ok();
  if (name.endsWith("/")) return err("InvalidArgument", `${what} '${name}' must not end with '/'`);
  if (name.includes("//")) return err("InvalidArgument", `${what} '${name}' must not contain '//'`);
  for (const token of name.slice(1).split("/")) {
    if (/^[0-9]/.test(token)) {
      return err("InvalidArgument", `${what} '${name}': token '${token}' must not start with a number`);
    }
    if (!TOKEN.test(token)) {
      return err("InvalidArgument", `${what} '${name}': token '${token}' may contain only alphanumerics and '_'`);
    }
  }
  return ok();
}
function normalizeNamespace(namespace) {
  if (namespace === void 0) return ok("/");
  if (typeof namespace !== "string") {
    return err("InvalidArgument", `namespace must be a string, got ${describeValue(namespace)}`);
  }
  const absolute = namespace === "" ? "/" : namespace.startsWith("/") ? namespace : `/${namespace}`;
  const checked = checkAbsolute("namespace", absolute);
  return checked.ok ? ok(absolute) : checked;
}
function fullyQualifiedNodeName(namespace, name) {
  return namespace === "/" ? `/${name}` : `${namespace}/${name}`;
}
function validateTopicName(what, name) {
  if (typeof name !== "string") return err("InvalidArgument", `${what} must be a string, got ${describeValue(name)}`);
  if (name.length === 0) return err("InvalidArgument", `${what} must not be empty`);
  if (name.includes("{") || name.includes("}")) {
    return err("InvalidArgument", `${what} '${name}': substitutions ('{...}') are not supported`);
  }
  if (!/^[A-Za-z0-9_/~]*$/.test(name)) {
    return err("InvalidArgument", `${what} '${name}' may contain only alphanumerics, '_', '/' and a leading '~'`);
  }
  if (name.indexOf("~", 1) >= 0)
    return err("InvalidArgument", `${what} '${name}': '~' is allowed only as the first character`);
  if (name.startsWith("~") && name.length > 1 && name[1] !== "/") {
    return err("InvalidArgument", `${what} '${name}': '~' must be followed by '/'`);
  }
  if (name.endsWith("/")) return err("InvalidArgument", `${what} '${name}' must not end with '/'`);
  if (name.includes("//")) return err("InvalidArgument", `${what} '${name}' must not contain '//'`);
  if (/^[0-9]/.test(name)) return err("InvalidArgument", `${what} '${name}' must not start with a number`);
  return ok();
}
function expandTopicName(what, name, namespace, nodeName) {
  const valid = validateTopicName(what, name);
  if (!valid.ok) return valid;
  const n2 = name;
  const nodeFqn = fullyQualifiedNodeName(namespace, nodeName);
  let expanded;
  if (n2.startsWith("/")) expanded = n2;
  else if (n2 === "~") expanded = nodeFqn;
  else if (n2.startsWith("~/")) expanded = `${nodeFqn}${n2.slice(1)}`;
  else expanded = namespace === "/" ? `/${n2}` : `${namespace}/${n2}`;
  const checked = checkAbsolute(what, expanded);
  return checked.ok ? ok(expanded) : checked;
}
function validateRawKey(what, key) {
  if (typeof key !== "string") return err("InvalidArgument", `${what} must be a string, got ${describeValue(key)}`);
  if (key.length === 0) return err("InvalidArgument", `${what} must not be empty`);
  if (/[\s#?$]/.test(key)) {
    return err("InvalidArgument", `${what} '${key}' must not contain whitespace, '#', '?' or '$'`);
  }
  return ok(key);
}
function resolveName(naming, what, name, namespace, nodeName) {
  return naming === "raw" ? validateRawKey(what, name) : expandTopicName(what, name, namespace, nodeName);
}

// src/executor/sample-queue.ts
var SampleQueue = class {
  constructor(keepAll, limit) {
    this.keepAll = keepAll;
    this.limit = limit;
  }
  keepAll;
  limit;
  items = [];
  head = 0;
  get length() {
    return this.items.length - this.head;
  }
  /** Adds an item; returns the item dropped to respect the bound, if any. */
  push(item) {
    if (this.length < this.limit) {
      this.items.push(item);
      return void 0;
    }
    if (this.keepAll) return { dropped: item };
    const oldest = this.shift();
    this.items.push(item);
    return { dropped: oldest };
  }
  shift() {
    if (this.head >= this.items.length) return void 0;
    const item = this.items[this.head];
    this.items[this.head] = void 0;
    this.head++;
    if (this.head > 32 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  /** Empties the queue, returning what it held (oldest first). */
  drain() {
    const rest = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return rest;
  }
};

// src/executor/queued-entry.ts
function queueBound(qos, keepAllLimit) {
  return qos.history === "keep_all" ? { keepAll: true, limit: keepAllLimit } : { keepAll: false, limit: qos.depth };
}
var QueuedEntry = class extends Entry {
  constructor(host, kind, name, bound, dispatched = true) {
    super(kind, name);
    this.host = host;
    this.dispatched = dispatched;
    this.queue = new SampleQueue(bound.keepAll, bound.limit);
  }
  host;
  dispatched;
  queue;
  /** Called from transport context: queue, count drops, mark ready. Never runs user code. */
  offer(item) {
    if (!this.alive) {
      this.onDropped(item);
      return;
    }
    const over = this.queue.push(item);
    if (over !== void 0) {
      this.onDropped(over.dropped);
      this.host.reportDropped(this, 1);
    }
    if (this.dispatched) this.host.markReady(this);
    else this.host.notify();
  }
  hasWork() {
    return this.dispatched && this.queue.length > 0;
  }
  dispatchOne(host) {
    if (this.queue.length === 0) return false;
    const item = this.queue.shift();
    this.handleItem(item, host);
    return true;
  }
  dispose() {
    for (const item of this.queue.drain()) this.onDropped(item);
    this.closeTransport();
  }
  /** An item that will never be handled (overflow, release): e.g. fail a request. */
  onDropped(_item) {
  }
};

// src/executor/timer-entry.ts
init_result();
var MIN_TIMER_PERIOD_MS = 1e-3;
function checkTimerPeriod(argument, value) {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    return err(
      "InvalidArgument",
      `${argument} must be a finite number of milliseconds > 0, got ${describeValue(value)}`
    );
  }
  if (value < MIN_TIMER_PERIOD_MS) {
    return err(
      "InvalidArgument",
      `${argument} must be at least ${MIN_TIMER_PERIOD_MS} ms (1 \xB5s), got ${describeValue(value)} ms`
    );
  }
  return ok();
}
var TimerEntry = class extends Entry {
  constructor(scheduler, periodMs, oneShot, callback, label) {
    super(EntryKind.Timer, label);
    this.scheduler = scheduler;
    this.periodMs = periodMs;
    this.oneShot = oneShot;
    this.callback = callback;
    this.deadline = scheduler.now() + periodMs;
  }
  scheduler;
  periodMs;
  oneShot;
  callback;
  deadline;
  /** bumps on every (re)arm and cancel: stale heap nodes are recognised by it */
  token = 0;
  canceled = false;
  /** set when a round found the deadline passed */
  due = false;
  overruns = 0;
  hasWork() {
    return this.due && !this.canceled;
  }
  dispatchOne(host) {
    if (!this.due || this.canceled) return false;
    this.due = false;
    const now = this.scheduler.now();
    if (this.oneShot) {
      this.canceled = true;
    } else {
      const missed = Math.max(0, Math.floor((now - this.deadline) / this.periodMs));
      this.overruns += missed;
      this.deadline += (missed + 1) * this.periodMs;
      this.scheduler.arm(this);
    }
    host.runHandler(this, this.callback);
    return true;
  }
  cancel() {
    this.canceled = true;
    this.due = false;
    this.token++;
  }
  /** Restarts the period from now and un-cancels. */
  restart() {
    this.canceled = false;
    this.due = false;
    this.deadline = this.scheduler.now() + this.periodMs;
    this.scheduler.arm(this);
  }
  dispose() {
    this.cancel();
  }
};
var GuardEntry = class extends Entry {
  constructor(callback) {
    super(EntryKind.GuardCondition, "guard condition");
    this.callback = callback;
  }
  callback;
  triggered = false;
  hasWork() {
    return this.triggered;
  }
  dispatchOne(host) {
    if (!this.triggered) return false;
    this.triggered = false;
    host.runHandler(this, this.callback);
    return true;
  }
  dispose() {
    this.triggered = false;
  }
};

// src/rclcpp/node.ts
init_result();

// src/rclcpp/client.ts
init_budget();
init_result();

// src/rclcpp/handle.ts
init_result();
function coreOf(executor) {
  return executor instanceof ExecutorCore ? executor : void 0;
}
function readHandle(handle) {
  if (typeof handle !== "object" || handle === null)
    return err("InvalidArgument", `handle must be an object, got ${describeValue(handle)}`);
  let core;
  let handleId;
  try {
    const h = handle;
    core = coreOf(h.executor);
    handleId = h.handleId;
  } catch (thrown) {
    return err("InvalidArgument", `handle could not be read: ${describeThrown(thrown)}`);
  }
  if (core === void 0) return err("InvalidArgument", "handle.executor is not an rclts executor");
  return ok({ core, handleId });
}
function entryOf(handle, kind, what) {
  const read = readHandle(handle);
  if (!read.ok) return read;
  const found = read.value.core.lookup(read.value.handleId);
  if (!found.ok) return found;
  if (!(found.value instanceof kind)) {
    return err(
      "InvalidArgument",
      `handle ${describeValue(read.value.handleId)} is a ${found.value.kind}, not a ${what}`
    );
  }
  return ok(found.value);
}
var Handle = class {
  executor;
  handleId;
  constructor(executor, handleId) {
    this.executor = executor;
    this.handleId = handleId;
  }
  /**
   * Releases the registration; this copy becomes empty (NotInitialized), other copies stale
   * (Error). A frozen (or otherwise read-only) copy cannot be emptied: the entry is released
   * all the same, Ok, and that copy then answers as a stale one.
   */
  reset() {
    const read = readHandle(this);
    if (!read.ok) return read;
    const released = read.value.core.release(read.value.handleId);
    if (!released.ok) return released;
    try {
      Reflect.set(this, "handleId", EMPTY_HANDLE_ID);
    } catch {
    }
    return released;
  }
};

// src/rclcpp/type-check.ts
init_result();
function readOptions(argument, options, keys) {
  const read = {};
  if (options === void 0) return ok(read);
  if (typeof options !== "object" || options === null) {
    return err("InvalidArgument", `${argument} must be an object, got ${describeValue(options)}`);
  }
  for (const key of keys) {
    try {
      read[key] = options[key];
    } catch (thrown) {
      return err("InvalidArgument", `${argument}.${key} could not be read: ${describeThrown(thrown)}`);
    }
  }
  return ok(read);
}
function nonEmptyString(argument, value) {
  return typeof value === "string" && value.length > 0 ? ok(value) : err("InvalidArgument", `${argument} must be a non-empty string, got ${describeValue(value)}`);
}
function readTypeSupport(argument, kind, type, keys) {
  if (type === void 0) return err("InvalidArgument", `${argument} must be a ${kind}, got undefined`);
  const read = readOptions(argument, type, ["typeName", "typeHash", ...keys]);
  if (!read.ok) return read;
  const typeName = nonEmptyString(`${argument}.typeName`, read.value.typeName);
  if (!typeName.ok) return typeName;
  const typeHash = nonEmptyString(`${argument}.typeHash`, read.value.typeHash);
  if (!typeHash.ok) return typeHash;
  return ok({ typeName: typeName.value, typeHash: typeHash.value, fields: read.value });
}
function checkMessageType(argument, type) {
  const read = readTypeSupport(argument, "message type", type, ["encode", "decode"]);
  if (!read.ok) return read;
  const { typeName, typeHash, fields } = read.value;
  const { encode, decode } = fields;
  if (typeof encode !== "function" || typeof decode !== "function") {
    return err("InvalidArgument", `${argument} (${typeName}) must have encode() and decode()`);
  }
  const known = snapshots.get(type);
  if (known !== void 0 && known.encode === encode && known.decode === decode && known.snapshot.typeName === typeName && known.snapshot.typeHash === typeHash)
    return ok(known.snapshot);
  const snapshot = Object.freeze({
    typeName,
    typeHash,
    encode: (message) => encode.call(type, message),
    decode: (bytes) => decode.call(type, bytes)
  });
  snapshots.set(type, { encode, decode, snapshot });
  return ok(snapshot);
}
var snapshots = /* @__PURE__ */ new WeakMap();
function checkServiceType(argument, type) {
  const read = readTypeSupport(argument, "service type", type, ["Request", "Response"]);
  if (!read.ok) return read;
  const { typeName, typeHash, fields } = read.value;
  const request = checkMessageType(`${argument}.Request`, fields.Request);
  if (!request.ok) return request;
  const response = checkMessageType(`${argument}.Response`, fields.Response);
  if (!response.ok) return response;
  return ok(Object.freeze({ typeName, typeHash, Request: request.value, Response: response.value }));
}
function checkFunction(argument, fn) {
  return typeof fn === "function" ? ok() : err("InvalidArgument", `${argument} must be a function, got ${typeof fn}`);
}
function encodeMessage(type, message, where) {
  try {
    const bytes = type.encode(message);
    if (!(bytes instanceof Uint8Array))
      return err("InvalidArgument", `${type.typeName}.encode did not return bytes (${where})`);
    return ok(bytes);
  } catch (thrown) {
    return err("InvalidArgument", `message does not encode as ${type.typeName} (${where}): ${describeThrown(thrown)}`);
  }
}
function decodeMessage(type, bytes, where) {
  try {
    return ok(type.decode(bytes));
  } catch (thrown) {
    return err("Error", `cannot decode ${type.typeName} (${where}): ${describeThrown(thrown)}`);
  }
}
function messageInfo(item) {
  const a = item.attachment;
  return {
    key: item.key,
    receivedAtMs: item.receivedAtMs,
    sequenceNumber: a?.sequenceNumber,
    sourceTimestampNs: a?.sourceTimestampNs,
    publisherGid: a?.gid
  };
}

// src/rclcpp/client.ts
var DEFAULT_REQUEST_BUDGET_MS = 1e4;
function readClientOptions(options) {
  const o = readOptions("options", options, ["qos", "requestBudgetMs", "maxRequestsInFlight"]);
  if (!o.ok) return o;
  const { qos, maxRequestsInFlight } = o.value;
  const requestBudgetMs = o.value.requestBudgetMs ?? DEFAULT_REQUEST_BUDGET_MS;
  const b = checkBudget("options.requestBudgetMs", requestBudgetMs);
  if (!b.ok) return b;
  if (maxRequestsInFlight !== void 0 && (typeof maxRequestsInFlight !== "number" || !Number.isSafeInteger(maxRequestsInFlight) || maxRequestsInFlight < 1)) {
    return err(
      "InvalidArgument",
      `options.maxRequestsInFlight must be an integer >= 1, got ${describeValue(maxRequestsInFlight)}`
    );
  }
  return ok({ qos, requestBudgetMs, maxRequestsInFlight });
}
var ClientEntry = class extends QueuedEntry {
  constructor(host, service, maxInFlight, type, onResponse, requestBudgetMs) {
    super(host, EntryKind.Client, service, { keepAll: false, limit: maxInFlight });
    this.maxInFlight = maxInFlight;
    this.type = type;
    this.onResponse = onResponse;
    this.requestBudgetMs = requestBudgetMs;
  }
  maxInFlight;
  type;
  onResponse;
  requestBudgetMs;
  rmw;
  /** Told when the entry is released (a PollClient settles its in-flight Future then). */
  onReleased;
  /** Every request that holds a slot, until its reply is handled or dropped. */
  pending = /* @__PURE__ */ new Map();
  /** Transport side: one reply per request still awaited is queued; anything else is dropped. */
  receive(reply) {
    if (!this.alive || this.pending.get(reply.sequenceNumber) !== "sent") return;
    this.pending.set(reply.sequenceNumber, "queued");
    this.offer(reply);
  }
  send(request, budgetMs) {
    const rmw = this.rmw;
    if (rmw === void 0) return err("NotInitialized", `client of '${this.name}' is not declared`);
    if (this.pending.size >= this.maxInFlight) {
      return err(
        "TryAgain",
        `client of '${this.name}' has ${this.pending.size} requests awaiting replies (maxRequestsInFlight ${this.maxInFlight}); spin to take their replies, then send again`
      );
    }
    const bytes = encodeMessage(this.type.Request, request, `request to service '${this.name}'`);
    if (!bytes.ok) return bytes;
    let sent;
    try {
      sent = rmw.sendRequest(bytes.value, budgetMs);
    } catch (thrown) {
      return err("TransportError", `sending a request to service '${this.name}' failed: ${describeThrown(thrown)}`);
    }
    if (sent.ok) this.pending.set(sent.value, "sent");
    return sent;
  }
  /** Forgets a request: its reply, if it ever comes, is dropped. A queued reply keeps its slot until a round drops it. */
  abandon(sequenceNumber) {
    if (this.pending.get(sequenceNumber) === "queued") this.pending.set(sequenceNumber, "abandoned");
    else this.pending.delete(sequenceNumber);
    this.rmw?.abandon(sequenceNumber);
  }
  serviceIsReady() {
    const rmw = this.rmw;
    if (rmw === void 0) return err("NotInitialized", `client of '${this.name}' is not declared`);
    try {
      return rmw.serviceIsReady();
    } catch (thrown) {
      return err("TransportError", `probing service '${this.name}' failed: ${describeThrown(thrown)}`);
    }
  }
  handleItem(reply, host) {
    const state = this.pending.get(reply.sequenceNumber);
    this.pending.delete(reply.sequenceNumber);
    if (state !== "queued") return;
    let result;
    if (reply.kind === "error") {
      result = errCode(reply.code, reply.message);
    } else {
      result = decodeMessage(this.type.Response, reply.payload, `reply from service '${this.name}'`);
      if (!result.ok) host.reportDecodeError(this, result.error.message);
    }
    host.runHandler(this, () => this.onResponse(result, reply.sequenceNumber));
  }
  onDropped(reply) {
    this.pending.delete(reply.sequenceNumber);
  }
  closeTransport() {
    this.onReleased?.();
    const rmw = this.rmw;
    if (rmw === void 0) return;
    for (const seq of this.pending.keys()) rmw.abandon(seq);
    this.pending.clear();
    rmw.close();
  }
  actualQos() {
    return this.rmw?.actualQos();
  }
};
async function waitForClientService(handle, budgetMs) {
  const bad = checkBudget("budgetMs", budgetMs);
  if (!bad.ok) return bad;
  const found = entryOf(handle, ClientEntry, "client");
  if (!found.ok) return found;
  const entry = found.value;
  const read = readHandle(handle);
  if (!read.ok) return read;
  const { core } = read.value;
  if (core.inHandler()) {
    return err("Reentrant", `waitForService('${entry.name}') called inside a handler; use serviceIsReady() there`);
  }
  let probe = entry.serviceIsReady();
  if (!probe.ok) return probe;
  if (probe.value) return ok();
  const unsubscribe = entry.rmw?.onReadyChange(() => core.notify()) ?? (() => {
  });
  try {
    const waited = await core.spinUntil(
      () => {
        if (!entry.alive) return true;
        probe = entry.serviceIsReady();
        return !probe.ok || probe.value;
      },
      budgetMs,
      `waitForService('${entry.name}')`
    );
    if (!entry.alive) {
      const again = entryOf(handle, ClientEntry, "client");
      return again.ok ? err("Error", `client of '${entry.name}' was released while waiting`) : again;
    }
    if (!probe.ok) return probe;
    if (!waited.ok && waited.error.name === "Timeout") {
      const mismatch = entry.rmw?.mismatchReason?.();
      const why = mismatch === void 0 ? "" : ` (${mismatch})`;
      return err("Timeout", `service '${entry.name}' not available within the budget of ${budgetMs} ms${why}`);
    }
    return waited;
  } finally {
    unsubscribe();
  }
}
var ClientHandleImpl = class extends Handle {
  asyncSendRequest(request) {
    const found = entryOf(this, ClientEntry, "client");
    if (!found.ok) return found;
    return found.value.send(request, found.value.requestBudgetMs);
  }
  serviceIsReady() {
    const found = entryOf(this, ClientEntry, "client");
    return found.ok ? found.value.serviceIsReady() : found;
  }
  waitForService(budgetMs) {
    return waitForClientService(this, budgetMs);
  }
};

// src/rclcpp/node-entities.ts
init_result();
init_qos();

// src/rclcpp/qos.ts
init_result();
init_qos();
var DEFAULT = {
  reliability: "reliable",
  durability: "volatile",
  history: "keep_last",
  depth: 10,
  deadlineMs: 0,
  lifespanMs: 0,
  liveliness: "automatic",
  livelinessLeaseMs: 0
};
var QoS = class _QoS {
  constructor(policies) {
    this.policies = policies;
  }
  policies;
  /** reliable, volatile, keep-last 10 (rmw_qos_profile_default). */
  static default() {
    return new _QoS(DEFAULT);
  }
  static fromRmw(policies) {
    return new _QoS({ ...policies });
  }
  // The profiles keep the values ROS 2 gives them, so a peer on the same profile matches. Their
  // SYSTEM_DEFAULT liveliness is written as automatic (what every rmw applies for it).
  /** rmw_qos_profile_sensor_data: best effort, volatile, keep-last 5. */
  static sensorData() {
    return new _QoS({ ...DEFAULT, reliability: "best_effort", depth: 5 });
  }
  /** rmw_qos_profile_services_default: reliable, volatile, keep-last 10. */
  static services() {
    return new _QoS(DEFAULT);
  }
  /** rmw_qos_profile_parameters: reliable, volatile, keep-last 1000. */
  static parameters() {
    return new _QoS({ ...DEFAULT, depth: 1e3 });
  }
  /** rmw_qos_profile_parameter_events: reliable, volatile, keep-last 1000. */
  static parameterEvents() {
    return new _QoS({ ...DEFAULT, depth: 1e3 });
  }
  /** rclcpp::ClockQoS: keep-last 1 over the sensor-data profile (best effort, volatile). */
  static clock() {
    return new _QoS({ ...DEFAULT, reliability: "best_effort", depth: 1 });
  }
  /** rcl_qos_profile_rosout_default: reliable, transient local, keep-last 1000, lifespan 10 s. */
  static rosout() {
    return new _QoS({ ...DEFAULT, durability: "transient_local", depth: 1e3, lifespanMs: 1e4 });
  }
  /** Refused: SYSTEM_DEFAULT means something different on every middleware. */
  static systemDefault() {
    return err(
      "Unsupported",
      "QoS systemDefault is refused: its meaning differs per middleware; name the policies instead"
    );
  }
  reliable() {
    return this.with({ reliability: "reliable" });
  }
  bestEffort() {
    return this.with({ reliability: "best_effort" });
  }
  transientLocal() {
    return this.with({ durability: "transient_local" });
  }
  durabilityVolatile() {
    return this.with({ durability: "volatile" });
  }
  keepLast(depth) {
    return this.with({ history: "keep_last", depth });
  }
  /** The queue then grows up to the executor's keepAllLimit; past it samples are dropped and reported. */
  keepAll() {
    return this.with({ history: "keep_all" });
  }
  /** 0 = infinite. */
  deadline(ms) {
    return this.with({ deadlineMs: ms });
  }
  /** 0 = infinite. */
  lifespan(ms) {
    return this.with({ lifespanMs: ms });
  }
  liveliness(kind, leaseMs = 0) {
    return this.with({ liveliness: kind, livelinessLeaseMs: leaseMs });
  }
  get reliability() {
    return this.policies.reliability;
  }
  get durability() {
    return this.policies.durability;
  }
  get history() {
    return this.policies.history;
  }
  get depth() {
    return this.policies.depth;
  }
  toRmw() {
    return { ...this.policies };
  }
  with(change) {
    return new _QoS({ ...this.policies, ...change });
  }
};
function isMs(x) {
  return typeof x === "number" && Number.isFinite(x) && x >= 0;
}
function checkRmwQos(argument, q) {
  const bad = (what) => err("InvalidArgument", `${argument}: ${what}`);
  for (const policy of ["reliability", "durability", "history"]) {
    if (!isQosValue(policy, q[policy])) return bad(`${policy} ${describeValue(q[policy])} is not a policy`);
  }
  if (q.history === "keep_last" && (!Number.isInteger(q.depth) || q.depth < 1)) {
    return bad(`keep-last depth must be an integer >= 1, got ${describeValue(q.depth)}`);
  }
  if (!isQosValue("liveliness", q.liveliness)) return bad(`liveliness ${describeValue(q.liveliness)} is not a policy`);
  if (!isMs(q.deadlineMs)) return bad(`deadline must be finite ms >= 0, got ${describeValue(q.deadlineMs)}`);
  if (!isMs(q.lifespanMs)) return bad(`lifespan must be finite ms >= 0, got ${describeValue(q.lifespanMs)}`);
  if (!isMs(q.livelinessLeaseMs))
    return bad(`liveliness lease must be finite ms >= 0, got ${describeValue(q.livelinessLeaseMs)}`);
  return ok();
}
function resolveQos(argument, qos, fallback = QoS.default) {
  if (qos === void 0) return ok(fallback().toRmw());
  const notQos = () => err("InvalidArgument", `${argument} must be a QoS (or an object with toRmw()), got ${describeValue(qos)}`);
  if (typeof qos !== "object" || qos === null) return notQos();
  let policies;
  try {
    const toRmw = qos.toRmw;
    if (typeof toRmw !== "function") return notQos();
    policies = { ...DEFAULT, ...toRmw.call(qos) };
  } catch (thrown) {
    return err("InvalidArgument", `${argument} could not be read: ${describeThrown(thrown)}`);
  }
  const checked = checkRmwQos(argument, policies);
  return checked.ok ? ok(policies) : checked;
}

// src/rclcpp/node-entities.ts
function guardTransport(what, call) {
  try {
    return call();
  } catch (thrown) {
    return err("TransportError", `${what} failed: ${describeThrown(thrown)}`);
  }
}
var NodeEntities = class {
  constructor(executor, scope) {
    this.executor = executor;
    this.scope = scope;
  }
  executor;
  scope;
  entries = /* @__PURE__ */ new Set();
  publishers = /* @__PURE__ */ new Set();
  destroyed = false;
  /** NotInitialized once the node or the executor is closed. */
  refuseClosed(what) {
    if (this.destroyed) {
      return err("NotInitialized", `node '${this.scope.fullyQualifiedName}' was destroyed; cannot create ${what}`);
    }
    if (!this.executor.isOpen()) return err("NotInitialized", `executor is shut down; cannot create ${what}`);
    return void 0;
  }
  /** Closed, or no room in the arena. */
  refuse(what) {
    return this.refuseClosed(what) ?? this.executor.checkCanRegister(what);
  }
  /**
   * resolve -> refuse for an endpoint of already checked type support: the caller's name
   * resolved under the node, its QoS argument (`qosArgument` names it in messages) validated,
   * defaulting to `QoS.services()` for services and clients and `QoS.default()` for topics.
   * Publishers are caller-owned: only a closed node refuses them.
   */
  endpoint(kind, rawName, type, qosArgument, rawQos) {
    const { naming, namespace, name: nodeName } = this.scope;
    const topicLike = kind === "publisher" || kind === "subscription";
    const name = resolveName(naming, topicLike ? "topic" : "service name", rawName, namespace, nodeName);
    if (!name.ok) return name;
    const qos = resolveQos(qosArgument, rawQos, topicLike ? QoS.default : QoS.services);
    if (!qos.ok) return qos;
    const what = kind === "client" ? `client of '${name.value}'` : `${kind} '${name.value}'`;
    const refused = kind === "publisher" ? this.refuseClosed(what) : this.refuse(what);
    if (refused !== void 0) return refused;
    const depth = qos.value.history === "keep_all" ? this.executor.keepAllLimit : qos.value.depth;
    const { typeName, typeHash } = type;
    const shared = shareQos(qos.value);
    const specQos = depth === shared.depth ? shared : shareQos({ ...shared, depth });
    const spec = { naming, name: name.value, typeName, typeHash, qos: specQos };
    return ok({ name: name.value, qos: shared, spec, what });
  }
  /** admit: registers the entry, then declares its rmw entity; a failed declaration leaves nothing behind. */
  admit(entry, what, declare) {
    const registered = this.executor.register(entry);
    if (!registered.ok) return registered;
    const declared = guardTransport(`declaring ${what}`, declare);
    if (!declared.ok) {
      this.executor.release(entry.handleId);
      return declared;
    }
    entry.rmw = declared.value;
    this.track(entry);
    return ok(entry);
  }
  /** admit for entries without a transport side (timers, guard conditions). */
  admitLocal(entry) {
    const registered = this.executor.register(entry);
    if (registered.ok) this.track(entry);
    return registered;
  }
  /** Keeps a caller-owned publisher until it is destroyed, or the node is. */
  trackPublisher(publisher) {
    this.publishers.add(publisher);
  }
  untrackPublisher(publisher) {
    this.publishers.delete(publisher);
  }
  /** Releases every entry and publisher; false when already destroyed. */
  destroy() {
    if (this.destroyed) return false;
    this.destroyed = true;
    for (const entry of this.entries) if (entry.alive) this.executor.release(entry.handleId);
    this.entries.clear();
    for (const publisher of [...this.publishers]) publisher.destroy();
    return true;
  }
  track(entry) {
    if (this.entries.size >= 64 && (this.entries.size & this.entries.size - 1) === 0) {
      for (const e2 of this.entries) if (!e2.alive) this.entries.delete(e2);
    }
    this.entries.add(entry);
  }
};

// src/rclcpp/node-graph.ts
init_result();
var NodeGraph = class {
  getNodeNames() {
    return this.read(() => this.executor.session.graph.nodes());
  }
  getEndpoints() {
    return this.read(() => this.executor.session.graph.endpoints());
  }
  getTopicNamesAndTypes() {
    return this.namesAndTypes(["publisher", "subscription"]);
  }
  getServiceNamesAndTypes() {
    return this.namesAndTypes(["service", "client"]);
  }
  countPublishers(topic) {
    return this.count("publisher", topic);
  }
  countSubscribers(topic) {
    return this.count("subscription", topic);
  }
  getEntityName(handle) {
    const found = entryOf(handle, Entry, "entity");
    return found.ok ? ok(found.value.name) : found;
  }
  getEntityQos(handle) {
    const found = entryOf(handle, Entry, "entity");
    if (!found.ok) return found;
    const qos = found.value.actualQos();
    return qos === void 0 ? err("InvalidArgument", `${found.value.describe()} has no QoS`) : ok(qos);
  }
  isValid(handle) {
    return entryOf(handle, Entry, "entity").ok;
  }
  read(query) {
    if (!this.executor.session.graph.supported) {
      return err("Unsupported", `the ${this.executor.backend} backend cannot discover the graph`);
    }
    try {
      return ok(query());
    } catch (thrown) {
      return err("TransportError", `graph query failed: ${describeThrown(thrown)}`);
    }
  }
  /** name -> sorted distinct type names, over endpoints of the given kinds. */
  namesAndTypes(kinds) {
    return this.read(() => {
      const types = /* @__PURE__ */ new Map();
      for (const e2 of this.executor.session.graph.endpoints()) {
        if (!kinds.includes(e2.kind)) continue;
        let set = types.get(e2.name);
        if (set === void 0) types.set(e2.name, set = /* @__PURE__ */ new Set());
        set.add(e2.typeName);
      }
      const sorted = [...types.keys()].sort();
      return new Map(sorted.map((name) => [name, [...types.get(name)].sort()]));
    });
  }
  count(kind, topic) {
    const name = this.resolveTopic(topic);
    if (!name.ok) return name;
    return this.read(
      () => this.executor.session.graph.endpoints().filter((e2) => e2.kind === kind && e2.naming === this.naming && e2.name === name.value).length
    );
  }
};

// src/rclcpp/poll-client.ts
init_budget();
init_result();
var FutureImpl = class {
  constructor(core, sequenceNumber, what) {
    this.core = core;
    this.sequenceNumber = sequenceNumber;
    this.what = what;
  }
  core;
  sequenceNumber;
  what;
  result;
  describe() {
    return this.what;
  }
  settle(result) {
    this.result ??= result;
  }
  isReady() {
    return this.result !== void 0;
  }
  take() {
    return this.result ?? err("TryAgain", `${this.what} is still pending`);
  }
  async wait(budgetMs) {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    const waited = await this.core.spinUntil(() => this.result !== void 0, budgetMs, `waiting for ${this.what}`);
    if (!waited.ok && this.result === void 0) return waited;
    return this.take();
  }
};
var PollClientImpl = class {
  constructor(handle, core) {
    this.handle = handle;
    this.core = core;
  }
  handle;
  core;
  inFlight;
  /** The response handler bound to the client entry. */
  onResponse = (response, sequenceNumber) => {
    const future = this.inFlight;
    if (future === void 0 || future.sequenceNumber !== sequenceNumber) return;
    this.inFlight = void 0;
    future.settle(response);
  };
  /** The client was released: a pending Future answers instead of waiting out its budget. */
  onReleased = () => {
    const future = this.inFlight;
    this.inFlight = void 0;
    future?.settle(err("NotInitialized", `the client of ${future.describe()} was released before the reply came`));
  };
  entry() {
    return entryOf(this.handle, ClientEntry, "client");
  }
  sendRequest(request, budgetMs) {
    if (budgetMs !== void 0) {
      const bad = checkBudget("budgetMs", budgetMs);
      if (!bad.ok) return bad;
    }
    const found = this.entry();
    if (!found.ok) return found;
    const entry = found.value;
    if (this.inFlight !== void 0) {
      return err(
        "TryAgain",
        `a request to service '${entry.name}' is already in flight (sequence ${this.inFlight.sequenceNumber}); wait for its Future first`
      );
    }
    const sent = entry.send(request, budgetMs ?? entry.requestBudgetMs);
    if (!sent.ok) return sent;
    const future = new FutureImpl(
      this.core,
      sent.value,
      `the reply to request ${sent.value} of service '${entry.name}'`
    );
    this.inFlight = future;
    return ok(future);
  }
  async call(request, budgetMs) {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    if (this.core.inHandler()) {
      return err("Reentrant", "PollClient.call inside a handler would never return; use sendRequest and take() later");
    }
    const sent = this.sendRequest(request, budgetMs);
    if (!sent.ok) return sent;
    const future = sent.value;
    const reply = await future.wait(budgetMs);
    if (!reply.ok && !future.isReady()) {
      if (this.inFlight === future) this.inFlight = void 0;
      const entry = this.entry();
      if (entry.ok) entry.value.abandon(future.sequenceNumber);
      if (reply.error.name === "Timeout") {
        return err(
          "Timeout",
          `no reply from service '${entry.ok ? entry.value.name : "?"}' within the budget of ${budgetMs} ms`
        );
      }
    }
    return reply;
  }
  serviceIsReady() {
    const found = this.entry();
    return found.ok ? found.value.serviceIsReady() : found;
  }
  waitForService(budgetMs) {
    return waitForClientService(this.handle, budgetMs);
  }
};

// src/rclcpp/poll-subscription.ts
init_budget();
init_result();

// src/rclcpp/subscription.ts
var SubscriptionEntry = class extends QueuedEntry {
  constructor(host, topic, bound, type, handler) {
    super(
      host,
      handler === void 0 ? EntryKind.PollSubscription : EntryKind.Subscription,
      topic,
      bound,
      handler !== void 0
    );
    this.type = type;
    this.handler = handler;
  }
  type;
  handler;
  rmw;
  handleItem(sample, host) {
    const decoded = decodeMessage(this.type, sample.payload, `subscription '${this.name}'`);
    if (!decoded.ok) {
      host.reportDecodeError(this, decoded.error.message);
      return;
    }
    const handler = this.handler;
    const info = messageInfo(sample);
    host.runHandler(this, () => handler(decoded.value, info));
  }
  /** Poll side: the oldest decodable sample; undecodable ones are counted and skipped. */
  takeDecoded() {
    for (; ; ) {
      const sample = this.queue.shift();
      if (sample === void 0) return void 0;
      const decoded = decodeMessage(this.type, sample.payload, `poll subscription '${this.name}'`);
      if (decoded.ok) return { message: decoded.value, sample };
      this.host.reportDecodeError(this, decoded.error.message);
    }
  }
  closeTransport() {
    this.rmw?.close();
  }
  actualQos() {
    return this.rmw?.actualQos();
  }
};

// src/rclcpp/poll-subscription.ts
var ITERATOR_RECHECK_MS = 1e3;
var PollSubscriptionImpl = class {
  constructor(handle, core) {
    this.handle = handle;
    this.core = core;
  }
  handle;
  core;
  entry() {
    return entryOf(this.handle, SubscriptionEntry, "poll subscription");
  }
  take() {
    const taken = this.takeWithInfo();
    return taken.ok ? ok(taken.value.message) : taken;
  }
  takeWithInfo() {
    const entry = this.entry();
    if (!entry.ok) return entry;
    const got = entry.value.takeDecoded();
    if (got === void 0) return err("TryAgain", `no message waiting on '${entry.value.name}'`);
    return ok({ message: got.message, info: messageInfo(got.sample) });
  }
  async takeWithin(budgetMs) {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    const entry = this.entry();
    if (!entry.ok) return entry;
    const e2 = entry.value;
    const waited = await this.core.spinUntil(
      () => e2.queue.length > 0 || !e2.alive,
      budgetMs,
      `takeWithin on '${e2.name}'`
    );
    if (!waited.ok) return waited;
    return this.take();
  }
  async *[Symbol.asyncIterator]() {
    for (; ; ) {
      const taken = this.take();
      if (taken.ok) {
        yield taken.value;
        continue;
      }
      if (taken.error.name !== "TryAgain") return;
      await this.core.waitForActivity(ITERATOR_RECHECK_MS);
    }
  }
};

// src/rclcpp/publisher.ts
init_budget();
init_result();
function isBytes(x) {
  try {
    return x instanceof Uint8Array;
  } catch {
    return false;
  }
}
var PublisherImpl = class {
  constructor(rmw, type, topic, onDestroy) {
    this.rmw = rmw;
    this.type = type;
    this.topic = topic;
    this.onDestroy = onDestroy;
  }
  rmw;
  type;
  topic;
  onDestroy;
  destroyed = false;
  publish(message) {
    if (this.destroyed) return err("NotInitialized", `publisher on '${this.topic}' was destroyed`);
    const bytes = encodeMessage(this.type, message, `publisher on '${this.topic}'`);
    if (!bytes.ok) return bytes;
    return this.send(bytes.value);
  }
  publishRaw(bytes) {
    if (this.destroyed) return err("NotInitialized", `publisher on '${this.topic}' was destroyed`);
    if (!isBytes(bytes)) return err("InvalidArgument", `bytes for '${this.topic}' must be a Uint8Array`);
    return this.send(bytes);
  }
  send(bytes) {
    try {
      return this.rmw.publish(bytes);
    } catch (thrown) {
      return err("TransportError", `publishing on '${this.topic}' failed: ${describeThrown(thrown)}`);
    }
  }
  getTopicName() {
    return this.topic;
  }
  getActualQos() {
    return this.rmw.actualQos();
  }
  getSubscriptionCount() {
    if (this.destroyed) return err("NotInitialized", `publisher on '${this.topic}' was destroyed`);
    return this.rmw.subscriptionCount();
  }
  /** Resolves when the transport has declared the publisher (at once on local), or Timeout after the budget. */
  async ready(budgetMs) {
    const bad = checkBudget("budgetMs", budgetMs);
    if (!bad.ok) return bad;
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(
        () => resolve(err("Timeout", `publisher on '${this.topic}' was not declared within ${budgetMs} ms`)),
        timerDelay(budgetMs)
      );
    });
    try {
      return await Promise.race([this.rmw.ready(), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
  destroy() {
    if (this.destroyed) return err("NotInitialized", `publisher on '${this.topic}' was already destroyed`);
    this.destroyed = true;
    this.rmw.close();
    this.onDestroy(this);
    return ok();
  }
};

// src/rclcpp/service.ts
init_result();
var ServiceEntry = class extends QueuedEntry {
  constructor(host, service, bound, type, handler) {
    super(host, EntryKind.Service, service, bound);
    this.type = type;
    this.handler = handler;
  }
  type;
  handler;
  rmw;
  handleItem(request, host) {
    const decoded = decodeMessage(this.type.Request, request.payload, `request to service '${this.name}'`);
    if (!decoded.ok) {
      host.reportDecodeError(this, decoded.error.message);
      request.fail(decoded.error.message);
      return;
    }
    const info = messageInfo(request);
    host.runHandler(
      this,
      () => this.handler(decoded.value, info),
      (outcome) => {
        if (outcome.ok) this.answer(request, outcome.value, host);
        else request.fail(`handler of service '${this.name}' failed: ${describeThrown(outcome.error)}`);
      }
    );
  }
  answer(request, response, host) {
    const bytes = encodeMessage(this.type.Response, response, `response of service '${this.name}'`);
    if (!bytes.ok) {
      host.reportHandlerError(this, new Error(bytes.error.message));
      request.fail(bytes.error.message);
      return;
    }
    request.respond(bytes.value);
  }
  onDropped(request) {
    const why = this.alive ? `its queue is full (limit ${this.queue.limit})` : "it was released";
    request.fail(`request dropped by service '${this.name}': ${why}`);
  }
  closeTransport() {
    this.rmw?.close();
  }
  actualQos() {
    return this.rmw?.actualQos();
  }
};

// src/rclcpp/time.ts
init_result();

// src/rclcpp/duration.ts
init_result();
var INT64_MAX = 2n ** 63n - 1n;
var INT64_MIN = -(2n ** 63n);
function inInt64(ns) {
  return ns >= INT64_MIN && ns <= INT64_MAX;
}
function nanosecondsOf(duration) {
  try {
    return duration instanceof Duration ? duration.nanoseconds : void 0;
  } catch {
    return void 0;
  }
}
function notDuration(verb) {
  return err("InvalidArgument", `${verb} takes a Duration`);
}
var Duration = class _Duration {
  constructor(nanoseconds) {
    this.nanoseconds = nanoseconds;
  }
  nanoseconds;
  static zero() {
    return new _Duration(0n);
  }
  static fromNs(ns) {
    if (typeof ns !== "bigint") return err("InvalidArgument", `ns must be a bigint, got ${describeValue(ns)}`);
    if (!inInt64(ns)) return err("InvalidArgument", `ns ${ns} is outside int64`);
    return ok(new _Duration(ns));
  }
  /** Truncates toward zero to whole nanoseconds, as fromSeconds does. */
  static fromMs(ms) {
    return _Duration.fromScaled("ms", ms, 1e6);
  }
  /**
   * Truncates toward zero to whole nanoseconds, as rclcpp and nros do (a `double` seconds
   * value cast to integer nanoseconds). A decimal that binary cannot hold exactly may lose
   * one nanosecond: `fromSeconds(2.01)` is 2 009 999 999 ns; use `fromNs` for exact values.
   */
  static fromSeconds(seconds) {
    return _Duration.fromScaled("seconds", seconds, 1e9);
  }
  static fromScaled(argument, value, nsPerUnit) {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      return err("InvalidArgument", `${argument} must be a finite number, got ${describeValue(value)}`);
    }
    const ns = value * nsPerUnit;
    if (!Number.isFinite(ns) || Math.abs(ns) >= 2 ** 63) {
      return err("InvalidArgument", `${argument} ${value} is outside int64 nanoseconds`);
    }
    return ok(new _Duration(BigInt(Math.trunc(ns))));
  }
  plus(other) {
    const ns = nanosecondsOf(other);
    return ns === void 0 ? notDuration("Duration.plus") : _Duration.checked(this.nanoseconds + ns, "plus");
  }
  minus(other) {
    const ns = nanosecondsOf(other);
    return ns === void 0 ? notDuration("Duration.minus") : _Duration.checked(this.nanoseconds - ns, "minus");
  }
  static checked(ns, op) {
    return inInt64(ns) ? ok(new _Duration(ns)) : err("Error", `Duration.${op} overflows int64 nanoseconds (${ns})`);
  }
  /** -1, 0 or 1. */
  compare(other) {
    return this.nanoseconds < other.nanoseconds ? -1 : this.nanoseconds > other.nanoseconds ? 1 : 0;
  }
  equals(other) {
    return this.nanoseconds === other.nanoseconds;
  }
  toMs() {
    return Number(this.nanoseconds) / 1e6;
  }
  toSeconds() {
    return Number(this.nanoseconds) / 1e9;
  }
  toString() {
    return `${this.nanoseconds}ns`;
  }
};

// src/rclcpp/time.ts
var Time = class _Time {
  constructor(nanoseconds, clockType) {
    this.nanoseconds = nanoseconds;
    this.clockType = clockType;
  }
  nanoseconds;
  clockType;
  /** InvalidArgument for a value outside [0, 2^63) ns or an unknown clock type. */
  static fromNs(ns, clockType = "system") {
    if (typeof ns !== "bigint" || ns < 0n || ns > INT64_MAX) {
      return err("InvalidArgument", `ns must be a bigint in [0, 2^63), got ${describeValue(ns)}`);
    }
    if (clockType !== "system" && clockType !== "steady") {
      return err("InvalidArgument", `clockType ${describeValue(clockType)} is not a clock type`);
    }
    return ok(new _Time(ns, clockType));
  }
  static zero(clockType = "system") {
    return new _Time(0n, clockType);
  }
  seconds() {
    return Number(this.nanoseconds) / 1e9;
  }
  /** Differences only make sense on one clock. */
  minus(other) {
    let theirs;
    try {
      if (other instanceof _Time) theirs = { ns: other.nanoseconds, clockType: other.clockType };
    } catch {
    }
    if (theirs === void 0) return err("InvalidArgument", "Time.minus takes a Time");
    if (theirs.clockType !== this.clockType) {
      return err("InvalidArgument", `cannot subtract a ${theirs.clockType} time from a ${this.clockType} time`);
    }
    return Duration.fromNs(this.nanoseconds - theirs.ns);
  }
  /** Error when the sum leaves [0, 2^63) ns: an overflow of the arithmetic, not a bad argument. */
  plus(duration) {
    const delta = nanosecondsOf(duration);
    if (delta === void 0) return err("InvalidArgument", "Time.plus takes a Duration");
    const ns = this.nanoseconds + delta;
    if (ns < 0n || ns > INT64_MAX) {
      return err("Error", `Time.plus leaves [0, 2^63) ns (${this.nanoseconds} + ${delta})`);
    }
    return ok(new _Time(ns, this.clockType));
  }
  compare(other) {
    return this.nanoseconds < other.nanoseconds ? -1 : this.nanoseconds > other.nanoseconds ? 1 : 0;
  }
};
function systemNowNs() {
  return BigInt(Math.round(performance.timeOrigin * 1e3)) * 1000n + BigInt(Math.round(performance.now() * 1e6));
}
var Clock = class {
  constructor(clockType = "system") {
    this.clockType = clockType;
  }
  clockType;
  now() {
    const ns = this.clockType === "steady" ? monotonicNs() : systemNowNs();
    const made = Time.fromNs(ns, this.clockType);
    return made.ok ? made.value : Time.zero(this.clockType);
  }
};

// src/rclcpp/timer.ts
init_result();
function timerPeriodMs(argument, period) {
  let ms;
  try {
    ms = period instanceof Duration ? period.toMs() : period;
  } catch {
    return err("InvalidArgument", `${argument} could not be read as a number of milliseconds or a Duration`);
  }
  if (typeof ms !== "number") {
    return err(
      "InvalidArgument",
      `${argument} must be a number of milliseconds or a Duration, got ${describeValue(ms)}`
    );
  }
  const p = checkTimerPeriod(argument, ms);
  return p.ok ? ok(ms) : p;
}
var TimerHandle = class extends Handle {
  cancel() {
    const found = entryOf(this, TimerEntry, "timer");
    if (!found.ok) return found;
    found.value.cancel();
    return ok();
  }
  /** A released timer counts as canceled. */
  isCanceled() {
    const found = entryOf(this, TimerEntry, "timer");
    return !found.ok || found.value.canceled;
  }
  restart() {
    const found = entryOf(this, TimerEntry, "timer");
    if (!found.ok) return found;
    found.value.restart();
    return ok();
  }
  /** Periods skipped because a round came late (the skip policy); 0 for a released timer. */
  overrunCount() {
    const found = entryOf(this, TimerEntry, "timer");
    return found.ok ? found.value.overruns : 0;
  }
};
var GuardConditionHandle = class extends Handle {
  /** Safe anywhere, including inside handlers: the callback runs in a later round. */
  trigger() {
    const found = entryOf(this, GuardEntry, "guard condition");
    if (!found.ok) return found;
    found.value.triggered = true;
    coreOf(this.executor)?.markReady(found.value);
    return ok();
  }
};

// src/rclcpp/node.ts
var NodeImpl = class extends NodeGraph {
  constructor(executor, rmw, name, namespace, naming) {
    super();
    this.executor = executor;
    this.rmw = rmw;
    this.name = name;
    this.namespace = namespace;
    this.naming = naming;
    this.entities = new NodeEntities(executor, {
      naming,
      namespace,
      name,
      fullyQualifiedName: fullyQualifiedNodeName(namespace, name)
    });
    this.removeCloser = executor.addCloser(() => this.destroy());
  }
  executor;
  rmw;
  name;
  namespace;
  naming;
  entities;
  clock = new Clock("system");
  removeCloser;
  getName() {
    return this.name;
  }
  getNamespace() {
    return this.namespace;
  }
  getFullyQualifiedName() {
    return fullyQualifiedNodeName(this.namespace, this.name);
  }
  resolveName(name) {
    return resolveName(this.naming, "name", name, this.namespace, this.name);
  }
  resolveTopic(topic) {
    return resolveName(this.naming, "topic", topic, this.namespace, this.name);
  }
  /** System time in ns since the Unix epoch. */
  now() {
    return this.clock.now().nanoseconds;
  }
  getClock() {
    return this.clock;
  }
  // ---- entity creation: validate, then the pipeline of node-entities.ts ----
  createPublisher(type, topic, qos) {
    const t = checkMessageType("type", type);
    if (!t.ok) return t;
    const ep = this.entities.endpoint("publisher", topic, t.value, "qos", qos);
    if (!ep.ok) return ep;
    const { spec, what, name } = ep.value;
    const declared = guardTransport(`declaring ${what}`, () => this.rmw.createPublisher(spec));
    if (!declared.ok) return declared;
    const publisher = new PublisherImpl(declared.value, t.value, name, (p) => this.entities.untrackPublisher(p));
    this.entities.trackPublisher(publisher);
    return ok(publisher);
  }
  createSubscription(type, topic, handler, qos) {
    const h = checkFunction("handler", handler);
    if (!h.ok) return h;
    const entry = this.subscriptionEntry(type, topic, handler, qos);
    return entry.ok ? ok(new Handle(this.executor, entry.value.handleId)) : entry;
  }
  createPollSubscription(type, topic, qos) {
    const entry = this.subscriptionEntry(type, topic, void 0, qos);
    if (!entry.ok) return entry;
    return ok(new PollSubscriptionImpl(new Handle(this.executor, entry.value.handleId), this.executor));
  }
  subscriptionEntry(type, topic, handler, qos) {
    const t = checkMessageType("type", type);
    if (!t.ok) return t;
    const ep = this.entities.endpoint("subscription", topic, t.value, "qos", qos);
    if (!ep.ok) return ep;
    const { name, qos: policies, spec, what } = ep.value;
    const bound = queueBound(policies, this.executor.keepAllLimit);
    const entry = new SubscriptionEntry(this.executor, name, bound, t.value, handler);
    const onSample = offerTo(entry);
    return this.entities.admit(entry, what, () => this.rmw.createSubscriber(spec, onSample));
  }
  createService(type, name, handler, qos) {
    const t = checkServiceType("type", type);
    if (!t.ok) return t;
    const h = checkFunction("handler", handler);
    if (!h.ok) return h;
    const ep = this.entities.endpoint("service", name, t.value, "qos", qos);
    if (!ep.ok) return ep;
    const { name: resolved, qos: policies, spec, what } = ep.value;
    const bound = queueBound(policies, this.executor.keepAllLimit);
    const entry = new ServiceEntry(this.executor, resolved, bound, t.value, handler);
    const admitted = this.entities.admit(
      entry,
      what,
      () => this.rmw.createServiceServer(spec, (request) => entry.offer(request))
    );
    return admitted.ok ? ok(new Handle(this.executor, admitted.value.handleId)) : admitted;
  }
  createClient(type, name, onResponse, options) {
    const h = checkFunction("onResponse", onResponse);
    if (!h.ok) return h;
    const entry = this.clientEntry(type, name, onResponse, options);
    return entry.ok ? ok(new ClientHandleImpl(this.executor, entry.value.handleId)) : entry;
  }
  createPollClient(type, name, options) {
    let poll;
    const onResponse = (response, seq) => poll?.onResponse(response, seq);
    const entry = this.clientEntry(type, name, onResponse, options);
    if (!entry.ok) return entry;
    poll = new PollClientImpl(new Handle(this.executor, entry.value.handleId), this.executor);
    entry.value.onReleased = poll.onReleased;
    return ok(poll);
  }
  clientEntry(type, name, onResponse, options) {
    const t = checkServiceType("type", type);
    if (!t.ok) return t;
    const o = readClientOptions(options);
    if (!o.ok) return o;
    const ep = this.entities.endpoint("client", name, t.value, "options.qos", o.value.qos);
    if (!ep.ok) return ep;
    const { name: resolved, spec, what } = ep.value;
    const maxInFlight = o.value.maxRequestsInFlight ?? spec.qos.depth;
    const entry = new ClientEntry(
      this.executor,
      resolved,
      maxInFlight,
      t.value,
      onResponse,
      o.value.requestBudgetMs
    );
    return this.entities.admit(entry, what, () => this.rmw.createServiceClient(spec, (reply) => entry.receive(reply)));
  }
  createWallTimer(period, callback) {
    return this.createTimer("period", period, callback, false);
  }
  createOneShotTimer(delay, callback) {
    return this.createTimer("delay", delay, callback, true);
  }
  createTimer(argument, period, callback, oneShot) {
    const ms = timerPeriodMs(argument, period);
    if (!ms.ok) return ms;
    const c = checkFunction("callback", callback);
    if (!c.ok) return c;
    const what = `${oneShot ? "one-shot " : ""}timer of ${ms.value} ms`;
    const refused = this.entities.refuse(what);
    if (refused !== void 0) return refused;
    const admitted = this.entities.admitLocal(new TimerEntry(this.executor, ms.value, oneShot, callback, what));
    if (!admitted.ok) return admitted;
    this.executor.arm(admitted.value);
    return ok(new TimerHandle(this.executor, admitted.value.handleId));
  }
  createGuardCondition(callback) {
    const c = checkFunction("callback", callback);
    if (!c.ok) return c;
    const refused = this.entities.refuse("guard condition");
    if (refused !== void 0) return refused;
    const admitted = this.entities.admitLocal(new GuardEntry(callback));
    return admitted.ok ? ok(new GuardConditionHandle(this.executor, admitted.value.handleId)) : admitted;
  }
  destroy() {
    if (!this.entities.destroy()) {
      return err("NotInitialized", `node '${this.getFullyQualifiedName()}' was already destroyed`);
    }
    this.removeCloser();
    this.rmw.close();
    return ok();
  }
};
function offerTo(entry) {
  return (item) => entry.offer(item);
}

// src/rclcpp/executor.ts
var DEFAULT_CAPACITY = 256;
var DEFAULT_CONNECT_BUDGET_MS = 5e3;
var DEFAULT_KEEP_ALL_LIMIT = 1e4;
var DEFAULT_DOMAIN_ID = 0;
var RclExecutor = class extends ExecutorCore {
  createNode(name, options) {
    if (!this.isOpen()) {
      return err("NotInitialized", `executor is shut down; cannot create node ${describeValue(name)}`);
    }
    const valid = validateNodeName(name);
    if (!valid.ok) return valid;
    const o = readOptions(`options of node '${name}'`, options, ["namespace", "naming"]);
    if (!o.ok) return o;
    const namespace = normalizeNamespace(o.value.namespace);
    if (!namespace.ok) return namespace;
    const naming = o.value.naming ?? "ros";
    if (naming !== "ros" && naming !== "raw") {
      return err("InvalidArgument", `naming of node '${name}' must be 'ros' or 'raw', got ${describeValue(naming)}`);
    }
    const rmw = guardTransport(
      `creating node '${name}'`,
      () => this.session.createNode({ name, namespace: namespace.value, enclave: "/" })
    );
    if (!rmw.ok) return rmw;
    return ok(new NodeImpl(this, rmw.value, name, namespace.value, naming));
  }
};
function isCount(x, min, max) {
  return typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;
}
function checkExecutorOptions(opts) {
  const read = readOptions("options", opts, [
    "router",
    "tls",
    "backend",
    "domainId",
    "capacity",
    "connectBudgetMs",
    "keepAllLimit"
  ]);
  if (!read.ok) return read;
  const o = read.value;
  let router;
  if (o.router !== void 0) {
    const parsed = parseRouterLocators(o.router);
    if (!parsed.ok) return parsed;
    router = parsed.value.joined;
  }
  const tls = checkRouterTls(o.tls);
  if (!tls.ok) return tls;
  const backend = o.backend ?? (router !== void 0 ? "zenoh" : "local");
  if (!isBackendKind(backend)) {
    const known = Object.values(BackendKind).map((b) => `'${b}'`);
    return err("InvalidArgument", `backend must be ${known.join(" or ")}, got ${describeValue(backend)}`);
  }
  if (backend === "zenoh" && router === void 0)
    return err("InvalidArgument", "backend 'zenoh' needs router (a locator such as 'ws/127.0.0.1:10000')");
  const domainId = o.domainId ?? DEFAULT_DOMAIN_ID;
  if (!isCount(domainId, 0, 2 ** 31 - 1))
    return err("InvalidArgument", `domainId must be a non-negative integer, got ${describeValue(domainId)}`);
  const capacity = o.capacity ?? DEFAULT_CAPACITY;
  if (!isCount(capacity, 1, MAX_SLOTS))
    return err("InvalidArgument", `capacity must be an integer in [1, ${MAX_SLOTS}], got ${describeValue(capacity)}`);
  const keepAllLimit = o.keepAllLimit ?? DEFAULT_KEEP_ALL_LIMIT;
  if (!isCount(keepAllLimit, 1, Number.MAX_SAFE_INTEGER))
    return err("InvalidArgument", `keepAllLimit must be an integer >= 1, got ${describeValue(keepAllLimit)}`);
  const connectBudgetMs = o.connectBudgetMs ?? DEFAULT_CONNECT_BUDGET_MS;
  const budget = checkBudget("connectBudgetMs", connectBudgetMs);
  if (!budget.ok) return budget;
  return ok({
    backend,
    router,
    tls: tls.value,
    domainId,
    capacity,
    connectBudgetMs,
    keepAllLimit
  });
}
function createExecutorOnSession(session2, opts, internals) {
  const checked = checkExecutorOptions(opts);
  if (!checked.ok) return checked;
  return ok(new RclExecutor(session2, checked.value, internals));
}
async function create(opts) {
  const checked = checkExecutorOptions(opts);
  if (!checked.ok) return checked;
  const session2 = await openRmwSession(checked.value);
  if (!session2.ok) return session2;
  return ok(new RclExecutor(session2.value, checked.value));
}
var Executor = Object.freeze({ create });

// bench/bytes-type.ts
var BytesType = {
  typeName: "rclts_bench/msg/Bytes",
  typeHash: "TypeHashNotSupported",
  encode: (message) => message,
  decode: (bytes) => bytes
};

// bench/.mem-sub.ts
var n = Number(process.argv[2] ?? 1e4);
var gc = globalThis.gc;
var session = await openRmwSession({ backend: "local", domainId: 0, connectBudgetMs: 2e4 });
if (!session.ok) throw new Error("s");
var e = createExecutorOnSession(session.value, { capacity: n + 16 });
if (!e.ok) throw new Error("e");
var node = e.value.createNode("bench_memory", { naming: "raw" });
if (!node.ok) throw new Error("n");
var keep = [];
var onMessage = () => void 0;
var settle = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
};
await settle();
var before2 = process.memoryUsage().heapUsed;
for (let i = 0; i < n; i++) {
  const r = node.value.createSubscription(BytesType, `rclts_bench/mem/${process.pid}/s${i}`, onMessage);
  if (!r.ok) throw new Error(r.error.message);
  keep.push(r.value);
}
await settle();
var after = process.memoryUsage().heapUsed;
console.log(`per subscription: ${((after - before2) / n).toFixed(0)} B`);
if (process.argv[3] === "snap") console.log(writeHeapSnapshot("/tmp/perf-sub.heapsnapshot"));
process.exit(0);

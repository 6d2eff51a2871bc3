/**
 * XXH3-128 (seed 0, default secret), the hash rmw_zenoh turns an entity's liveliness token
 * into its 16-byte GID. Portable scalar version on bigint: GIDs are hashed once per entity,
 * so speed does not matter, and no dependency is needed in the browser either.
 */

const M64 = (1n << 64n) - 1n;
const M32 = 0xffffffffn;

const P32_1 = 0x9e3779b1n;
const P32_2 = 0x85ebca77n;
const P32_3 = 0xc2b2ae3dn;
const P64_1 = 0x9e3779b185ebca87n;
const P64_2 = 0xc2b2ae3d27d4eb4fn;
const P64_3 = 0x165667b19e3779f9n;
const P64_4 = 0x85ebca77c2b2ae63n;
const P64_5 = 0x27d4eb2f165667c5n;
const PRIME_MX1 = 0x165667919e3779f9n;
const PRIME_MX2 = 0x9fb21c651e98df25n;

const SECRET = Uint8Array.from(
  (
    'b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671fcb79e64eccc0e578825ad07dccff7221' +
    'b8084674f743248ee03590e6813a264c3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8' +
    'a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364eac5ac8334d3ebc3c581a0fffa1363eb' +
    '170ddd51b7f0da49d316552629d4689e2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e'
  ).match(/../g) ?? [],
  (h) => Number.parseInt(h, 16),
);

const STRIPE = 64;
const ACCS = 8;

function le64(b: Uint8Array, at: number): bigint {
  let v = 0n;
  for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(b[at + i] as number);
  return v;
}

function le32(b: Uint8Array, at: number): bigint {
  return le64(Uint8Array.of(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0, 0, 0, 0, 0), 0);
}

const mul = (a: bigint, b: bigint): bigint => (a * b) & M64;
const add = (a: bigint, b: bigint): bigint => (a + b) & M64;
const xorshift = (v: bigint, s: bigint): bigint => v ^ (v >> s);

function mul128(a: bigint, b: bigint): [bigint, bigint] {
  const p = a * b;
  return [p & M64, (p >> 64n) & M64];
}

function fold64(a: bigint, b: bigint): bigint {
  const [lo, hi] = mul128(a, b);
  return lo ^ hi;
}

function avalanche(h: bigint): bigint {
  return xorshift(mul(xorshift(h, 37n), PRIME_MX1), 32n);
}

function avalanche64(h: bigint): bigint {
  let v = mul(xorshift(h, 33n), P64_2);
  v = mul(xorshift(v, 29n), P64_3);
  return xorshift(v, 32n);
}

function swap64(v: bigint): bigint {
  let out = 0n;
  for (let i = 0; i < 8; i++) out = (out << 8n) | ((v >> BigInt(8 * i)) & 0xffn);
  return out;
}

function swap32(v: bigint): bigint {
  return swap64(v) >> 32n;
}

function rotl32(v: bigint, r: bigint): bigint {
  return ((v << r) | (v >> (32n - r))) & M32;
}

function mix16(b: Uint8Array, at: number, secretAt: number): bigint {
  return fold64(le64(b, at) ^ le64(SECRET, secretAt), le64(b, at + 8) ^ le64(SECRET, secretAt + 8));
}

type Pair = [bigint, bigint];

function mix32(acc: Pair, b: Uint8Array, in1: number, in2: number, secretAt: number): Pair {
  let [lo, hi] = acc;
  lo = add(lo, mix16(b, in1, secretAt));
  lo ^= add(le64(b, in2), le64(b, in2 + 8));
  hi = add(hi, mix16(b, in2, secretAt + 16));
  hi ^= add(le64(b, in1), le64(b, in1 + 8));
  return [lo, hi];
}

function upTo16(b: Uint8Array): Pair {
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
    hi = add(hi, (lo << 1n) & M64);
    lo ^= hi >> 3n;
    lo = xorshift(mul(xorshift(lo, 35n), PRIME_MX2), 28n);
    return [lo, avalanche(hi)];
  }
  if (len > 0) {
    const c1 = BigInt(b[0] as number);
    const c2 = BigInt(b[len >> 1] as number);
    const c3 = BigInt(b[len - 1] as number);
    const combinedL = (c1 << 16n) | (c2 << 24n) | c3 | (BigInt(len) << 8n);
    const combinedH = rotl32(swap32(combinedL), 13n);
    const flipL = le32(SECRET, 0) ^ le32(SECRET, 4);
    const flipH = le32(SECRET, 8) ^ le32(SECRET, 12);
    return [avalanche64(combinedL ^ flipL), avalanche64(combinedH ^ flipH)];
  }
  return [avalanche64(le64(SECRET, 64) ^ le64(SECRET, 72)), avalanche64(le64(SECRET, 80) ^ le64(SECRET, 88))];
}

function finishMid(acc: Pair, len: number): Pair {
  const [lo, hi] = acc;
  const outLo = add(lo, hi);
  const outHi = add(add(mul(lo, P64_1), mul(hi, P64_4)), mul(BigInt(len), P64_2));
  return [avalanche(outLo), (M64 + 1n - avalanche(outHi)) & M64];
}

function upTo128(b: Uint8Array): Pair {
  const len = b.length;
  let acc: Pair = [mul(BigInt(len), P64_1), 0n];
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

function upTo240(b: Uint8Array): Pair {
  const len = b.length;
  let acc: Pair = [mul(BigInt(len), P64_1), 0n];
  for (let i = 32; i < 160; i += 32) acc = mix32(acc, b, i - 32, i - 16, i - 32);
  acc = [avalanche(acc[0]), avalanche(acc[1])];
  for (let i = 160; i <= len; i += 32) acc = mix32(acc, b, i - 32, i - 16, 3 + i - 160);
  acc = mix32(acc, b, len - 16, len - 32, 136 - 17 - 16);
  return finishMid(acc, len);
}

function accumulate(acc: bigint[], b: Uint8Array, at: number, secretAt: number): void {
  for (let lane = 0; lane < ACCS; lane++) {
    const data = le64(b, at + lane * 8);
    const key = data ^ le64(SECRET, secretAt + lane * 8);
    acc[lane ^ 1] = add(acc[lane ^ 1] as bigint, data);
    acc[lane] = add(acc[lane] as bigint, (key & M32) * (key >> 32n));
  }
}

function scramble(acc: bigint[], secretAt: number): void {
  for (let lane = 0; lane < ACCS; lane++) {
    const v = xorshift(acc[lane] as bigint, 47n) ^ le64(SECRET, secretAt + lane * 8);
    acc[lane] = mul(v, P32_1);
  }
}

function mergeAccs(acc: bigint[], secretAt: number, start: bigint): bigint {
  let r = start;
  for (let i = 0; i < 4; i++) {
    r = add(
      r,
      fold64(
        (acc[2 * i] as bigint) ^ le64(SECRET, secretAt + 16 * i),
        (acc[2 * i + 1] as bigint) ^ le64(SECRET, secretAt + 16 * i + 8),
      ),
    );
  }
  return avalanche(r);
}

function long(b: Uint8Array): Pair {
  const len = b.length;
  const acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
  const stripesPerBlock = (SECRET.length - STRIPE) / 8;
  const blockLen = STRIPE * stripesPerBlock;
  const blocks = Math.floor((len - 1) / blockLen);
  for (let n = 0; n < blocks; n++) {
    for (let s = 0; s < stripesPerBlock; s++) accumulate(acc, b, n * blockLen + s * STRIPE, s * 8);
    scramble(acc, SECRET.length - STRIPE);
  }
  const stripes = Math.floor((len - 1 - blockLen * blocks) / STRIPE);
  for (let s = 0; s < stripes; s++) accumulate(acc, b, blocks * blockLen + s * STRIPE, s * 8);
  accumulate(acc, b, len - STRIPE, SECRET.length - STRIPE - 7);
  const lo = mergeAccs(acc, 11, mul(BigInt(len), P64_1));
  const hi = mergeAccs(acc, SECRET.length - 64 - 11, ~mul(BigInt(len), P64_2) & M64);
  return [lo, hi];
}

/** XXH3-128 of `data` as 16 bytes: the low 64 bits then the high 64 bits, each little endian. */
export function xxh3128(data: Uint8Array): Uint8Array {
  const [lo, hi] =
    data.length <= 16
      ? upTo16(data)
      : data.length <= 128
        ? upTo128(data)
        : data.length <= 240
          ? upTo240(data)
          : long(data);
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, lo, true);
  view.setBigUint64(8, hi, true);
  return out;
}

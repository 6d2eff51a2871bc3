// (Line comments: the key patterns below would end a block comment.)
// Zenoh key expressions in plain TypeScript: validation, canonical form, intersection and
// inclusion, with the semantics of zenoh 1.x (checked against zenoh's own wasm build in
// test/unit/key-expr.test.ts).
//
// - Chunks are separated by '/'; no empty chunk, no leading or trailing '/', no '#' or '?'.
// - `*` is a whole chunk and matches exactly one chunk; `**` matches zero or more chunks.
// - `$*` inside a chunk matches any (possibly empty) run of characters within that chunk.
// - A chunk starting with `@` is verbatim: `*`, `**` and `$*` never match it, only the
//   identical chunk does (this is what keeps `@ros2_lv/...` out of `**` subscriptions);
//   inside a verbatim chunk `$*` is literal text, as in zenoh.
// - Canonical form (what zenoh accepts): `**/**` is written `**`, `**/*` is written `*/**`,
//   `$*$*` is `$*` and a chunk that is only `$*` is `*`. `validateKeyExpr` refuses the
//   other spellings and names the canonical one; `canonizeKeyExpr` rewrites them.
import { err, ok, type Result, type ResultOf } from '../result.js';

const SUB_WILD = '$*';

function isVerbatim(chunk: string): boolean {
  return chunk.charCodeAt(0) === 64; // '@'
}

function isStarChunk(chunk: string): boolean {
  return chunk === '*' || chunk === '**';
}

/** Why a chunk is not valid (ignoring canonical form), or undefined when it is valid. */
function chunkProblem(chunk: string): string | undefined {
  if (chunk.length === 0) return 'it has an empty chunk (leading, trailing or double /)';
  if (isStarChunk(chunk)) return undefined;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (c === '#' || c === '?') return `'${c}' is not allowed in a key expression`;
    if (c === '$') {
      if (chunk[i + 1] !== '*') return `'$' must be followed by '*' (chunk '${chunk}')`;
      i++;
      continue;
    }
    if (c === '*') return `'*' must be a whole chunk ('*' or '**') or written '$*' inside a chunk (chunk '${chunk}')`;
  }
  return undefined;
}

/** Canonical spelling of one valid chunk. */
function canonChunk(chunk: string): string {
  if (isStarChunk(chunk) || !chunk.includes(SUB_WILD)) return chunk;
  let c = chunk;
  while (c.includes('$*$*')) c = c.replaceAll('$*$*', SUB_WILD);
  return c === SUB_WILD ? '*' : c;
}

/** Canonical order of a valid chunk list: every run of `*`/`**` becomes its `*`s, then one `**`. */
function canonChunks(chunks: readonly string[]): string[] {
  const out: string[] = [];
  let stars = 0;
  let doubleStar = false;
  const flush = (): void => {
    for (; stars > 0; stars--) out.push('*');
    if (doubleStar) out.push('**');
    doubleStar = false;
  };
  for (const raw of chunks) {
    const chunk = canonChunk(raw);
    if (chunk === '*') stars++;
    else if (chunk === '**') doubleStar = true;
    else {
      flush();
      out.push(chunk);
    }
  }
  flush();
  return out;
}

/** A lone UTF-16 surrogate: no UTF-8 spelling exists, and a router handed one stops serving every client. */
const LONE_SURROGATE = /\p{Cs}/u;

function structuralProblem(ke: string): string | undefined {
  if (ke.length === 0) return 'it is empty';
  if (LONE_SURROGATE.test(ke)) return 'it holds a lone UTF-16 surrogate (not valid UTF-8)';
  for (const chunk of ke.split('/')) {
    const problem = chunkProblem(chunk);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Rewrites a valid key expression into canonical form; InvalidArgument naming it and
 * the reason when it is not valid at all.
 */
export function canonizeKeyExpr(ke: string, what = 'key expression'): ResultOf<string> {
  if (typeof ke !== 'string') return err('InvalidArgument', `${what} must be a string, got ${typeof ke}`);
  const problem = structuralProblem(ke);
  if (problem !== undefined) return err('InvalidArgument', `${what} '${ke}' is invalid: ${problem}`);
  return ok(canonChunks(ke.split('/')).join('/'));
}

/** ok when `ke` is a valid canonical key expression, else InvalidArgument naming it (`what` says which argument). */
export function validateKeyExpr(ke: string, what = 'key expression'): Result {
  const canon = canonizeKeyExpr(ke, what);
  if (!canon.ok) return canon;
  if (canon.value !== ke) {
    return err('InvalidArgument', `${what} '${ke}' is not in canonical form: write '${canon.value}'`);
  }
  return ok();
}

/** True when the key expression has a wildcard (`*`, `**` or `$*`). */
export function hasWildcard(ke: string): boolean {
  return ke.includes('*');
}

// ---- chunk level -------------------------------------------------------------------------

/** Splits a non-verbatim chunk into literal pieces around `$*` (['a', 'b'] for `a$*b`). */
function pieces(chunk: string): string[] {
  return chunk.split(SUB_WILD);
}

/** Whether some string matches both chunk globs (stars are `$*`, everything else literal). */
function globsIntersect(a: string, b: string): boolean {
  if (!a.includes(SUB_WILD) && !b.includes(SUB_WILD)) return a === b;
  const ta = tokens(a);
  const tb = tokens(b);
  const seen = new Set<number>();
  const w = tb.length + 1;
  // f(i, j): do ta[i..] and tb[j..] accept a common string? A star may swallow any token of the other side.
  const f = (i: number, j: number): boolean => {
    if (i === ta.length && j === tb.length) return true;
    const id = i * w + j;
    if (seen.has(id)) return false;
    seen.add(id);
    const x = ta[i];
    const y = tb[j];
    if (x === STAR && (f(i + 1, j) || (j < tb.length && f(i, j + 1)))) return true;
    if (y === STAR && (f(i, j + 1) || (i < ta.length && f(i + 1, j)))) return true;
    return x !== undefined && y !== undefined && x !== STAR && y !== STAR && x === y && f(i + 1, j + 1);
  };
  return f(0, 0);
}

/** Whether every string matching glob `b` also matches glob `a`. */
function globIncludes(a: string, b: string): boolean {
  if (!a.includes(SUB_WILD)) return a === b;
  const ta = tokens(a);
  const tb = tokens(b);
  const seen = new Set<number>();
  const w = tb.length + 1;
  // b's stars act as a character only a's stars can match (substitute a fresh character for them).
  const f = (i: number, j: number): boolean => {
    if (i === ta.length) return j === tb.length;
    const id = i * w + j;
    if (seen.has(id)) return false;
    seen.add(id);
    const x = ta[i];
    if (x === STAR) return f(i + 1, j) || (j < tb.length && f(i, j + 1));
    return j < tb.length && tb[j] === x && f(i + 1, j + 1);
  };
  return f(0, 0);
}

const STAR = Symbol('$*');
type Token = string | typeof STAR;

function tokens(chunk: string): Token[] {
  const out: Token[] = [];
  pieces(chunk).forEach((piece, k) => {
    if (k > 0) out.push(STAR);
    for (const ch of piece) out.push(ch);
  });
  return out;
}

function chunksIntersect(a: string, b: string): boolean {
  if (isVerbatim(a) || isVerbatim(b)) return a === b;
  if (a === '*' || b === '*') return true;
  return globsIntersect(a, b);
}

function chunkIncludes(a: string, b: string): boolean {
  if (isVerbatim(a) || isVerbatim(b)) return a === b;
  if (a === '*') return true;
  if (b === '*') return false;
  return globIncludes(a, b);
}

// ---- key-expression level ----------------------------------------------------------------

/**
 * Whether some key matches both key expressions. Both must be valid (see validateKeyExpr);
 * either may hold wildcards.
 */
export function intersects(a: string, b: string): boolean {
  if (a === b) return true;
  if (!hasWildcard(a) && !hasWildcard(b)) return false;
  const ca = a.split('/');
  const cb = b.split('/');
  const seen = new Set<number>();
  const w = cb.length + 1;
  const f = (i: number, j: number): boolean => {
    if (i === ca.length && j === cb.length) return true;
    const id = i * w + j;
    if (seen.has(id)) return false;
    seen.add(id);
    const x = ca[i];
    const y = cb[j];
    // `**` may match nothing, or swallow one non-verbatim chunk of the other side and stay.
    if (x === '**' && (f(i + 1, j) || (y !== undefined && !isVerbatim(y) && f(i, j + 1)))) return true;
    if (y === '**' && (f(i, j + 1) || (x !== undefined && !isVerbatim(x) && f(i + 1, j)))) return true;
    return x !== undefined && y !== undefined && x !== '**' && y !== '**' && chunksIntersect(x, y) && f(i + 1, j + 1);
  };
  return f(0, 0);
}

/** Whether every key matching `b` also matches `a` (a ⊇ b). Both must be valid. */
export function includes(a: string, b: string): boolean {
  if (a === b) return true;
  if (!hasWildcard(a)) return false;
  const ca = a.split('/');
  const cb = b.split('/');
  const seen = new Set<number>();
  const w = cb.length + 1;
  const f = (i: number, j: number): boolean => {
    if (i === ca.length) return j === cb.length;
    const id = i * w + j;
    if (seen.has(id)) return false;
    seen.add(id);
    const x = ca[i] as string;
    const y = cb[j];
    if (x === '**') return f(i + 1, j) || (y !== undefined && !isVerbatim(y) && f(i, j + 1));
    return y !== undefined && y !== '**' && chunkIncludes(x, y) && f(i + 1, j + 1);
  };
  return f(0, 0);
}

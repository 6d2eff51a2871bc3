/**
 * Walks a caller's request or command arguments before anything is encoded: the first
 * number that is not finite, or the first string with a NUL, named by its path.
 */

/** Path of the first number that is not finite, walking plain objects and arrays. */
export function firstNonFinite(value: unknown, path: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstNonFinite(value[i], `${path}[${i}]`);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const bad = firstNonFinite(v, `${path}.${k}`);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

/** `<path> must not contain NUL` for the first string holding one, walking objects and arrays. */
export function textProblem(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? `${path} must not contain NUL` : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = textProblem(value[i], `${path}[${i}]`);
      if (bad !== undefined) return bad;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const bad = textProblem(v, `${path}.${k}`);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

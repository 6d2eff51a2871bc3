import { afterEach, describe, expect, it, vi } from 'vitest';
import { utf8Length } from '../../../src/rclcpp/interfaces/runtime/value-checks.js';

/** Strings on both sides of the 64-unit native threshold: ASCII, 2- and 3-byte, pairs, lone surrogates. */
function samples(): string[] {
  const pieces = ['a', '\u00e9', '\u20ac', '\u{1f916}', '\ud800', '\udc00', '\0', '\ud800\ud800', '\udc00\ud800'];
  const out: string[] = ['', 'x'.repeat(63), 'x'.repeat(64), 'x'.repeat(65_536)];
  for (const p of pieces) {
    for (const n of [1, 31, 32, 33, 64, 1000]) {
      out.push(p.repeat(n), `${'x'.repeat(63)}${p}`, `${p}${'x'.repeat(70)}`, `${'y'.repeat(n)}${p}`);
    }
  }
  return out;
}

const encoder = new TextEncoder();

describe('utf8Length', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('equals the bytes TextEncoder writes, short and long, lone surrogates included', () => {
    for (const s of samples()) expect(utf8Length(s), JSON.stringify(s.slice(0, 80))).toBe(encoder.encode(s).length);
  });

  it('gives the same answers without Node’s Buffer (the browser path)', async () => {
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    const m = await import('../../../src/rclcpp/interfaces/runtime/value-checks.js');
    expect(m.utf8Length).not.toBe(utf8Length);
    for (const s of samples()) expect(m.utf8Length(s), JSON.stringify(s.slice(0, 80))).toBe(encoder.encode(s).length);
  });
});

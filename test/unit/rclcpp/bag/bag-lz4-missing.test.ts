/**
 * lz4js is imported when a bag first needs it (bag-libraries.ts). When that import fails (a
 * broken install), an lz4 writer is refused with Unsupported naming it and a reader's hooks go
 * on without lz4, instead of a rejected promise escaping openBagWriter/openBagReader.
 */
import { describe, expect, it, vi } from 'vitest';
import { chunkCompressor, decompressHandlers } from '../../../../src/rclcpp/bag/storage/chunk-compression.js';
import { BagCompression } from '../../../../src/rclcpp/bag/storage/types.js';

vi.mock('lz4js', () => {
  throw new Error('lz4js is not installed');
});

describe('a bag without lz4js', () => {
  it('refuses lz4 compression with Unsupported naming the library', async () => {
    const c = await chunkCompressor(BagCompression.Lz4);
    expect(c.ok).toBe(false);
    if (!c.ok) {
      expect(c.error.name).toBe('Unsupported');
      expect(c.error.message).toContain('lz4 compression could not be loaded');
    }
  });

  it('gives the reader its other hooks without lz4, and no rejection', async () => {
    const handlers = await decompressHandlers();
    expect(handlers.lz4).toBeUndefined();
  });
});

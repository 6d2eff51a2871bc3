// lz4js ships no types; the two calls the bag storage makes (LZ4 frame format, as MCAP's lz4).
declare module 'lz4js' {
  export function compress(src: Uint8Array, maxSize?: number): Uint8Array;
  export function decompress(src: Uint8Array, maxSize?: number): Uint8Array;
}

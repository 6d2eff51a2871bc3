/**
 * Large frames to a router on this machine go unmasked (a zero masking key).
 *
 * RFC 6455 has a client mask its frames so that bytes a web page chose cannot be taken for
 * something else by a proxy between the browser and the server (its section 10.3). A
 * connection to a loopback address has no such proxy on its path, while Node's `ws` pays for
 * the mask with a copy of every frame and a byte-by-byte XOR, a large share of a 64 KiB service
 * round trip. An unmasked frame, though, leaves `ws` as two writes (header and
 * payload) where a masked one is a single buffer: for frames of a few hundred bytes written
 * in bulk that costs more than the XOR saves (measured on the swarm bench with ~300 B states:
 * docs/benchmarks.md). So only frames of `UNMASKED_FROM_BYTES` or more
 * go unmasked; shorter ones get a random key as `ws` would give them. Any other host, and
 * every browser, keeps masked frames.
 */
/** Frames this long or longer go unmasked on loopback (the XOR then costs more than a second write). */
export const UNMASKED_FROM_BYTES = 1024;

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** A URL hostname (IPv6 in brackets, as `URL` gives it) that names this machine's loopback. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || IPV4_LOOPBACK.test(h);
}

function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** Random masking keys, drawn from the platform's CSPRNG in blocks as `ws` does. */
const pool = new Uint8Array(8192);
let poolAt = pool.length;

function randomKey(mask: Uint8Array): void {
  if (poolAt + 4 > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    poolAt = 0;
  }
  mask[0] = pool[poolAt++]!;
  mask[1] = pool[poolAt++]!;
  mask[2] = pool[poolAt++]!;
  mask[3] = pool[poolAt++]!;
}

/** One socket's masking: told each frame's size before `ws` frames it, it picks the key. */
export class FrameMasking {
  /** The size of the frame `ws` is about to build (set by the socket's `send`). */
  nextFrameBytes = 0;
  /** `ws`'s option: called once per frame it builds, with the 4 bytes of its key. */
  readonly generateMask = (mask: Uint8Array): void => {
    if (this.nextFrameBytes >= UNMASKED_FROM_BYTES) mask.fill(0);
    else randomKey(mask);
  };
}

/**
 * The masking of a socket to `url`, or undefined when its frames stay masked by `ws` itself.
 * Only for a socket class that takes options (Node's `ws`); a browser's masks every frame.
 */
export function frameMaskingFor(url: string): FrameMasking | undefined {
  const hostname = hostnameOf(url);
  if (hostname === undefined || !isLoopbackHost(hostname)) return undefined;
  if (typeof globalThis.crypto?.getRandomValues !== 'function') return undefined;
  return new FrameMasking();
}

/** The WebSocket options: `base` (the TLS trust, if any) plus the masking's key choice. */
export function socketOptionsWith(base: object | undefined, masking: FrameMasking | undefined): object | undefined {
  if (masking === undefined) return base;
  return { ...base, generateMask: masking.generateMask };
}

/** The byte size of what a socket is asked to send (a string's length is near enough). */
export function frameBytesOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  const n = (data as { byteLength?: unknown } | null)?.byteLength;
  return typeof n === 'number' ? n : 0;
}

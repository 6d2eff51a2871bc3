/**
 * Frames to a router on this machine go unmasked (a zero masking key).
 *
 * RFC 6455 has a client mask its frames so that bytes a web page chose cannot be taken for
 * something else by a proxy between the browser and the server (its section 10.3). A
 * connection to a loopback address has no such proxy on its path, while Node's `ws` pays for
 * the mask with a copy of every frame and a byte-by-byte XOR: measured ~100 µs of a 64 KiB
 * service reply's ~400 µs round trip, and a frame-sized buffer per send for the collector.
 * Any other host, and every browser, keeps masked frames.
 */
import { unmaskedFrameOptions } from './zenoh-ts-host.js';

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

/** The WebSocket options for `url`: `base` (the TLS trust, if any), unmasked on loopback. */
export function socketOptionsFor(url: string, base: object | undefined): object | undefined {
  const hostname = hostnameOf(url);
  const unmasked = hostname !== undefined && isLoopbackHost(hostname) ? unmaskedFrameOptions() : undefined;
  if (unmasked === undefined) return base;
  return base === undefined ? unmasked : { ...base, ...unmasked };
}

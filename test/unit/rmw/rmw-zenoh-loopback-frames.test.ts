import { describe, expect, it } from 'vitest';
import {
  FrameMasking,
  frameBytesOf,
  frameMaskingFor,
  isLoopbackHost,
  socketOptionsWith,
  UNMASKED_FROM_BYTES,
} from '../../../src/rmw/zenoh/zenoh-ts/loopback-frames.js';

function keyFor(masking: FrameMasking, bytes: number): number[] {
  masking.nextFrameBytes = bytes;
  const mask = new Uint8Array([9, 9, 9, 9]);
  masking.generateMask(mask);
  return [...mask];
}

describe('loopback frames', () => {
  it('knows the loopback hosts, and nothing else', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '[::1]'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['10.0.0.1', '0.0.0.0', '128.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '[::2]', ''])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('masks only loopback sockets of Node’s ws, and keeps the TLS options', () => {
    expect(frameMaskingFor('ws://127.0.0.1:7447')).toBeInstanceOf(FrameMasking);
    expect(frameMaskingFor('wss://localhost:7447')).toBeInstanceOf(FrameMasking);
    expect(frameMaskingFor('ws://192.168.1.20:7447')).toBeUndefined();
    expect(frameMaskingFor('not a url')).toBeUndefined();
    const tls = { ca: 'pem' };
    const masking = new FrameMasking();
    expect(socketOptionsWith(tls, masking)).toEqual({ ca: 'pem', generateMask: masking.generateMask });
    expect(socketOptionsWith(tls, undefined)).toBe(tls);
    expect(socketOptionsWith(undefined, undefined)).toBeUndefined();
  });

  it('gives large frames a zero key and short ones a random key', () => {
    const masking = new FrameMasking();
    expect(keyFor(masking, UNMASKED_FROM_BYTES)).toEqual([0, 0, 0, 0]);
    expect(keyFor(masking, 70_000)).toEqual([0, 0, 0, 0]);
    const short = Array.from({ length: 64 }, () => keyFor(masking, UNMASKED_FROM_BYTES - 1).join('.'));
    expect(short.filter((k) => k === '0.0.0.0')).toEqual([]);
    expect(new Set(short).size).toBeGreaterThan(60); // drawn, not fixed
  });

  it('sizes what a socket sends', () => {
    expect(frameBytesOf(new Uint8Array(5))).toBe(5);
    expect(frameBytesOf(new ArrayBuffer(7))).toBe(7);
    expect(frameBytesOf('abc')).toBe(3);
    expect(frameBytesOf(undefined)).toBe(0);
  });
});

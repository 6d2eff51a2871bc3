import { describe, expect, it } from 'vitest';
import { isLoopbackHost, socketOptionsFor } from '../../src/rmw/zenoh/loopback-frames.js';
import { prepareHost } from '../../src/rmw/zenoh/zenoh-ts-host.js';

describe('loopback frames', () => {
  it('knows the loopback hosts, and nothing else', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '[::1]'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['10.0.0.1', '0.0.0.0', '128.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '[::2]', ''])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('adds a zero mask on loopback and keeps the TLS options; leaves other hosts as they were', async () => {
    await prepareHost(); // installs Node's `ws` as the global WebSocket when there is none
    const tls = { ca: 'pem' };
    const loop = socketOptionsFor('ws://127.0.0.1:7447', tls) as {
      ca?: string;
      generateMask?: (m: Uint8Array) => void;
    };
    expect(loop.ca).toBe('pem');
    const mask = new Uint8Array([1, 2, 3, 4]);
    loop.generateMask?.(mask);
    expect([...mask]).toEqual([0, 0, 0, 0]);
    expect(socketOptionsFor('wss://localhost:7447', undefined)).toHaveProperty('generateMask');
    expect(socketOptionsFor('ws://192.168.1.20:7447', tls)).toBe(tls);
    expect(socketOptionsFor('ws://192.168.1.20:7447', undefined)).toBeUndefined();
    expect(socketOptionsFor('not a url', tls)).toBe(tls);
  });
});

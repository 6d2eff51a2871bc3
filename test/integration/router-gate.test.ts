/**
 * The WebSocket gate in front of the remote-api plugin (which checks neither Origin nor any
 * credential): a browser handshake from a foreign Origin is refused, a listed Origin passes,
 * a token is demanded when set, and rclts connects through the gate (also with TLS at the
 * gate) or is told at once why it was refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { makeTestCertificates } from '../../scripts/zenoh-router-certs.mjs';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';

const routers: RunningRouter[] = [];
const dir = mkdtempSync(join(tmpdir(), 'rclts-gate-'));
const TOKEN = 'correct-horse-battery-staple';

afterAll(async () => {
  await Promise.all(routers.map((r) => r.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** The HTTP status of a WebSocket handshake to `url` (101 when it opened). */
function handshake(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => resolve(0));
  });
}

describe('a WebSocket gate in front of the plugin', () => {
  it('refuses a foreign Origin, lets a listed one and Origin-less clients through', async () => {
    const refused: string[] = [];
    const r = await startRouter({
      binary: inject('routerBinary'),
      gate: { origins: ['http://localhost:5173'], onRefused: (why) => refused.push(why) },
    });
    routers.push(r);
    const url = `ws://127.0.0.1:${r.wsPort}`;
    expect(r.pluginPort).not.toBe(r.wsPort);
    expect(await handshake(url, { Origin: 'http://evil.example' })).toBe(403);
    expect(refused.some((w) => w.includes('Origin http://evil.example is not allowed'))).toBe(true);
    expect(await handshake(url, { Origin: 'http://localhost:5173' })).toBe(101);
    expect(await handshake(url)).toBe(101);
    // The plugin itself, behind the gate on loopback, takes any Origin: that is why the gate.
    expect(await handshake(`ws://127.0.0.1:${r.pluginPort}`, { Origin: 'http://evil.example' })).toBe(101);
    const s = await openZenohRmwSession(r.locator, { connectBudgetMs: 10_000 });
    expect(s.ok, s.ok ? '' : s.error.message).toBe(true);
    if (s.ok) await s.value.close();
  }, 60_000);

  it('demands the token when set, and rclts is told at once when refused', async () => {
    const r = await startRouter({ binary: inject('routerBinary'), gate: { token: TOKEN } });
    routers.push(r);
    expect(await handshake(`ws://127.0.0.1:${r.wsPort}`)).toBe(401);
    expect(await handshake(`ws://127.0.0.1:${r.wsPort}/?token=wrong-token-of-some-length`)).toBe(401);
    const without = await openZenohRmwSession(r.locator, { connectBudgetMs: 30_000 });
    expect(without.ok ? 'ok' : `${without.error.name}: ${without.error.message}`).toContain(
      'TransportError: could not open a zenoh session at ws/127.0.0.1:',
    );
    if (!without.ok) expect(without.error.message).toContain("the router's WebSocket refused this client (HTTP 401)");
    const withToken = await openZenohRmwSession(`${r.locator}?token=${TOKEN}`, { connectBudgetMs: 10_000 });
    expect(withToken.ok, withToken.ok ? '' : withToken.error.message).toBe(true);
    if (withToken.ok) await withToken.value.close();
  }, 60_000);

  it('terminates TLS at the gate (wss/) with the plugin plain on loopback', async () => {
    const certs = makeTestCertificates(dir, ['gate']);
    const r = await startRouter({
      binary: inject('routerBinary'),
      wss: certs.leaves.gate as { certificate: string; privateKey: string },
      gate: { token: TOKEN },
    });
    routers.push(r);
    expect(r.locator).toMatch(/^wss\//);
    const s = await openZenohRmwSession(`${r.locator}?token=${TOKEN}`, {
      connectBudgetMs: 10_000,
      tls: { caFile: certs.ca },
    });
    expect(s.ok, s.ok ? '' : s.error.message).toBe(true);
    if (s.ok) await s.value.close();
  }, 60_000);
});

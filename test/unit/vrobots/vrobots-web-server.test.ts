import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../../src/cli/vrobots/cli-args.js';
import { type ConsoleServer, resolveAsset, serveConsole } from '../../../src/cli/vrobots/web-server.js';

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A raw request, so Host, Origin and the path go out exactly as written. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('vrobots web: the console server', () => {
  let dir = '';
  let server: ConsoleServer | undefined;
  let host = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rclts-web-server-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(tmpdir(), 'rclts-web-server-secret.txt'), 'secret');
    const served = await serveConsole({ assetsDir: dir, port: 0, router: 'ws/127.0.0.1:10000' });
    if (!served.ok) throw new Error(served.error.message);
    server = served.value;
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page on loopback, its CSP allowing WebSockets to the configured router only', async () => {
    const port = server?.port ?? 0;
    expect(server?.url).toBe(`http://${host}/`);
    const page = await get(port, '/', { host });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:10000;/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    const script = await get(port, '/assets/app.js', { host: `localhost:${port}`, origin: `http://${host}` });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/text\/javascript/);
    expect(script.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    const config = await get(port, '/config.json', { host });
    expect(JSON.parse(config.body)).toEqual({ router: 'ws/127.0.0.1:10000' });
  });

  it('refuses other origins, foreign Host names, other methods and paths outside its folder', async () => {
    const port = server?.port ?? 0;
    expect((await get(port, '/', { host, origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(port, '/config.json', { host, origin: `http://127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await get(port, '/', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(port, '/', { host }, 'POST')).status).toBe(405);
    expect((await get(port, '/../rclts-web-server-secret.txt', { host })).status).toBe(404);
    expect((await get(port, '/%2e%2e/rclts-web-server-secret.txt', { host })).status).toBe(404);
    expect((await get(port, '/missing.js', { host })).status).toBe(404);
  });

  it('keeps every resolved asset inside the folder', () => {
    expect(resolveAsset('/srv/console', '/')).toBe('/srv/console/index.html');
    expect(resolveAsset('/srv/console', '/assets/a.js?v=1')).toBe('/srv/console/assets/a.js');
    expect(resolveAsset('/srv/console', '/../x')).toBe('/srv/console/x');
    expect(resolveAsset('/srv/console', '/%E0%A4%A')).toBeUndefined();
    expect(resolveAsset('/srv/console', '/a%00b')).toBeUndefined();
  });

  it('lets the page reach every router of a failover list', async () => {
    const listed = await serveConsole({
      assetsDir: dir,
      port: 0,
      router: 'ws/127.0.0.1:10000,wss://robots.example:10001/x',
    });
    if (!listed.ok) throw new Error(listed.error.message);
    try {
      const page = await get(listed.value.port, '/', { host: `127.0.0.1:${listed.value.port}` });
      expect(page.headers['content-security-policy']).toMatch(
        /connect-src 'self' ws:\/\/127\.0\.0\.1:10000 wss:\/\/robots\.example:10001;/,
      );
    } finally {
      await listed.value.close();
    }
  });

  it('answers a taken port with an error value', async () => {
    const again = await serveConsole({ assetsDir: dir, port: server?.port ?? 0, router: undefined });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/cannot listen on 127\.0\.0\.1:\d+/);
  });

  it('parses `vrobots web` and its options', () => {
    expect(parseCli(['web'])).toEqual({ kind: 'web', router: undefined, port: 8760 });
    expect(parseCli(['web', '--port', '0', '--router', 'ws/127.0.0.1:7447'])).toEqual({
      kind: 'web',
      router: 'ws/127.0.0.1:7447',
      port: 0,
    });
    expect(parseCli(['web', '--port', '70000'])).toMatchObject({
      kind: 'misuse',
      usage: expect.stringContaining('web'),
    });
    expect(parseCli(['web', 'now'])).toMatchObject({ kind: 'misuse' });
  });
});

/**
 * The HTTP side of `vrobots web`: serves the console's static build and its config on loopback.
 * A browser on this machine is the only intended client, so requests whose Host is not this
 * server's loopback address (DNS rebinding) or whose Origin is another site are refused, and the
 * page's content security policy allows scripts from here only and WebSockets to the configured
 * router only.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { describeThrown, err, ok, parseRouterLocators, type ResultOf } from '../../index.js';

const LOOPBACK = '127.0.0.1';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

export interface ConsoleServerOptions {
  /** The console's static build (index.html and assets/). */
  readonly assetsDir: string;
  /** 0 = any free port. */
  readonly port: number;
  /** The router(s) the page connects to (comma-separated for failover); absent = the in-page simulator. */
  readonly router: string | undefined;
}

export interface ConsoleServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The router locators (`ws/HOST:PORT`, `wss/…`, comma-separated for failover) as connect-src sources. */
function routerWebSocketUrls(router: string | undefined): string {
  if (router === undefined) return '';
  const parsed = parseRouterLocators(router);
  if (!parsed.ok) return '';
  return parsed.value.locators.map((l) => ` ${l.secure ? 'wss' : 'ws'}://${l.host}:${l.port}`).join('');
}

function allowedHosts(port: number): Set<string> {
  return new Set([`${LOOPBACK}:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`${message}\n`);
}

/** The file a URL path names inside `root`, or undefined when it would leave it. */
export function resolveAsset(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ConsoleServerOptions, port: number) {
  const hosts = allowedHosts(port);
  if (!hosts.has(req.headers.host ?? '')) return refuse(res, 403, 'vrobots web: unknown Host (loopback only)');
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.has(origin.replace(/^http:\/\//, ''))) {
    return refuse(res, 403, 'vrobots web: cross-origin request refused');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'vrobots web: GET only');
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  const path = req.url ?? '/';
  if (path.split('?')[0] === '/config.json') {
    res.writeHead(200, { ...common, 'content-type': CONTENT_TYPES['.json'], 'cache-control': 'no-store' });
    res.end(JSON.stringify({ router: options.router ?? null }));
    return;
  }
  const file = resolveAsset(options.assetsDir, path);
  if (file === undefined) return refuse(res, 404, 'vrobots web: not found');
  let body: Buffer;
  try {
    if (!(await stat(file)).isFile()) return refuse(res, 404, 'vrobots web: not found');
    body = await readFile(file);
  } catch {
    return refuse(res, 404, 'vrobots web: not found');
  }
  const headers: Record<string, string> = {
    ...common,
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': file.includes(`${sep}assets${sep}`) ? 'max-age=31536000, immutable' : 'no-cache',
  };
  // On scripts too: a worker takes its policy from its own script's response, and the console's
  // session (and its WebSocket) runs in one. No 'unsafe-eval': the vrobots codec then walks its
  // messages instead of compiling the walk.
  if (extname(file) === '.html' || extname(file) === '.js') {
    headers['content-security-policy'] =
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
      `connect-src 'self'${routerWebSocketUrls(options.router)}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Serves the console on 127.0.0.1; refuses when the port is taken. */
export function serveConsole(options: ConsoleServerOptions): Promise<ResultOf<ConsoleServer>> {
  return new Promise((resolve) => {
    let port = options.port;
    const server: Server = createServer((req, res) => {
      handle(req, res, options, port).catch((thrown: unknown) => {
        if (!res.headersSent) refuse(res, 500, `vrobots web: ${describeThrown(thrown)}`);
        else res.destroy();
      });
    });
    server.once('error', (thrown) => {
      resolve(
        err('TransportError', `vrobots web cannot listen on ${LOOPBACK}:${options.port}: ${describeThrown(thrown)}`),
      );
    });
    server.listen(options.port, LOOPBACK, () => {
      const address = server.address();
      port = typeof address === 'object' && address !== null ? address.port : options.port;
      resolve(
        ok({
          url: `http://${LOOPBACK}:${port}/`,
          port,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      );
    });
  });
}

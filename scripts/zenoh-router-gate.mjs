// A WebSocket gate in front of the remote-api plugin. The plugin (zenoh-plugin-remote-api
// 1.10.1) accepts every WebSocket handshake: it reads no Origin and no credential, and every
// client gets its own zenoh session inside the router, beyond zenoh's authentication and ACL.
// The gate listens where clients connect and forwards only handshakes that pass to a plugin
// bound to loopback:
//   - Origin: a browser always sends one; a handshake whose Origin is not in `origins` is
//     answered 403 (a web page on another site cannot reach the router). A client without
//     Origin (Node, the CLI) is not a browser and is let through unless a token is required.
//   - token: with `token`, the handshake's URL must carry ?token=<it> (compared in constant
//     time); else 401. The URL forwarded to the plugin is "/" (the token stays at the gate).
//   - TLS: with `tls`, the gate terminates TLS (wss/) and the plugin stays plain on loopback.
// Plain Node, no dependencies. Bytes after the handshake are piped as they are.
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect } from 'node:net';

function refuse(socket, status, reason) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function sameSecret(given, expected) {
  const a = Buffer.from(String(given));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why a handshake is refused ([status, reason, why]), or undefined when it may pass. */
export function judgeHandshake(req, { origins = [], token } = {}) {
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.includes(origin)) {
    return [403, 'Forbidden', `Origin ${origin} is not allowed`];
  }
  if (token !== undefined) {
    const given = new URL(req.url ?? '/', 'http://gate').searchParams.get('token');
    if (given === null || !sameSecret(given, token)) return [401, 'Unauthorized', 'missing or wrong token'];
  }
  return undefined;
}

/** The handshake as the plugin gets it: path "/", the client's headers otherwise unchanged. */
function forwardedHandshake(req) {
  const lines = [`${req.method} / HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Starts a gate on host:port (default 127.0.0.1, a free port with 0) forwarding to the plugin
 * at target { host, port }. Options: origins (allowed Origin values, exact), token, tls
 * ({ certificate, privateKey } PEM files), onRefused(why) to log refusals. Resolves to
 * { port, locator, close() } once listening; rejects when it cannot listen.
 */
export function startGate({ host = '127.0.0.1', port = 0, target, origins = [], token, tls, onRefused = () => {} }) {
  if (target === undefined || !Number.isInteger(target.port)) throw new Error('startGate needs target { host, port }');
  if (token !== undefined && (typeof token !== 'string' || token.length < 16)) {
    throw new Error('the gate token must be a string of at least 16 characters');
  }
  const server =
    tls === undefined
      ? createHttpServer()
      : createHttpsServer({ cert: readFileSync(tls.certificate), key: readFileSync(tls.privateKey) });
  const sockets = new Set();
  const track = (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  server.on('request', (_req, res) => {
    res.writeHead(426, { Connection: 'close' }).end('WebSocket only\n');
  });
  server.on('upgrade', (req, socket, head) => {
    track(socket);
    socket.on('error', () => socket.destroy());
    const refused = judgeHandshake(req, { origins, token });
    if (refused !== undefined) {
      onRefused(`${req.socket.remoteAddress}: ${refused[2]}`);
      refuse(socket, refused[0], refused[1]);
      return;
    }
    const upstream = connect({ host: target.host ?? '127.0.0.1', port: target.port });
    track(upstream);
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    upstream.once('connect', () => {
      upstream.write(forwardedHandshake(req));
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = server.address().port;
      resolve({
        port: bound,
        locator: `${tls === undefined ? 'ws' : 'wss'}/${host}:${bound}`,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

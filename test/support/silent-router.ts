/**
 * A "router" that accepts the WebSocket and never speaks: it completes the HTTP upgrade and
 * then sends nothing, not even the reply to a closing handshake (a `ws` server would answer
 * that by itself). It reads and drops what it is sent, so a peer's close is seen, and counts
 * the sockets still open. The stalled-router case a connect budget must hold against.
 */
import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface SilentRouter {
  readonly locator: string;
  /** Sockets accepted and not yet closed by the peer. */
  openSockets(): number;
  close(): Promise<void>;
}

function acceptKey(key: string): string {
  return createHash('sha1')
    .update(key + WEBSOCKET_GUID)
    .digest('base64');
}

/** On `port` (a router's that was just killed, say), else a free one. */
export async function startSilentRouter(port = 0): Promise<SilentRouter> {
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
    let head = '';
    let upgraded = false;
    socket.on('data', (chunk: Buffer) => {
      if (upgraded) return; // frames (pings, closes, requests) are read and dropped
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      upgraded = true;
      const key = /^sec-websocket-key:\s*(\S+)/im.exec(head)?.[1] ?? '';
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('silent router: no port');
  return {
    locator: `ws/127.0.0.1:${address.port}`,
    openSockets: () => open.size,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A TCP proxy on loopback for the mesh link: router B connects to router A through it, so a
 * fault can sever the link (every connection reset, new ones refused) and restore it while
 * both routers and all their clients stay up. The harness starts it before router B:
 *
 *   const proxy = await startLinkProxy(routerA.tcpEndpoint);   // 'tcp/127.0.0.1:7447'
 *   startRouter({ ..., connect: [proxy.endpoint] });            // router B
 *   createFaults({ linkProxy: proxy });  ...  await proxy.close();
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

export interface LinkProxy {
  /** `tcp/127.0.0.1:PORT`: what router B connects to. */
  readonly endpoint: string;
  /** Connections carried since start (a reconnect after a cut is a new one). */
  connections(): number;
  /** Resets every connection and refuses new ones until restore(). */
  sever(): void;
  restore(): void;
  isSevered(): boolean;
  close(): Promise<void>;
}

function parseTcp(endpoint: string): { host: string; port: number } {
  const m = /^tcp\/([^:]+):(\d+)$/.exec(endpoint);
  if (m === null) throw new Error(`link proxy: target must be tcp/HOST:PORT, got '${endpoint}'`);
  return { host: m[1]!, port: Number(m[2]) };
}

export async function startLinkProxy(target: string): Promise<LinkProxy> {
  const to = parseTcp(target);
  const open = new Set<Socket>();
  let severed = false;
  let carried = 0;
  const server: Server = createServer((inbound) => {
    if (severed) {
      inbound.resetAndDestroy();
      return;
    }
    carried += 1;
    const outbound = tcpConnect(to.port, to.host);
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.setNoDelay(true);
      s.on('error', () => {});
      s.on('close', () => {
        open.delete(s);
        // One side gone ends the other: a half-open link is not what a cut looks like.
        (s === inbound ? outbound : inbound).destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const resetAll = () => {
    for (const s of open) s.resetAndDestroy();
    open.clear();
  };
  return {
    endpoint: `tcp/127.0.0.1:${port}`,
    connections: () => carried,
    sever: () => {
      severed = true;
      resetAll();
    },
    restore: () => {
      severed = false;
    },
    isSevered: () => severed,
    close: async () => {
      resetAll();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

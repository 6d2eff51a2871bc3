/**
 * The real-time stream over Node sockets: node:dgram for udp, node:net for tcp (each packet
 * behind a u16 length, one stream both ways). Node only: reached through `loadRtSockets`
 * (a dynamic import), never imported statically by anything a browser loads.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { describeThrown, err, ok, type ResultOf } from '../../../result.js';
import type { ArmStreamOptions, ArmStreamServer, PcStream, PcStreamOptions, RtSockets } from '../rt-link.js';
import { FrameReader, frame } from '../rt-packet.js';

const normalize = (ip: string): string => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

function bindUdp(host: string, port: number): Promise<ResultOf<UdpSocket>> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const onError = (e: Error): void => {
      socket.close();
      resolve(err('TransportError', `cannot bind udp ${host}:${port}: ${describeThrown(e)}`));
    };
    socket.once('error', onError);
    socket.bind(port, host, () => {
      socket.off('error', onError);
      // A send to a PC that went away raises ICMP errors on some systems: not the arm's problem.
      socket.on('error', () => {});
      resolve(ok(socket));
    });
  });
}

function listenTcp(host: string, port: number, server: Server): Promise<ResultOf<number>> {
  return new Promise((resolve) => {
    const onError = (e: Error): void =>
      resolve(err('TransportError', `cannot listen on tcp ${host}:${port}: ${describeThrown(e)}`));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(ok(typeof address === 'object' && address !== null ? address.port : port));
    });
  });
}

/** One port number for both (the status reports one stream port): udp first, then tcp on the same number. */
async function bindBoth(o: ArmStreamOptions, server: Server): Promise<ResultOf<{ udp: UdpSocket; tcpPort: number }>> {
  const attempts = o.udpPort === 0 && o.tcpPort === 0 ? 8 : 1;
  let last: ResultOf<number> | undefined;
  for (let i = 0; i < attempts; i++) {
    const udp = await bindUdp(o.host, o.udpPort);
    if (!udp.ok) return udp;
    const port = o.tcpPort === 0 ? udp.value.address().port : o.tcpPort;
    last = await listenTcp(o.host, port, server);
    if (last.ok) return ok({ udp: udp.value, tcpPort: last.value });
    udp.value.close();
  }
  return last !== undefined && !last.ok ? last : err('TransportError', `cannot bind the stream ports on ${o.host}`);
}

async function openArmStream(o: ArmStreamOptions): Promise<ResultOf<ArmStreamServer>> {
  let current: Socket | undefined;
  const server = createServer((socket) => {
    const ip = normalize(socket.remoteAddress ?? '');
    if (!o.acceptTcp(ip)) {
      socket.destroy();
      return;
    }
    current?.destroy();
    current = socket;
    socket.setNoDelay(true);
    const reader = new FrameReader();
    socket.on('data', (chunk: Buffer) =>
      reader.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), (p) =>
        o.onPacket(p, ip, socket.remotePort ?? 0, 'tcp'),
      ),
    );
    socket.on('error', () => {});
    socket.on('close', () => {
      if (current === socket) current = undefined;
    });
  });
  const bound = await bindBoth(o, server);
  if (!bound.ok) return bound;
  const { udp, tcpPort } = bound.value;
  udp.on('message', (msg: Buffer, rinfo) =>
    o.onPacket(new Uint8Array(msg.buffer, msg.byteOffset, msg.byteLength), normalize(rinfo.address), rinfo.port, 'udp'),
  );
  const udpPort = udp.address().port;
  return ok({
    udpPort,
    tcpPort,
    sendUdp: (bytes, ip, port) => udp.send(bytes, port, ip),
    sendTcp: (bytes) => {
      if (current === undefined || current.destroyed) return false;
      current.write(frame(bytes));
      return true;
    },
    dropTcp: () => {
      current?.destroy();
      current = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        current?.destroy();
        udp.close();
        server.close(() => resolve());
      }),
  });
}

function dialTcp(o: PcStreamOptions): Promise<ResultOf<Socket>> {
  return new Promise((resolve) => {
    const socket = connect({ host: o.armHost, port: o.armPort, localAddress: o.localIp });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(err('Timeout', `no tcp connection to ${o.armHost}:${o.armPort} within ${o.connectBudgetMs}ms`));
    }, o.connectBudgetMs);
    socket.once('error', (e) => {
      clearTimeout(timer);
      resolve(err('TransportError', `cannot dial ${o.armHost}:${o.armPort} from ${o.localIp}: ${describeThrown(e)}`));
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.on('error', () => {});
      socket.setNoDelay(true);
      resolve(ok(socket));
    });
  });
}

async function openPcStream(o: PcStreamOptions): Promise<ResultOf<PcStream>> {
  if (o.transport === 'tcp') {
    const dialed = await dialTcp(o);
    if (!dialed.ok) return dialed;
    const socket = dialed.value;
    const reader = new FrameReader();
    socket.on('data', (chunk: Buffer) =>
      reader.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), o.onPacket),
    );
    let closing = false;
    socket.on('close', () => {
      if (!closing) o.onClose?.(`the arm closed the tcp stream ${o.armHost}:${o.armPort}`);
    });
    return ok({
      transport: 'tcp',
      localPort: socket.localPort ?? 0,
      send: (bytes) => !socket.destroyed && socket.write(frame(bytes)),
      close: () =>
        new Promise<void>((resolve) => {
          closing = true;
          socket.end(() => resolve());
          socket.destroy();
          resolve();
        }),
    });
  }
  const bound = await bindUdp(o.localIp, 0);
  if (!bound.ok) return bound;
  const udp = bound.value;
  udp.on('message', (msg: Buffer) => o.onPacket(new Uint8Array(msg.buffer, msg.byteOffset, msg.byteLength)));
  return ok({
    transport: 'udp',
    localPort: udp.address().port,
    send: (bytes) => {
      udp.send(bytes, o.armPort, o.armHost);
      return true;
    },
    close: () => new Promise<void>((resolve) => udp.close(() => resolve())),
  });
}

/** Connects a udp socket toward `host` (nothing is sent) and reads the local address the route picks. */
async function localAddressToward(host: string): Promise<ResultOf<string>> {
  const bound = await bindUdp('0.0.0.0', 0);
  if (!bound.ok) return bound;
  const udp = bound.value;
  return new Promise((resolve) => {
    udp.connect(9, host, () => {
      try {
        resolve(ok(normalize(udp.address().address)));
      } catch (thrown) {
        resolve(err('TransportError', `no route to ${host}: ${describeThrown(thrown)}`));
      } finally {
        udp.close();
      }
    });
    udp.once('error', (e) => {
      udp.close();
      resolve(err('TransportError', `no route to ${host}: ${describeThrown(e)}`));
    });
  });
}

export const NODE_RT_SOCKETS: RtSockets = { openArmStream, openPcStream, localAddressToward };

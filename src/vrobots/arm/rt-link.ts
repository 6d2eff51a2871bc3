/**
 * The real-time stream's sockets as seen by the rest of rclts: interfaces only. The Node
 * implementation (node:dgram, node:net) is src/vrobots/arm/node/rt-sockets.ts, loaded with a
 * dynamic import by `loadRtSockets` (load-rt-sockets.ts), so nothing a browser loads imports
 * a Node module.
 */
import type { ResultOf } from '../../result.js';
import type { RtiTransport } from './arm-codes.js';

/** The arm's end: one udp socket and one tcp listener, on `host`. */
export interface ArmStreamServer {
  readonly udpPort: number;
  readonly tcpPort: number;
  sendUdp(bytes: Uint8Array, ip: string, port: number): void;
  /** Sends on the accepted tcp stream; false when there is none. */
  sendTcp(bytes: Uint8Array): boolean;
  /** Closes the accepted tcp stream (a session ended). */
  dropTcp(): void;
  close(): Promise<void>;
}

export interface ArmStreamOptions {
  readonly host: string;
  /** 0: any free port. */
  readonly udpPort: number;
  readonly tcpPort: number;
  /** Every packet that arrives, with its sender and transport. */
  readonly onPacket: (bytes: Uint8Array, ip: string, port: number, via: RtiTransport) => void;
  /** Whether a tcp connection from `ip` is the paired PC's (others are closed at once). */
  readonly acceptTcp: (ip: string) => boolean;
}

/** The PC's end: a udp socket (or a tcp connection) from `localIp` to the arm's stream port. */
export interface PcStream {
  readonly transport: RtiTransport;
  readonly localPort: number;
  send(bytes: Uint8Array): boolean;
  close(): Promise<void>;
}

export interface PcStreamOptions {
  readonly transport: RtiTransport;
  readonly armHost: string;
  readonly armPort: number;
  /** The address the stream leaves from (the pc_ip the arm was told). */
  readonly localIp: string;
  readonly onPacket: (bytes: Uint8Array) => void;
  /** tcp: the arm closed the stream or it broke. */
  readonly onClose?: (reason: string) => void;
  readonly connectBudgetMs: number;
}

export interface RtSockets {
  openArmStream(options: ArmStreamOptions): Promise<ResultOf<ArmStreamServer>>;
  openPcStream(options: PcStreamOptions): Promise<ResultOf<PcStream>>;
  /** This machine's address on the route to `host` (what pc_ip defaults to). */
  localAddressToward(host: string): Promise<ResultOf<string>>;
}

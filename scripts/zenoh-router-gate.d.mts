// Types of zenoh-router-gate.mjs.
import type { IncomingMessage } from 'node:http';

export interface GateOptions {
  host?: string;
  port?: number;
  target: { host?: string; port: number };
  /** Allowed Origin values (exact); a handshake with another Origin is answered 403. */
  origins?: string[];
  /** When set (16+ characters), every handshake must carry ?token=<it>, else 401. */
  token?: string;
  /** Terminate TLS at the gate (wss/). */
  tls?: { certificate: string; privateKey: string };
  onRefused?: (why: string) => void;
}

export interface RunningGate {
  readonly port: number;
  readonly locator: string;
  close(): Promise<void>;
}

export function judgeHandshake(
  req: Pick<IncomingMessage, 'headers' | 'url'>,
  options?: { origins?: string[]; token?: string },
): [number, string, string] | undefined;
export function startGate(options: GateOptions): Promise<RunningGate>;

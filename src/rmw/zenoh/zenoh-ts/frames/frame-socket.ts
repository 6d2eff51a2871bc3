/**
 * The WebSocket zenoh-ts's link writes to, as the routes that write frames in zenoh-ts's place
 * reach it (put-frame.ts, reply-frame.ts, get-frame.ts) and as a publisher asks whether a put
 * leaves at once: one place for how the socket is found, when it takes a frame at once
 * (session-internals.ts's rule), and how a frame is handed to it (its buffer then kept for the next
 * large frame, frame-pool.ts).
 */

import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { innerOf, linkSendsAtOnce } from '../session-internals.js';
import { frameSent } from './frame-pool.js';

export interface FrameSocket {
  /** False once rclts marked the link dead (session-internals.ts): zenoh-ts's own send then fails. */
  readonly usable: () => boolean;
  /** The link is usable, the socket open and holding at most 2 MB: zenoh-ts would send at once. */
  readonly takesAtOnce: () => boolean;
  readonly send: (frame: Uint8Array) => void;
}

interface LinkLike {
  readonly ws?: { send?: unknown; readyState?: unknown; bufferedAmount?: unknown };
  readonly isOk?: unknown;
}

/** One per WebSocket, shared by every publisher, server and client of its session. */
const sockets = new WeakMap<object, FrameSocket>();

/** The socket under a session's inner object (`innerOf`), or undefined where it cannot be reached. */
export function frameSocketOf(inner: unknown): FrameSocket | undefined {
  const link = (inner as { link?: LinkLike } | undefined)?.link;
  const ws = link?.ws;
  if (link === undefined || ws === undefined || typeof ws.send !== 'function') return undefined;
  let known = sockets.get(ws);
  if (known === undefined) {
    known = socketOf(link, ws as Socket);
    sockets.set(ws, known);
  }
  return known;
}

/** The socket under `session`, or undefined where it cannot be reached. */
export function frameSocketOfSession(session: Session): FrameSocket | undefined {
  return frameSocketOf(innerOf(session));
}

type Socket = { send(frame: Uint8Array): void; readonly readyState: unknown; readonly bufferedAmount: unknown };

function socketOf(link: LinkLike, socket: Socket): FrameSocket {
  return {
    usable: () => link.isOk !== false,
    takesAtOnce: () => linkSendsAtOnce(link, socket),
    send: (frame) => {
      socket.send(frame);
      frameSent(frame, socket);
    },
  };
}

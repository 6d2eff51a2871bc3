/**
 * What every node and endpoint of one rmw session shares: zenoh-ts, the router link, the
 * graph, the identities and clock of this context, the event sink, and the token of an endpoint.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, err, type ResultOf } from '../../result.js';
import { checkPayloadType, type Named } from '../endpoint-check.js';
import type { RmwEvent } from '../rmw.js';
import type { EntityIdCounter } from '../wire/gid.js';
import type { HybridClock } from './hybrid-clock.js';
import type { RouterConnection } from './router-connection.js';
import type { Undeclarable } from './zenoh-entity.js';
import type { ZenohGraph } from './zenoh-graph.js';
import type { FramePaths, WriteBatch, ZenohTs } from './zenoh-ts/index.js';

/**
 * Largest payload rclts sends through the router. The remote-api plugin (zenoh-bridge-remote-api
 * 1.10.1) accepts WebSocket frames up to 16 MiB for the whole message (payload, key,
 * attachment, header); one byte more and it closes the session. Measured: 16 MiB - 100 bytes
 * with a short key passes, 16 MiB does not. 64 KiB of headroom covers any key; larger
 * payloads are refused with InvalidArgument naming the key.
 */
export const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024 - 64 * 1024;

export interface SessionContext {
  readonly zenoh: ZenohTs;
  readonly connection: RouterConnection;
  readonly graph: ZenohGraph;
  readonly domainId: number;
  readonly sessionId: string;
  readonly ids: EntityIdCounter;
  /** Timestamps of this context's publications. */
  readonly clock: HybridClock;
  /** Writes made together (RmwSession.batchWrites) leave the socket together. */
  readonly writes: WriteBatch;
  /** The adapter's frame paths: on or off, and their fallbacks counted and reported. */
  readonly frames: FramePaths;
  emit(event: RmwEvent): void;
}

/** A liveliness token declaration step (ros naming only). */
export function tokenStep(session: Session, token: string): () => Promise<Undeclarable> {
  return () => session.liveliness().declareToken(token);
}

/**
 * Refuses what cannot go on the wire: not bytes, or above MAX_PAYLOAD_BYTES. Errors name `of`
 * + the entity.
 */
export function checkPayload(payload: unknown, named: Named, of = ''): ResultOf<Uint8Array> {
  const bytes = checkPayloadType(payload, named, of);
  if (!bytes.ok) return bytes;
  if (bytes.value.length > MAX_PAYLOAD_BYTES) {
    return err(
      'InvalidArgument',
      `payload for ${of}${named.what} is ${bytes.value.length} bytes, above the zenoh backend's limit of ${MAX_PAYLOAD_BYTES} bytes`,
    );
  }
  return bytes;
}

/** Runs a user-facing callback from transport context; what it throws becomes an event. */
export function deliver<T>(
  ctx: SessionContext,
  key: string,
  named: Named,
  callback: (value: T) => void,
  value: T,
): void {
  try {
    callback(value);
  } catch (thrown) {
    ctx.emit({
      type: 'transport_error',
      key,
      message: `${named.what} callback threw: ${describeThrown(thrown)}`,
    });
  }
}

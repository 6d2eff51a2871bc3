/**
 * Serves one simulator key. Requests arrive as raw bytes so that the simulator itself
 * decides what an empty payload means (probe, reset, read-back ...) and counts a malformed
 * one; every request passes the fault board (count, delay, drop) before it is answered.
 */
import type { MessageType, Node, ServiceHandle } from '../../rclcpp/index.js';
import { describeThrown, err, type ResultOf } from '../../result.js';
import { RawBytesService } from '../tools/raw-bytes.js';
import type { FaultBoard } from './fault-knobs.js';
import type { SimLog } from './sim-log.js';

/** What a segment handler answers: reply bytes, or nothing (the request is dropped). */
export type DeskAnswer = Uint8Array | undefined;
/** A key whose reply may come later (the arm answers after its own clock says so). */
export type LateDeskAnswer = DeskAnswer | Promise<Uint8Array>;

/** Decodes a request: `undefined` for an empty payload, `malformed` when it does not decode. */
export type Decoded<Req> =
  | { readonly kind: 'empty' }
  | { readonly kind: 'request'; readonly request: Req }
  | { readonly kind: 'malformed'; readonly reason: string };

export function decodeRequest<Req>(type: MessageType<Req>, payload: Uint8Array): Decoded<Req> {
  if (payload.byteLength === 0) return { kind: 'empty' };
  try {
    return { kind: 'request', request: type.decode(payload) };
  } catch (thrown) {
    return { kind: 'malformed', reason: describeThrown(thrown) };
  }
}

export interface DeskContext {
  readonly board: FaultBoard;
  readonly log: SimLog;
}

/**
 * A promise that never settles: the request stays unanswered, as a lost reply would. A
 * fresh one each time, so nothing accumulates on a shared promise's reaction list.
 */
const never = (): Promise<Uint8Array> => new Promise<Uint8Array>(() => {});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Declares a raw queryable on `key`; `answer` builds the reply from the request bytes
 * (malformed requests are counted and dropped: no reply, the simulator goes on).
 */
export function serveKey(
  node: Node,
  key: string,
  ctx: DeskContext,
  answer: (payload: Uint8Array) => LateDeskAnswer,
): ResultOf<ServiceHandle> {
  const handle = node.createService(RawBytesService, key, (payload) => {
    const plan = ctx.board.planReply(key);
    let reply: LateDeskAnswer;
    try {
      reply = answer(payload);
    } catch (thrown) {
      // A bug in the simulator, not the client's fault: say so and answer nothing.
      ctx.log(`error: handling a request on ${key} threw: ${describeThrown(thrown)}`);
      return never();
    }
    if (reply === undefined) return never();
    if (plan.drop) {
      ctx.log(`fault: dropping the reply on ${key}`);
      return never();
    }
    if (plan.delayMs > 0) return sleep(plan.delayMs).then(() => reply);
    return reply;
  });
  if (!handle.ok) return err(handle.error.name, `simulator cannot serve ${key}: ${handle.error.message}`);
  return handle;
}

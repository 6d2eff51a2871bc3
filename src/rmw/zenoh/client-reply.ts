/**
 * What the answer to a client's get becomes, read by zenoh-ts or from the frame (in-frame.ts):
 * a reply with its rmw_zenoh attachment, or ServiceFailed carrying the error reply's text.
 */
import type { Named } from '../endpoint-check.js';
import { errorReply, type RmwReply } from '../rmw.js';
import { decodeAttachment } from '../wire/attachment.js';

/** Error replies carry their text as UTF-8, as zenoh-ts's ZBytes.toString() reads it. */
const errorText = new TextDecoder();

export function rmwReplyOf(
  named: Named,
  sequenceNumber: bigint,
  ok: boolean,
  payload: Uint8Array,
  attachment: Uint8Array | undefined,
): RmwReply {
  if (ok) return { kind: 'reply', sequenceNumber, payload, attachment: decodeAttachment(attachment) };
  const message = errorText.decode(payload) || 'error reply without a message';
  return errorReply(sequenceNumber, 'ServiceFailed', `${named.what}: request ${sequenceNumber} failed: ${message}`);
}

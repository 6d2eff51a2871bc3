/**
 * The zenoh-ts adapter: the one place in rclts that knows zenoh-ts's internals (its
 * `SessionInner`, the link and WebSocket under it, its private tables and message handler)
 * and the remote-api plugin's wire (the frames/ folder). Everything else in the zenoh backend
 * uses zenoh-ts's public API and what this entry exports; a dependency rule keeps it that way
 * (.dependency-cruiser.cjs). docs/zenoh-backend.md names, for each workaround here, the
 * zenoh-ts source it works around and the upstream change that would remove it.
 */
export { closeSessionQuietly } from './close-session.js';
export { guardEarlyQueries } from './early-queries.js';
export { FramePath, FramePaths, framePathsOf, SessionGuard } from './frame-paths.js';
export type { FrameQueryMaker } from './frames/frame-query.js';
export { frameQueryMaker } from './frames/frame-query.js';
export type { FrameSocket } from './frames/frame-socket.js';
export { frameSocketOfSession } from './frames/frame-socket.js';
export { sendGet } from './frames/get-frame.js';
export type { InQueryView, InSampleView } from './frames/in-frame.js';
export type { SampleReader } from './frames/in-frame-tap.js';
export { readQueriesWith, readRepliesWith, readSamplesWith, tapInFrames } from './frames/in-frame-tap.js';
export type { FramePutter } from './frames/put-frame.js';
export { framePutter } from './frames/put-frame.js';
export type { FrameReplier } from './frames/reply-frame.js';
export { frameReplier, replyByFrames, replyKeyBytes } from './frames/reply-frame.js';
export { openZenohSession } from './open-session.js';
export { pingSession, REQUEST_TIMEOUT_MS, requestWhenDrained, setRequestTimeout } from './plugin-request.js';
export { finalizeQuietly, sendCorked } from './query-replies.js';
export type { SentRequest } from './request-tap.js';
export { retireRequests, tapSession, withSentRequest } from './request-tap.js';
export { socketOptionsOf } from './router-trust.js';
export { markLinkDead, socketClosed, socketOf } from './session-internals.js';
export { WriteBatch } from './write-batch.js';
export type { ZenohTs } from './zenoh-ts-loader.js';
export { loadZenohTs } from './zenoh-ts-loader.js';

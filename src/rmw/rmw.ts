/**
 * The middleware seam. The executor and the rclcpp layer talk only to these interfaces;
 * `rmw/local` (in-process) and `rmw/zenoh` (zenoh-ts through a router) implement them.
 *
 * Rules every backend keeps:
 * - Entity creation is synchronous and answers a Result; a backend whose transport declares
 *   asynchronously queues the declaration and exposes `ready()`. A failed declaration is
 *   reported through `RmwSession.onEvent` and leaves nothing half-declared.
 * - Callbacks (`onSample`, `onRequest`, `onReply`, listeners) are invoked from transport
 *   context, never re-entrantly from inside a call the user made; the executor only queues
 *   there, user code runs in spin.
 * - Nothing throws; nothing rejects.
 */
import { ErrorCode, type Result, type ResultOf } from '../result.js';
import type { RmwActualQos, RmwQos } from './qos.js';

/** `ros`: rmw_zenoh-compatible keys and liveliness; `raw`: the name is the key (vrobots). */
export const NamingScheme = { Ros: 'ros', Raw: 'raw' } as const;
export type NamingScheme = (typeof NamingScheme)[keyof typeof NamingScheme];

export const BackendKind = { Local: 'local', Zenoh: 'zenoh' } as const;
export type BackendKind = (typeof BackendKind)[keyof typeof BackendKind];

export function isBackendKind(x: unknown): x is BackendKind {
  return (Object.values(BackendKind) as unknown[]).includes(x);
}

/** The 33-byte rmw_zenoh attachment: sequence number, source timestamp, 16-byte GID. */
export interface RmwAttachment {
  readonly sequenceNumber: bigint;
  readonly sourceTimestampNs: bigint;
  readonly gid: Uint8Array;
}

/** What one endpoint is: the rclcpp layer resolves names, the backend builds keys from this. */
export interface RmwEndpointSpec {
  readonly naming: NamingScheme;
  /** `ros`: fully qualified ROS name (`/ns/chatter`); `raw`: the zenoh key expression as is. */
  readonly name: string;
  /** ROS form, e.g. `std_msgs/msg/String`, `example_interfaces/srv/AddTwoInts`. */
  readonly typeName: string;
  /** `RIHS01_<hex>` or `TypeHashNotSupported`. */
  readonly typeHash: string;
  readonly qos: RmwQos;
}

export interface RmwSample {
  /** The concrete key the sample was published on. */
  readonly key: string;
  /**
   * The sample's own bytes: not shared with another subscription's sample, and never written
   * into or reused by the backend after delivery (rclcpp's decoded arrays view them).
   */
  readonly payload: Uint8Array;
  readonly attachment: RmwAttachment | undefined;
  /** Date.now() at arrival in this process. */
  readonly receivedAtMs: number;
}

export interface RmwEntity {
  /** The zenoh key (or key expression) this entity is declared on. */
  readonly key: string;
  /** Resolves when the transport has declared the entity (at once for `local`). */
  ready(): Promise<Result>;
  actualQos(): RmwActualQos;
  /** Undeclares. Idempotent. */
  close(): void;
}

/*
 * Payloads handed to publish, respond and sendRequest are lent for the call: a backend copies
 * (or writes out) what it keeps before it returns, so the caller may write over the buffer
 * right after. rclcpp encodes large messages into one kept buffer on that promise
 * (encode-lease.ts); the conformance contract suite holds every backend to it.
 */
export interface RmwPublisher extends RmwEntity {
  /** Sends one sample. Synchronous validation; transport failures after hand-off go to onEvent. */
  publish(payload: Uint8Array): Result;
  /** Number of matching subscriptions known, or Unsupported. */
  subscriptionCount(): ResultOf<number>;
}

export type RmwSubscriber = RmwEntity;

/** One incoming request; answer it exactly once with `respond` or `fail`. */
export interface RmwRequest {
  readonly key: string;
  readonly payload: Uint8Array;
  readonly attachment: RmwAttachment | undefined;
  readonly receivedAtMs: number;
  respond(payload: Uint8Array): Result;
  fail(message: string): Result;
}

export type RmwServiceServer = RmwEntity;

/** A reply delivered to a client, correlated by the sequence number `sendRequest` returned. */
export type RmwReply =
  | {
      readonly kind: 'reply';
      readonly sequenceNumber: bigint;
      readonly payload: Uint8Array;
      readonly attachment: RmwAttachment | undefined;
    }
  | { readonly kind: 'error'; readonly sequenceNumber: bigint; readonly code: number; readonly message: string };

/** The failures a client's request can end in, besides its reply. */
export type RmwReplyFailure = 'Timeout' | 'TransportError' | 'NotFound' | 'ServiceFailed';

/** Request `sequenceNumber` ended in `name` instead of a reply (both backends build them here). */
export function errorReply(sequenceNumber: bigint, name: RmwReplyFailure, message: string): RmwReply {
  return { kind: 'error', sequenceNumber, code: ErrorCode[name], message };
}

export interface RmwServiceClient extends RmwEntity {
  /**
   * Sends one request. Exactly one RmwReply for the returned sequence number reaches
   * `onReply` later: the reply, or an error (Timeout after budgetMs, TransportError, ...).
   */
  sendRequest(payload: Uint8Array, budgetMs: number): ResultOf<bigint>;
  /** Forgets a pending request: its reply, if it ever comes, is dropped. */
  abandon(sequenceNumber: bigint): void;
  /** Tri-state: ok(true) a matching server is visible now, ok(false) not yet, error(Unsupported) cannot know. Never waits. */
  serviceIsReady(): ResultOf<boolean>;
  /** Called whenever readiness may have changed. Returns the unsubscribe function. */
  onReadyChange(listener: () => void): () => void;
  /**
   * Why no server matches although one of the same name is visible (e.g. "service
   * /add_two_ints is served with type X, this client expects Y"); undefined when ready or
   * when no server of that name is visible. Optional: backends without a graph omit it.
   */
  mismatchReason?(): string | undefined;
}

export interface RmwNodeInfo {
  readonly name: string;
  readonly namespace: string;
  readonly enclave: string;
}

export const EndpointKind = {
  Publisher: 'publisher',
  Subscription: 'subscription',
  Service: 'service',
  Client: 'client',
} as const;
export type EndpointKind = (typeof EndpointKind)[keyof typeof EndpointKind];

export interface RmwEndpointInfo {
  readonly kind: EndpointKind;
  readonly node: RmwNodeInfo;
  readonly naming: NamingScheme;
  readonly name: string;
  readonly typeName: string;
  readonly typeHash: string;
  readonly qos: RmwActualQos;
  /**
   * 16 bytes naming the endpoint on the graph: with ros naming on zenoh, rmw_zenoh's (a hash of
   * the liveliness token, what a peer's rclcpp reports); in process, drawn once per entity.
   */
  readonly gid: Uint8Array;
}

export interface RmwGraph {
  /** false where the backend cannot discover the graph (then queries answer Unsupported). */
  readonly supported: boolean;
  nodes(): readonly RmwNodeInfo[];
  endpoints(): readonly RmwEndpointInfo[];
  onChange(listener: () => void): () => void;
}

/** What a subscriber's taker does with its samples, so that a backend can skip work nobody sees. */
export interface RmwSubscriberOptions {
  /**
   * false: nobody reads the samples' attachments (rclcpp's `(msg) => ...` handlers). A backend
   * may then leave unset what only such subscribers would see (the in-process source time).
   * Default true.
   */
  readonly readsAttachment?: boolean;
}

/** A node's presence on the graph plus the factory of its endpoints. */
export interface RmwNode {
  readonly info: RmwNodeInfo;
  createPublisher(spec: RmwEndpointSpec): ResultOf<RmwPublisher>;
  createSubscriber(
    spec: RmwEndpointSpec,
    onSample: (sample: RmwSample) => void,
    options?: RmwSubscriberOptions,
  ): ResultOf<RmwSubscriber>;
  createServiceServer(spec: RmwEndpointSpec, onRequest: (request: RmwRequest) => void): ResultOf<RmwServiceServer>;
  createServiceClient(spec: RmwEndpointSpec, onReply: (reply: RmwReply) => void): ResultOf<RmwServiceClient>;
  /** Withdraws the node and closes every endpoint it created. Idempotent. */
  close(): void;
}

export type RmwEvent =
  | { readonly type: 'connection_lost'; readonly message: string }
  | { readonly type: 'reconnected'; readonly message: string }
  | { readonly type: 'declaration_failed'; readonly key: string; readonly message: string }
  | { readonly type: 'transport_error'; readonly key: string; readonly message: string }
  | { readonly type: 'dropped'; readonly key: string; readonly message: string }
  /** The router stopped answering while the link stayed open: sends are accepted, nothing is delivered. */
  | { readonly type: 'stalled'; readonly message: string }
  /** A stall ended without the link being lost. */
  | { readonly type: 'stall_ended'; readonly message: string }
  /** A backend's fast path (key: its name) could not be taken; the backend's slower general path is used. */
  | { readonly type: 'frame_fallback'; readonly key: string; readonly message: string };

export interface RmwSession {
  readonly backend: BackendKind;
  readonly domainId: number;
  /** 32 lowercase hex: random per context (rmw_zenoh's session_id). */
  readonly sessionId: string;
  createNode(info: RmwNodeInfo): ResultOf<RmwNode>;
  readonly graph: RmwGraph;
  /** Connectivity probe within the budget. */
  ping(budgetMs: number): Promise<Result>;
  isConnected(): boolean;
  /**
   * Runs `fn`; what it writes leaves the transport together, in order, when it returns (one
   * socket flush instead of one write per publication on zenoh; the local backend just runs it).
   * What `fn` throws is rethrown after the writes are released.
   */
  batchWrites(fn: () => void): void;
  onEvent(listener: (event: RmwEvent) => void): () => void;
  /** Closes every node and the transport. Idempotent; never rejects. */
  close(): Promise<Result>;
}

export type RmwSessionOptions =
  | { readonly backend: 'local'; readonly domainId?: number }
  | {
      readonly backend: 'zenoh';
      readonly locator: string;
      readonly domainId?: number;
      readonly connectBudgetMs: number;
    };

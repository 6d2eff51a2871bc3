/**
 * What the churn workers and the runner say to each other over IPC, and the soak's own wire
 * types (a stamped sample, an echo service) so that loss is told by (publisher id, seq).
 */
import type { MessageType, ServiceType } from '../../src/index.js';

export interface Stamped {
  /** `w<worker>g<generation>p<k>`: unique over the run. */
  readonly pub: string;
  readonly seq: number;
  /** Date.now() at publish (one machine, one clock). */
  readonly t: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function jsonType<T>(typeName: string): MessageType<T> {
  return {
    typeName,
    typeHash: 'TypeHashNotSupported',
    encode: (m) => encoder.encode(JSON.stringify(m)),
    decode: (b) => JSON.parse(decoder.decode(b)) as T,
  };
}

export const StampedType = jsonType<Stamped>('rclts_soak/msg/Stamped');
export const EchoType: ServiceType<Stamped, Stamped> = {
  typeName: 'rclts_soak/srv/Echo',
  typeHash: 'TypeHashNotSupported',
  Request: StampedType,
  Response: StampedType,
};

/** A run of samples of one publisher that one subscriber never saw, with the publish times around it. */
export interface GapEvent {
  readonly kind: 'gap';
  readonly pub: string;
  readonly sub: string;
  readonly lost: number;
  readonly fromMs: number;
  readonly toMs: number;
}
export interface DuplicateEvent {
  readonly kind: 'duplicate';
  readonly pub: string;
  readonly sub: string;
  readonly seq: number;
  readonly atMs: number;
}
/** A stable request or goal that ended in an error value (Timeout, TransportError ...). */
export interface FailedCallEvent {
  readonly kind: 'failed-call';
  readonly what: 'request' | 'goal';
  readonly code: string;
  readonly target: string;
  readonly sentMs: number;
  readonly atMs: number;
}
export interface TransportEvent {
  readonly kind: 'transport';
  readonly message: string;
  readonly atMs: number;
}
export type WorkerEvent = GapEvent | DuplicateEvent | FailedCallEvent | TransportEvent;

/** Cumulative counters of one worker process. */
export interface WorkerCounters {
  entitiesCreated: number;
  entitiesDestroyed: number;
  byKind: Record<string, number>;
  createFailures: number;
  published: number;
  delivered: number;
  requestsSent: number;
  requestsAnsweredOk: number;
  requestsAnsweredError: number;
  requestsTwice: number;
  requestsLate: number;
  requestsLateByLag: number;
  requestsMaxLateMs: number;
  /** See CallTally.maxOwnDelayMs. */
  maxRequestOwnDelayMs: number;
  /** Late requests (excused or not) by answer: 'ok' or the error's name. */
  requestsLateCodes: Record<string, number>;
  requestsUnanswered: number;
  requestsAbandoned: number;
  goalsSent: number;
  goalsSucceeded: number;
  goalsError: number;
  goalsTwice: number;
  goalsLate: number;
  goalsLateByLag: number;
  goalsMaxLateMs: number;
  maxGoalOwnDelayMs: number;
  goalsLateCodes: Record<string, number>;
  goalsUnanswered: number;
  goalsAbandoned: number;
  timerFires: number;
  parameterChecks: number;
  parameterMismatches: number;
  handlerErrors: number;
  /** Samples a keep-all queue refused (reported by the executor). */
  queueDropped: number;
  /** Samples other (keep-last) queues dropped: QoS at work, shown only. */
  queueDroppedOther: number;
  /** How long Executor.shutdown took at the end, ms. */
  shutdownMs: number;
  uncaughtExceptions: number;
  unhandledRejections: number;
  escapedMessages: string[];
  maxEventLoopLagMs: number;
  /** Stable echo requests that reached their server after the client's budget, and the worst delay. */
  requestsArrivedAfterBudget: number;
  maxRequestDelayMs: number;
  /** Worst publish-to-handler time of a stable sample. */
  maxSampleLatencyMs: number;
}

export interface WorkerReport {
  readonly type: 'report';
  readonly worker: number;
  readonly generation: number;
  readonly atMs: number;
  readonly heapUsed: number;
  readonly heapAfterGc: number | undefined;
  readonly counters: WorkerCounters;
  readonly events: readonly WorkerEvent[];
}

/** After `quiesce`: the last seq of each of this worker's stable publishers. */
export interface QuiescedMessage {
  readonly type: 'quiesced';
  readonly finalSeq: Readonly<Record<string, number>>;
}
/** After `final`: per stable subscription, the last seq seen of each publisher. */
export interface FinalMessage {
  readonly type: 'final';
  readonly lastSeen: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly counters: WorkerCounters;
}

export interface WorkerConfig {
  readonly worker: number;
  readonly generation: number;
  readonly seed: number;
  /** Failover list, the worker's own router first. */
  readonly routers: readonly string[];
  readonly workers: number;
  /** Stable nodes, each with a publisher, a subscription, a service and an action server. */
  readonly stableNodes: number;
  /** Churn operations per second. */
  readonly churnRate: number;
  /** Samples per second per stable publisher. */
  readonly publishHz: number;
  /** Requests per second per stable client, goals per second per stable action client. */
  readonly callHz: number;
  readonly requestBudgetMs: number;
  readonly goalBudgetMs: number;
  /** Answers later than budget + this count as late. */
  readonly lateSlackMs: number;
  readonly reportEveryMs: number;
  readonly gcEveryMs: number;
}

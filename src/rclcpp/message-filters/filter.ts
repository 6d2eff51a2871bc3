/**
 * A filter's output, as message_filters' SimpleFilter: callbacks registered on it get each
 * message it passes, and it knows how to read a message's stamp, so whatever is connected to
 * it (a Cache, a synchronizer) sorts by the same time. `PassThrough` is the filter fed by
 * hand (`add`), as upstream's PassThrough.
 */
import { describeThrown, describeValue, err, ok, type Result } from '../../result.js';
import { type Connection, type FilterCallback, Signal, type SignalOutcome } from './signal.js';
import { type Headered, headerStamp, messageStampNs, type StampGetter } from './stamp.js';

/** What a Cache or a synchronizer connects to: a Subscriber, a Cache, a PassThrough. */
export interface FilterSource<M> {
  /** `callback` gets every message this filter passes, during spin for a Subscriber. */
  registerCallback(callback: FilterCallback<[message: M]>): Connection;
  /** The stamp the filter sorts by: `header.stamp`, or the getter it was made with. */
  readonly stampOf: StampGetter<M>;
}

/** The stamp option: required (at compile time) when the message type has no header. */
export type StampOption<M> = M extends Headered
  ? { readonly stamp?: StampGetter<M> | undefined }
  : { readonly stamp: StampGetter<M> };

export function stampGetterOf<M>(options: unknown): StampGetter<M> | undefined {
  try {
    const stamp: unknown = (options as { stamp?: unknown } | undefined)?.stamp;
    return typeof stamp === 'function' ? (stamp as StampGetter<M>) : undefined;
  } catch {
    return undefined;
  }
}

/** The base of every filter here: one output signal and its stamp getter. */
export abstract class SimpleFilter<M> implements FilterSource<M> {
  protected readonly output = new Signal<[message: M]>();
  readonly stampOf: StampGetter<M>;
  private name = '';
  protected readonly rejections = new RejectionCount();

  protected constructor(stamp: StampGetter<M> | undefined) {
    this.stampOf = stamp ?? (headerStamp as StampGetter<M>);
  }

  registerCallback(callback: FilterCallback<[message: M]>): Connection {
    return this.output.connect(callback);
  }

  /** For debugging, as upstream's setName. */
  setName(name: string): void {
    this.name = typeof name === 'string' ? name : describeValue(name);
  }

  getName(): string {
    return this.name;
  }

  /** Rejections of async callbacks run by a direct `add` (through a Subscriber the executor reports them). */
  getCallbackRejections(): { readonly count: number; readonly last: string | undefined } {
    return this.rejections.snapshot();
  }

  protected signalMessage(message: M): SignalOutcome {
    return this.output.call(message);
  }
}

/**
 * A filter fed by hand: `add(msg)` passes it on to every callback at once. A callback's throw
 * answers Error; a message whose stamp cannot be read answers InvalidArgument, passed to nobody.
 */
export class PassThrough<M> extends SimpleFilter<M> {
  private constructor(stamp: StampGetter<M> | undefined) {
    super(stamp);
  }

  static create<M>(
    ...[options]: M extends Headered ? [options?: StampOption<M>] : [options: StampOption<M>]
  ): PassThrough<M> {
    return new PassThrough<M>(stampGetterOf<M>(options));
  }

  add(message: M): Result {
    const ns = messageStampNs('PassThrough.add', this.stampOf, message);
    if (!ns.ok) return ns;
    return callAnswering('PassThrough.add', () => this.signalMessage(message), this.rejections);
  }
}

/** Rejections of async callbacks reached through a direct `add` (no executor observes those). */
export class RejectionCount {
  count = 0;
  last: string | undefined;

  record(what: string, thrown: unknown): void {
    this.count++;
    this.last = `${what}: an async callback rejected: ${describeThrown(thrown)}`;
  }

  snapshot(): { readonly count: number; readonly last: string | undefined } {
    return { count: this.count, last: this.last };
  }
}

/** A direct call's outcome as a Result: a throwing callback is an Error naming the verb. */
export function callAnswering(what: string, dispatch: () => SignalOutcome, rejections: RejectionCount): Result {
  try {
    const outcome = dispatch();
    if (outcome !== undefined) outcome.catch((thrown: unknown) => rejections.record(what, thrown));
    return ok();
  } catch (thrown) {
    return err('Error', `${what}: a callback threw: ${describeThrown(thrown)}`);
  }
}

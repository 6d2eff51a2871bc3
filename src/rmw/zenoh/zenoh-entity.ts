/**
 * The declaration life of one rclts entity on a zenoh session. Creation is synchronous
 * (the rmw contract), declaration is not: the entity registers with the connection, which
 * declares it now or after the next (re)connect. `ready()` answers the first declaration's
 * outcome. A declaration that fails undoes whatever part of it succeeded, is reported as
 * `declaration_failed` and leaves the entity failed and unregistered. A declaration that
 * completes after the entity was closed, or after its session was lost, is undone at once.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown, type Err, err, ok, type Result } from '../../result.js';
import type { RmwEvent } from '../rmw.js';
import { declarationRequest, undeclarationRequest } from './declaration-window.js';
import type { Declarable, RouterConnection } from './router-connection.js';

/** Anything zenoh-ts lets us undeclare (publisher, subscriber, queryable, token, listener...). */
export interface Undeclarable {
  undeclare(): Promise<void>;
}

export type EntityState = 'declaring' | 'declared' | 'failed' | 'closed';

/** What every entity needs from its session. */
export interface EntityContext {
  readonly connection: RouterConnection;
  emit(event: RmwEvent): void;
}

/** Undeclares quietly: the session may already be going away, which is not worth a report. */
export function undeclareAll(session: Session, handles: readonly Undeclarable[]): void {
  for (const h of [...handles].reverse()) undeclarationRequest(session, () => h.undeclare());
}

/**
 * Runs declaration steps in order on `session`, collecting what each declared. If one throws,
 * the ones before it are undeclared and the error is rethrown, so nothing stays half-declared.
 * Each step is one zenoh-ts request, through the session's request window (declaration-window.ts),
 * retried there when the plugin answers too late.
 */
export async function declareSteps(
  session: Session,
  steps: ReadonlyArray<() => Promise<Undeclarable | undefined>>,
): Promise<Undeclarable[]> {
  const done: Undeclarable[] = [];
  try {
    for (const step of steps) {
      const h = await declarationRequest(session, step);
      if (h !== undefined) done.push(h);
    }
    // Kept as long as the entity: a copy of its exact length, not the 17 slots a push grew.
    return done.slice();
  } catch (thrown) {
    undeclareAll(session, done);
    throw thrown;
  }
}

const DECLARED: Promise<Result> = Promise.resolve(ok());

export abstract class ZenohEntity implements Declarable {
  state: EntityState = 'declaring';
  /** Why the declaration failed, for errors from later calls. */
  protected failure: string | undefined;
  /** The session the live handles belong to. */
  protected declaredOn: Session | undefined;
  private handles: Undeclarable[] = [];
  /** Bumped by every declare, loss and close: a late declaration result with an old value is stale. */
  private generation = 0;
  // ready()'s answer: a promise is made only for a caller who asks before the declaration
  // settles, and dropped once it has (an entity lives long after; most are asked once).
  private readyResult: Result | undefined;
  private readyPromise: Promise<Result> | undefined;
  private resolveReady: ((r: Result) => void) | undefined;

  protected constructor(
    readonly key: string,
    protected readonly ctx: EntityContext,
    /** What the entity is, for its errors: `publisher`, `service client`, ... */
    private readonly role: string,
  ) {}

  /**
   * How errors name this entity: `publisher on '0/chatter/...'`. Built when an error needs it,
   * not kept: thousands of entities on a session would each hold a string of their own.
   */
  get what(): string {
    return `${this.role} on '${this.key}'`;
  }

  /** Call at the end of the subclass constructor. */
  protected start(): void {
    this.ctx.connection.register(this);
  }

  ready(): Promise<Result> {
    const settled = this.readyResult;
    if (settled !== undefined) return settled.ok ? DECLARED : Promise.resolve(settled);
    this.readyPromise ??= new Promise<Result>((resolve) => {
      this.resolveReady = resolve;
    });
    return this.readyPromise;
  }

  isOpen(): boolean {
    return this.state !== 'closed' && this.state !== 'failed';
  }

  /** The declarations of this entity on `session`, in order (see declareSteps). */
  protected abstract declare(session: Session): Promise<Undeclarable[]>;
  /** The entity is declared on `session` (first time or again after a reconnect). */
  protected onDeclared(_session: Session): void {}
  /** The session is gone (handles already forgotten) or the entity is closing. */
  protected onDetached(_reason: 'lost' | 'closed' | 'failed'): void {}

  declareOn(session: Session): void {
    if (this.state === 'closed' || this.state === 'failed') return;
    const gen = ++this.generation;
    this.state = 'declaring';
    let declaring: Promise<Undeclarable[]>;
    try {
      declaring = this.declare(session);
    } catch (thrown) {
      declaring = Promise.reject(thrown);
    }
    declaring.then(
      (handles) => {
        if (gen !== this.generation || this.ctx.connection.current() !== session) {
          if (this.ctx.connection.current() === session) undeclareAll(session, handles);
          return;
        }
        this.handles = handles;
        this.declaredOn = session;
        this.state = 'declared';
        this.settleReady(ok());
        this.onDeclared(session);
      },
      (thrown: unknown) => {
        if (gen !== this.generation || this.ctx.connection.current() !== session) return;
        this.fail(`${this.what} could not be declared: ${describeThrown(thrown) || 'no answer from the router'}`);
      },
    );
  }

  sessionLost(): void {
    if (this.state === 'closed' || this.state === 'failed') return;
    this.generation++;
    this.handles = [];
    this.declaredOn = undefined;
    this.state = 'declaring';
    this.onDetached('lost');
  }

  close(): void {
    if (this.state === 'closed') return;
    const wasFailed = this.state === 'failed';
    this.state = 'closed';
    this.generation++;
    this.ctx.connection.unregister(this);
    if (!wasFailed) this.onDetached('closed');
    if (this.declaredOn !== undefined && this.ctx.connection.current() === this.declaredOn)
      undeclareAll(this.declaredOn, this.handles);
    this.handles = [];
    this.declaredOn = undefined;
    this.settleReady(err('NotInitialized', `${this.what} was closed before it was declared`));
  }

  /** Declaration failed: report, undo, stop. Also used when a later step of the entity fails for good. */
  protected fail(message: string): void {
    if (this.state === 'closed' || this.state === 'failed') return;
    this.state = 'failed';
    this.failure = message;
    this.generation++;
    this.ctx.connection.unregister(this);
    if (this.declaredOn !== undefined && this.ctx.connection.current() === this.declaredOn)
      undeclareAll(this.declaredOn, this.handles);
    this.handles = [];
    this.declaredOn = undefined;
    this.onDetached('failed');
    this.settleReady(err('TransportError', message));
    this.ctx.emit({ type: 'declaration_failed', key: this.key, message });
  }

  /** The error a call on a closed or failed entity answers. */
  protected unusable(): Err | undefined {
    if (this.state === 'closed') return err('NotInitialized', `${this.what} is closed`);
    if (this.state === 'failed') return err('TransportError', this.failure ?? `${this.what} could not be declared`);
    return undefined;
  }

  /** The first settlement counts, as a promise's would. */
  private settleReady(r: Result): void {
    if (this.readyResult !== undefined) return;
    this.readyResult = r;
    const resolve = this.resolveReady;
    this.resolveReady = undefined;
    this.readyPromise = undefined;
    resolve?.(r);
  }
}

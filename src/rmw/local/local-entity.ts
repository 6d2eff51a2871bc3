/**
 * What every local endpoint shares, as ZenohEntity does for the zenoh backend: its key and
 * granted QoS, readiness (at once: nothing to declare in process), the closed state and the
 * error a call on a closed endpoint answers, and a close that runs once.
 */
import { type Err, err, ok, type Result } from '../../result.js';
import type { RmwActualQos } from '../qos.js';

const READY: Promise<Result> = Promise.resolve(ok());

/** Told once when an entity closes; one per node, shared by its entities (no closure per entity). */
export type EntityClosed = (entity: LocalEntity) => void;

export abstract class LocalEntity {
  protected closed = false;
  private whatText: string | undefined;

  protected constructor(
    readonly key: string,
    private readonly qos: RmwActualQos,
    /** What kind of endpoint this is: `publisher`, `subscription` ... */
    private readonly role: string,
    private readonly onClose: EntityClosed,
  ) {}

  /** How errors name this entity: `publisher on 'chatter'`. Built when first needed: most never are. */
  protected get what(): string {
    this.whatText ??= `${this.role} on '${this.key}'`;
    return this.whatText;
  }

  ready(): Promise<Result> {
    return READY;
  }

  actualQos(): RmwActualQos {
    return this.qos;
  }

  isOpen(): boolean {
    return !this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    this.onClose(this);
  }

  /** Leaves the bus and ends what the entity still holds; runs once, from close(). */
  protected abstract detach(): void;

  /** The error a call on a closed entity answers. */
  protected unusable(): Err | undefined {
    return this.closed ? err('NotInitialized', `${this.what} is closed`) : undefined;
  }
}

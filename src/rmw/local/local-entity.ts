/**
 * What every local endpoint shares, as ZenohEntity does for the zenoh backend: its key and
 * granted QoS, its place on the graph, readiness (at once: nothing to declare in process), the
 * closed state and the error a call on a closed endpoint answers, and a close that runs once.
 * An entity is its own graph record (its info is built when the graph is read) and reaches
 * the bus and session through its node: a subscription holds a dozen fields and nothing else.
 */
import { type Err, err, ok, type Result } from '../../result.js';
import type { RmwActualQos } from '../qos.js';
import { newGid } from '../wire/gid.js';
import type { EndpointKind, NamingScheme, RmwEndpointInfo, RmwEndpointSpec, RmwNodeInfo } from '../rmw.js';
import type { BusEndpoint, BusSessionLink, BusSubscriber, LocalBus } from './local-bus.js';

const READY: Promise<Result> = Promise.resolve(ok());

/** What an entity needs of the node that made it; one per node, shared by its entities. */
export interface EntityOwner {
  readonly bus: LocalBus;
  readonly session: BusSessionLink;
  readonly info: RmwNodeInfo;
  /** Told once when an entity closes. */
  entityClosed(entity: LocalEntity): void;
}

/** A message or service type as the graph shows it; entities of one type share one. */
interface EndpointType {
  readonly typeName: string;
  readonly typeHash: string;
}

const types = new Map<string, EndpointType>();
/** Distinct types shared at most; past it each entity keeps its own (a bound, not a leak). */
const MAX_SHARED_TYPES = 4096;

function sharedType(typeName: string, typeHash: string): EndpointType {
  const key = `${typeName}\n${typeHash}`;
  const known = types.get(key);
  // Checked, not trusted: a name holding the separator could collide with another pair.
  if (known !== undefined && known.typeName === typeName && known.typeHash === typeHash) return known;
  const type = Object.freeze({ typeName, typeHash });
  if (known === undefined && types.size < MAX_SHARED_TYPES) types.set(key, type);
  return type;
}

/** GIDs of entities without a stamp GID, drawn when the graph first shows them (no field per entity). */
const drawnGids = new WeakMap<LocalEntity, Uint8Array>();

const CLOSED = 1;
const ROS_NAMING = 2;

export abstract class LocalEntity implements BusEndpoint {
  /** CLOSED and ROS_NAMING, one field for both (an entity is mostly its fields). */
  private bits: number;
  private readonly name: string;
  private readonly type: EndpointType;

  protected constructor(
    protected readonly owner: EntityOwner,
    readonly key: string,
    spec: RmwEndpointSpec,
    private readonly qos: RmwActualQos,
  ) {
    this.bits = spec.naming === 'ros' ? ROS_NAMING : 0;
    this.name = spec.name;
    this.type = sharedType(spec.typeName, spec.typeHash);
  }

  protected get closed(): boolean {
    return (this.bits & CLOSED) !== 0;
  }

  private get naming(): NamingScheme {
    return (this.bits & ROS_NAMING) !== 0 ? 'ros' : 'raw';
  }

  /** The graph's kind of endpoint. */
  abstract get kind(): EndpointKind;

  /** How errors name the kind: `publisher`, `service server` ... */
  protected abstract get role(): string;

  /** How errors name this entity: `publisher on 'chatter'` (only errors need it). */
  protected get what(): string {
    return `${this.role} on '${this.key}'`;
  }

  protected get bus(): LocalBus {
    return this.owner.bus;
  }

  get session(): BusSessionLink {
    return this.owner.session;
  }

  get domainId(): number {
    return this.owner.session.domainId;
  }

  get subscriber(): BusSubscriber | undefined {
    return undefined;
  }

  /** The GID its samples carry, where it stamps them; others draw one. */
  protected get ownGid(): Uint8Array | undefined {
    return undefined;
  }

  get gid(): Uint8Array {
    let gid = this.ownGid ?? drawnGids.get(this);
    if (gid === undefined) {
      gid = newGid();
      drawnGids.set(this, gid);
    }
    return gid;
  }

  get info(): RmwEndpointInfo {
    const { kind, naming, name, qos, gid } = this;
    const { typeName, typeHash } = this.type;
    return { kind, node: this.owner.info, naming, name, typeName, typeHash, qos, gid };
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
    this.bits |= CLOSED;
    this.detach();
    this.owner.entityClosed(this);
  }

  /** Leaves the bus and ends what the entity still holds; runs once, from close(). */
  protected abstract detach(): void;

  /** The error a call on a closed entity answers. */
  protected unusable(): Err | undefined {
    return this.closed ? err('NotInitialized', `${this.what} is closed`) : undefined;
  }
}

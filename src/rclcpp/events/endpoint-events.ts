/**
 * rclcpp's publisher and subscription event callbacks, as far as rmw_zenoh 0.6.6 produces the
 * events: matched (from the graph, as its graph cache does) and incompatible type (rmw_zenoh
 * registers it but never fires it; rclts computes it from the same graph). Events rmw_zenoh
 * cannot produce (deadline, liveliness, incompatible QoS: zenoh has none) are refused with
 * Unsupported when asked for, so that no callback waits silently for what never comes.
 */
import { describeValue, err, ok, type ResultOf } from '../../result.js';
import type { NamingScheme, RmwEndpointInfo } from '../../rmw/rmw.js';
import { gidToHex } from '../../rmw/wire/gid.js';
import type { MessageLostStatus } from './message-lost.js';

/** rmw_matched_status_t: totals since creation and the change since the last callback. */
export interface MatchedInfo {
  readonly totalCount: number;
  readonly totalCountChange: number;
  readonly currentCount: number;
  readonly currentCountChange: number;
}

/** rmw_incompatible_type_status_t: endpoints of the same name with another type. */
export interface IncompatibleTypeStatus {
  readonly totalCount: number;
  readonly totalCountChange: number;
}

/** rclcpp's PublisherEventCallbacks, by what they are about. */
export interface PublisherEventCallbacks {
  readonly matched?: (info: MatchedInfo) => void;
  readonly incompatibleType?: (status: IncompatibleTypeStatus) => void;
  /** Unsupported: rmw_zenoh has no deadline events. */
  readonly deadline?: never;
  /** Unsupported: rmw_zenoh has no liveliness events. */
  readonly liveliness?: never;
  /** Unsupported: zenoh has no QoS incompatibilities (rmw_zenoh never emits it). */
  readonly incompatibleQos?: never;
}

/** rclcpp's SubscriptionEventCallbacks: the publisher's, and lost messages. */
export interface SubscriptionEventCallbacks extends PublisherEventCallbacks {
  /** Sequence gaps per publisher, as rmw_zenoh counts them. */
  readonly messageLost?: (status: MessageLostStatus) => void;
}

/** Either kind's callbacks (what the watch handles). */
export type EndpointEventCallbacks = SubscriptionEventCallbacks;

/** The events part of a publisher's creation options. */
export interface PublisherOptions {
  readonly events?: PublisherEventCallbacks;
}

/** The events part of a subscription's creation options. */
export interface SubscriptionEventOptions {
  readonly events?: SubscriptionEventCallbacks;
}

const UNSUPPORTED: Readonly<Record<string, string>> = {
  deadline: 'rmw_zenoh has no deadline events',
  liveliness: 'rmw_zenoh has no liveliness events',
  incompatibleQos: 'zenoh has no QoS incompatibilities, rmw_zenoh never emits them',
};
const SUPPORTED = ['matched', 'incompatibleType', 'messageLost'] as const;

/** The callbacks asked for, checked before anything is declared (messageLost: subscriptions only). */
export function checkEndpointOptions(
  kind: 'publisher' | 'subscription',
  topic: unknown,
  options: unknown,
): ResultOf<EndpointEventCallbacks | undefined> {
  if (options === undefined) return ok(undefined);
  // The topic is not resolved yet: described safely, whatever it is.
  const what = `${kind} on ${typeof topic === 'string' ? `'${topic}'` : describeValue(topic)}`;
  if (typeof options !== 'object' || options === null)
    return err('InvalidArgument', `options of ${what} must be an object, got ${describeValue(options)}`);
  let events: unknown;
  try {
    events = (options as SubscriptionEventOptions).events;
  } catch {
    return err('InvalidArgument', `options of ${what} could not be read`);
  }
  if (events === undefined) return ok(undefined);
  if (typeof events !== 'object' || events === null)
    return err('InvalidArgument', `options.events of ${what} must be an object, got ${describeValue(events)}`);
  const read: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(events)) read[key] = (events as Record<string, unknown>)[key];
  } catch {
    return err('InvalidArgument', `options.events of ${what} could not be read`);
  }
  for (const [key, value] of Object.entries(read)) {
    if (value === undefined) continue;
    const why = UNSUPPORTED[key];
    if (why !== undefined) return err('Unsupported', `${key} event of ${what} cannot be honoured: ${why}`);
    if (!(SUPPORTED as readonly string[]).includes(key) || (key === 'messageLost' && kind === 'publisher'))
      return err('InvalidArgument', `options.events.${key} of ${what} is not an event (${SUPPORTED.join(', ')})`);
    if (typeof value !== 'function')
      return err('InvalidArgument', `options.events.${key} of ${what} must be a function, got ${describeValue(value)}`);
  }
  return ok(read as EndpointEventCallbacks);
}

/** What the tracker needs of the endpoint it watches. */
export interface WatchedEndpoint {
  readonly kind: 'publisher' | 'subscription';
  readonly naming: NamingScheme;
  readonly name: string;
  readonly typeName: string;
  readonly typeHash: string;
}

/**
 * The endpoint's matched and incompatible peers, as sets of GIDs so that one leaving and one
 * joining between two looks still count. `update` answers the events to deliver.
 */
export class EndpointEventState {
  private matched = new Set<string>();
  private incompatible = new Set<string>();
  private matchedTotal = 0;
  private incompatibleTotal = 0;

  constructor(private readonly endpoint: WatchedEndpoint) {}

  update(endpoints: readonly RmwEndpointInfo[]): {
    matched: MatchedInfo | undefined;
    incompatibleType: IncompatibleTypeStatus | undefined;
  } {
    const peerKind = this.endpoint.kind === 'publisher' ? 'subscription' : 'publisher';
    const matched = new Set<string>();
    const incompatible = new Set<string>();
    for (const e of endpoints) {
      if (e.kind !== peerKind || e.naming !== this.endpoint.naming || e.name !== this.endpoint.name) continue;
      // rmw_zenoh delivers between endpoints of one key expression: name, type and hash.
      const same = e.typeName === this.endpoint.typeName && e.typeHash === this.endpoint.typeHash;
      (same ? matched : incompatible).add(gidToHex(e.gid));
    }
    const joined = countNew(matched, this.matched);
    const left = countNew(this.matched, matched);
    const newlyIncompatible = countNew(incompatible, this.incompatible);
    this.matched = matched;
    this.incompatible = incompatible;
    this.matchedTotal += joined;
    this.incompatibleTotal += newlyIncompatible;
    return {
      matched:
        joined === 0 && left === 0
          ? undefined
          : {
              totalCount: this.matchedTotal,
              totalCountChange: joined,
              currentCount: matched.size,
              currentCountChange: joined - left,
            },
      incompatibleType:
        newlyIncompatible === 0
          ? undefined
          : { totalCount: this.incompatibleTotal, totalCountChange: newlyIncompatible },
    };
  }
}

function countNew(now: ReadonlySet<string>, before: ReadonlySet<string>): number {
  let n = 0;
  for (const g of now) if (!before.has(g)) n++;
  return n;
}

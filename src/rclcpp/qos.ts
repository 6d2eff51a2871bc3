/**
 * The rclcpp QoS value: immutable and chainable (every setter returns a new QoS, so the
 * shared profiles cannot be changed by accident). Default: reliable, volatile, keep-last 10.
 * A value that cannot be applied (depth 0, a negative deadline) is refused with
 * InvalidArgument when an entity is created with it, before anything is declared.
 */
import { describeThrown, describeValue, err, ok, type Result, type ResultOf } from '../result.js';
import {
  type Durability,
  type History,
  isQosValue,
  type LivelinessPolicy,
  type Reliability,
  type RmwQos,
} from '../rmw/qos.js';
import type { QoSLike } from './api.js';

const DEFAULT: RmwQos = {
  reliability: 'reliable',
  durability: 'volatile',
  history: 'keep_last',
  depth: 10,
  deadlineMs: 0,
  lifespanMs: 0,
  liveliness: 'automatic',
  livelinessLeaseMs: 0,
};

export class QoS implements QoSLike {
  private constructor(private readonly policies: RmwQos) {}

  /** reliable, volatile, keep-last 10 (rmw_qos_profile_default). */
  static default(): QoS {
    return new QoS(DEFAULT);
  }

  /**
   * Each policy is read once. One that cannot be read (a throwing getter, a revoked Proxy) is
   * kept as undefined, which creating an entity refuses with InvalidArgument like any invalid
   * policy: fromRmw itself never throws.
   */
  static fromRmw(policies: RmwQos): QoS {
    const read: Record<string, unknown> = {};
    const source = policies as unknown as Record<string, unknown>;
    for (const key of Object.keys(DEFAULT)) {
      try {
        if (typeof source === 'object' && source !== null && key in source) read[key] = source[key];
      } catch {
        read[key] = undefined;
      }
    }
    return new QoS(read as unknown as RmwQos);
  }

  // The profiles keep the values ROS 2 gives them, so a peer on the same profile matches. Their
  // SYSTEM_DEFAULT liveliness is written as automatic (what every rmw applies for it).

  /** rmw_qos_profile_sensor_data: best effort, volatile, keep-last 5. */
  static sensorData(): QoS {
    return new QoS({ ...DEFAULT, reliability: 'best_effort', depth: 5 });
  }
  /** rmw_qos_profile_services_default: reliable, volatile, keep-last 10. */
  static services(): QoS {
    return new QoS(DEFAULT);
  }
  /** rmw_qos_profile_parameters: reliable, volatile, keep-last 1000. */
  static parameters(): QoS {
    return new QoS({ ...DEFAULT, depth: 1000 });
  }
  /** rmw_qos_profile_parameter_events: reliable, volatile, keep-last 1000. */
  static parameterEvents(): QoS {
    return new QoS({ ...DEFAULT, depth: 1000 });
  }
  /** rclcpp::ClockQoS: keep-last 1 over the sensor-data profile (best effort, volatile). */
  static clock(): QoS {
    return new QoS({ ...DEFAULT, reliability: 'best_effort', depth: 1 });
  }
  /** rcl_qos_profile_rosout_default: reliable, transient local, keep-last 1000, lifespan 10 s. */
  static rosout(): QoS {
    return new QoS({ ...DEFAULT, durability: 'transient_local', depth: 1000, lifespanMs: 10_000 });
  }
  /** Refused: SYSTEM_DEFAULT means something different on every middleware. */
  static systemDefault(): ResultOf<QoS> {
    return err(
      'Unsupported',
      'QoS systemDefault is refused: its meaning differs per middleware; name the policies instead',
    );
  }

  reliable(): QoS {
    return this.with({ reliability: 'reliable' });
  }
  bestEffort(): QoS {
    return this.with({ reliability: 'best_effort' });
  }
  transientLocal(): QoS {
    return this.with({ durability: 'transient_local' });
  }
  durabilityVolatile(): QoS {
    return this.with({ durability: 'volatile' });
  }
  keepLast(depth: number): QoS {
    return this.with({ history: 'keep_last', depth });
  }
  /** The queue then grows up to the executor's keepAllLimit; past it samples are dropped and reported. */
  keepAll(): QoS {
    return this.with({ history: 'keep_all' });
  }
  /** 0 = infinite. */
  deadline(ms: number): QoS {
    return this.with({ deadlineMs: ms });
  }
  /** 0 = infinite. */
  lifespan(ms: number): QoS {
    return this.with({ lifespanMs: ms });
  }
  liveliness(kind: LivelinessPolicy, leaseMs = 0): QoS {
    return this.with({ liveliness: kind, livelinessLeaseMs: leaseMs });
  }

  get reliability(): Reliability {
    return this.policies.reliability;
  }
  get durability(): Durability {
    return this.policies.durability;
  }
  get history(): History {
    return this.policies.history;
  }
  get depth(): number {
    return this.policies.depth;
  }

  toRmw(): RmwQos {
    return { ...this.policies };
  }

  private with(change: Partial<RmwQos>): QoS {
    return new QoS({ ...this.policies, ...change });
  }
}

function isMs(x: unknown): boolean {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0;
}

/** Validates policies as an entity receives them (from a QoS or any QoSLike of a JS caller). */
export function checkRmwQos(argument: string, q: RmwQos): Result {
  const bad = (what: string): Result => err('InvalidArgument', `${argument}: ${what}`);
  for (const policy of ['reliability', 'durability', 'history'] as const) {
    if (!isQosValue(policy, q[policy])) return bad(`${policy} ${describeValue(q[policy])} is not a policy`);
  }
  if (q.history === 'keep_last' && (!Number.isInteger(q.depth) || q.depth < 1)) {
    return bad(`keep-last depth must be an integer >= 1, got ${describeValue(q.depth)}`);
  }
  if (!isQosValue('liveliness', q.liveliness)) return bad(`liveliness ${describeValue(q.liveliness)} is not a policy`);
  if (!isMs(q.deadlineMs)) return bad(`deadline must be finite ms >= 0, got ${describeValue(q.deadlineMs)}`);
  if (!isMs(q.lifespanMs)) return bad(`lifespan must be finite ms >= 0, got ${describeValue(q.lifespanMs)}`);
  if (!isMs(q.livelinessLeaseMs))
    return bad(`liveliness lease must be finite ms >= 0, got ${describeValue(q.livelinessLeaseMs)}`);
  return ok();
}

/** The topic whose lifespan rclts carries (in its token) without enforcing it, as rcl's rosout profile asks. */
const LIFESPAN_CARRIED_ON = '/rosout';

/**
 * Policies rmw_zenoh announces but does not enforce, refused rather than silently ignored:
 * deadline and liveliness (no such events or checks), and a publisher's lifespan (no expiry)
 * except on /rosout, whose rcl profile sets it and whose peers only read it from the token.
 */
export function checkHonouredQos(what: string, kind: string, name: string, q: RmwQos): Result {
  const refuse = (policy: string, why: string): Result =>
    err('Unsupported', `${what}: QoS ${policy} cannot be honoured (${why}); leave it unset`);
  if (q.deadlineMs !== 0) return refuse(`deadline of ${q.deadlineMs} ms`, 'rmw_zenoh has no deadline checks or events');
  if (q.liveliness !== 'automatic')
    return refuse(`liveliness ${q.liveliness}`, 'rmw_zenoh asserts liveliness only by its tokens');
  if (q.livelinessLeaseMs !== 0)
    return refuse(`liveliness lease of ${q.livelinessLeaseMs} ms`, 'rmw_zenoh has no liveliness events');
  // Lifespan is a writer's policy (a reader's is ignored, as in DDS).
  if (q.lifespanMs !== 0 && kind === 'publisher' && name !== LIFESPAN_CARRIED_ON)
    return refuse(`lifespan of ${q.lifespanMs} ms`, 'rmw_zenoh does not expire samples');
  return ok();
}

/**
 * The policies of an optional QoSLike argument (default when absent), validated. `toRmw`
 * and the policies it answers are read once, inside a try: a throwing getter or a Proxy
 * answers InvalidArgument.
 */
export function resolveQos(argument: string, qos: unknown, fallback: () => QoS = QoS.default): ResultOf<RmwQos> {
  if (qos === undefined) return ok(fallback().toRmw());
  const notQos = (): ResultOf<never> =>
    err('InvalidArgument', `${argument} must be a QoS (or an object with toRmw()), got ${describeValue(qos)}`);
  if (typeof qos !== 'object' || qos === null) return notQos();
  let policies: RmwQos;
  try {
    const toRmw: unknown = (qos as Partial<QoSLike>).toRmw;
    if (typeof toRmw !== 'function') return notQos();
    policies = { ...DEFAULT, ...(toRmw.call(qos) as RmwQos) };
  } catch (thrown) {
    return err('InvalidArgument', `${argument} could not be read: ${describeThrown(thrown)}`);
  }
  const checked = checkRmwQos(argument, policies);
  return checked.ok ? ok(policies) : checked;
}

import { describe, expect, it } from 'vitest';
import { QoS } from '../../../src/index.js';
import { checkRmwQos, resolveQos } from '../../../src/rclcpp/qos.js';
import type { RmwQos } from '../../../src/rmw/qos.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';
import { expectErr, unwrap } from '../../support/executor-fixture.js';

const DEFAULT: RmwQos = ROS_DEFAULT_QOS;

describe('QoS profiles, whole', () => {
  it('each profile sets exactly the policies ROS 2 gives it and leaves the rest at the default', () => {
    expect(QoS.default().toRmw()).toEqual(DEFAULT);
    expect(QoS.services().toRmw()).toEqual(DEFAULT);
    expect(QoS.sensorData().toRmw()).toEqual({ ...DEFAULT, reliability: 'best_effort', depth: 5 });
    expect(QoS.parameters().toRmw()).toEqual({ ...DEFAULT, depth: 1000 });
    expect(QoS.parameterEvents().toRmw()).toEqual({ ...DEFAULT, depth: 1000 });
    expect(QoS.clock().toRmw()).toEqual({ ...DEFAULT, reliability: 'best_effort', depth: 1 });
    expect(QoS.rosout().toRmw()).toEqual({
      ...DEFAULT,
      durability: 'transient_local',
      depth: 1000,
      lifespanMs: 10_000,
    });
  });

  it('each setter changes its own policies only, and the getters read them', () => {
    const q = QoS.default();
    expect(q.bestEffort().toRmw()).toEqual({ ...DEFAULT, reliability: 'best_effort' });
    expect(q.bestEffort().reliable().toRmw()).toEqual(DEFAULT);
    expect(q.transientLocal().toRmw()).toEqual({ ...DEFAULT, durability: 'transient_local' });
    expect(q.transientLocal().durabilityVolatile().toRmw()).toEqual(DEFAULT);
    expect(q.keepAll().toRmw()).toEqual({ ...DEFAULT, history: 'keep_all' });
    expect(q.keepAll().keepLast(4).toRmw()).toEqual({ ...DEFAULT, depth: 4 });
    expect(q.deadline(7).toRmw()).toEqual({ ...DEFAULT, deadlineMs: 7 });
    expect(q.lifespan(8).toRmw()).toEqual({ ...DEFAULT, lifespanMs: 8 });
    expect(q.liveliness('manual_by_topic').toRmw()).toEqual({ ...DEFAULT, liveliness: 'manual_by_topic' });
    const tuned = q.bestEffort().transientLocal().keepAll();
    expect([tuned.reliability, tuned.durability, tuned.history, q.keepLast(3).depth]).toEqual([
      'best_effort',
      'transient_local',
      'keep_all',
      3,
    ]);
    // toRmw hands out a copy: changing it changes nothing.
    const copy = q.toRmw() as { depth: number };
    copy.depth = 99;
    expect(q.depth).toBe(10);
  });
});

describe('QoS.fromRmw', () => {
  it('takes the policies given and keeps a missing one as undefined, which an entity refuses', () => {
    const given = { ...DEFAULT, reliability: 'best_effort' as const, depth: 3 };
    expect(QoS.fromRmw(given).toRmw()).toEqual(given);
    const { depth: _depth, ...noDepth } = DEFAULT;
    const partial = QoS.fromRmw(noDepth as RmwQos);
    expect(partial.depth).toBeUndefined();
    expect(expectErr(checkRmwQos('qos', partial.toRmw()))).toBe('InvalidArgument');
    // resolveQos fills what toRmw leaves out with the defaults before checking.
    expect(unwrap(resolveQos('qos', { toRmw: () => noDepth }))).toEqual(DEFAULT);
  });

  it('reads a throwing getter as undefined and never throws, whatever it is given', () => {
    const hostile = { ...DEFAULT };
    Object.defineProperty(hostile, 'durability', {
      get() {
        throw new Error('no');
      },
      enumerable: true,
    });
    const q = QoS.fromRmw(hostile);
    expect(q.durability).toBeUndefined();
    expect(q.reliability).toBe('reliable');
    expect(expectErr(checkRmwQos('qos', q.toRmw()))).toBe('InvalidArgument');
    for (const junk of [null, undefined, 5, 'x']) {
      expect(QoS.fromRmw(junk as unknown as RmwQos).toRmw()).toEqual({});
    }
  });
});

describe('checkRmwQos, one policy at a time', () => {
  it('accepts the default, keep-all with any depth, and zero durations', () => {
    expect(checkRmwQos('qos', DEFAULT).ok).toBe(true);
    expect(checkRmwQos('qos', { ...DEFAULT, history: 'keep_all', depth: 0 }).ok).toBe(true);
    expect(checkRmwQos('qos', { ...DEFAULT, depth: 1 }).ok).toBe(true);
    expect(checkRmwQos('qos', { ...DEFAULT, deadlineMs: 0.5, lifespanMs: 1, livelinessLeaseMs: 2 }).ok).toBe(true);
  });

  it('refuses each policy that is out of range, naming the argument', () => {
    const bad: Array<Partial<Record<keyof RmwQos, unknown>>> = [
      { reliability: 'sometimes' },
      { durability: 'forever' },
      { history: 'keep_some' },
      { depth: 0 },
      { depth: -1 },
      { depth: 2.5 },
      { depth: '3' },
      { liveliness: 'manual_by_node_please' },
      { deadlineMs: -1 },
      { deadlineMs: Number.POSITIVE_INFINITY },
      { deadlineMs: '5' },
      { lifespanMs: -0.5 },
      { lifespanMs: Number.NaN },
      { livelinessLeaseMs: -1 },
      { livelinessLeaseMs: Number.POSITIVE_INFINITY },
    ];
    for (const change of bad) {
      const r = checkRmwQos('my_qos', { ...DEFAULT, ...change } as RmwQos);
      expect(r.ok, JSON.stringify(change)).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message.startsWith('my_qos: ')).toBe(true);
      }
    }
  });
});

describe('resolveQos', () => {
  it('uses the fallback profile when no QoS is given, and the given one otherwise', () => {
    expect(unwrap(resolveQos('qos', undefined))).toEqual(DEFAULT);
    expect(unwrap(resolveQos('qos', undefined, QoS.sensorData))).toEqual(QoS.sensorData().toRmw());
    expect(unwrap(resolveQos('qos', QoS.clock(), QoS.sensorData))).toEqual(QoS.clock().toRmw());
  });

  it('refuses what is not a QoS-like object, and a toRmw that throws', () => {
    for (const notQos of [null, 5, 'reliable', { toRmw: 'x' }, {}]) {
      expect(expectErr(resolveQos('qos', notQos)), JSON.stringify(notQos)).toBe('InvalidArgument');
    }
    const throwing = {
      toRmw() {
        throw new Error('boom');
      },
    };
    const r = resolveQos('qos', throwing);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('boom');
    const getterThrows = Object.defineProperty({}, 'toRmw', {
      get() {
        throw new Error('getter');
      },
    });
    expect(expectErr(resolveQos('qos', getterThrows))).toBe('InvalidArgument');
    expect(expectErr(resolveQos('qos', { toRmw: () => ({ ...DEFAULT, depth: 0 }) }))).toBe('InvalidArgument');
  });

  it('calls toRmw on the object itself', () => {
    const like = {
      depth: 6,
      toRmw(this: { depth: number }): RmwQos {
        return { ...DEFAULT, depth: this.depth };
      },
    };
    expect(unwrap(resolveQos('qos', like)).depth).toBe(6);
  });
});

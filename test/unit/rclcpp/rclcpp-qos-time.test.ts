import { describe, expect, it } from 'vitest';
import { Clock, Duration, QoS, std_msgs, Time } from '../../../src/index.js';
import { resolveQos } from '../../../src/rclcpp/qos.js';
import { ROS_DEFAULT_QOS } from '../../support/ros-default-qos.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

describe('QoS', () => {
  it('defaults to reliable, volatile, keep-last 10 and chains without mutating', () => {
    const base = QoS.default();
    expect(base.toRmw()).toEqual(ROS_DEFAULT_QOS);
    const tuned = base
      .bestEffort()
      .transientLocal()
      .keepLast(3)
      .deadline(100)
      .lifespan(200)
      .liveliness('manual_by_topic', 50);
    expect(tuned.toRmw()).toMatchObject({
      reliability: 'best_effort',
      durability: 'transient_local',
      depth: 3,
      deadlineMs: 100,
      lifespanMs: 200,
      liveliness: 'manual_by_topic',
      livelinessLeaseMs: 50,
    });
    expect(base.depth).toBe(10);
    expect(tuned.reliable().durabilityVolatile().keepAll().toRmw()).toMatchObject({
      reliability: 'reliable',
      durability: 'volatile',
      history: 'keep_all',
    });
  });

  it('has the upstream profiles and refuses systemDefault', () => {
    expect(QoS.sensorData().toRmw()).toMatchObject({
      reliability: 'best_effort',
      durability: 'volatile',
      history: 'keep_last',
      depth: 5,
    });
    expect(QoS.services().toRmw()).toMatchObject({ reliability: 'reliable', depth: 10 });
    expect(QoS.parameters().toRmw()).toMatchObject({ reliability: 'reliable', depth: 1000 });
    expect(QoS.parameterEvents().toRmw()).toMatchObject({ reliability: 'reliable', depth: 1000 });
    expect(QoS.clock().toRmw()).toMatchObject({ reliability: 'best_effort', depth: 1 });
    expect(QoS.rosout().toRmw()).toMatchObject({ durability: 'transient_local', depth: 1000, lifespanMs: 10_000 });
    expect(expectErr(QoS.systemDefault())).toBe('Unsupported');
  });

  it('refuses depth 0 and bad durations when an entity is created, declaring nothing', () => {
    for (const bad of [
      QoS.default().keepLast(0),
      QoS.default().keepLast(1.5),
      QoS.default().deadline(-1),
      QoS.default().lifespan(Number.NaN),
    ]) {
      expect(expectErr(resolveQos('qos', bad))).toBe('InvalidArgument');
    }
    expect(resolveQos('qos', QoS.default().keepAll().keepLast(1)).ok).toBe(true);
    const { executor, node } = makeFixture();
    expect(expectErr(node.createSubscription(std_msgs.msg.String, 'q0', () => {}, QoS.default().keepLast(0)))).toBe(
      'InvalidArgument',
    );
    expect(expectErr(node.createPublisher(std_msgs.msg.String, 'q0', QoS.default().keepLast(0)))).toBe(
      'InvalidArgument',
    );
    expect(expectErr(node.createSubscription(std_msgs.msg.String, 'q0', () => {}, { toRmw: 5 } as never))).toBe(
      'InvalidArgument',
    );
    expect(executor.usage().used).toBe(0);
    expect(unwrap(node.countPublishers('q0'))).toBe(0);
  });

  it('actual QoS is read back from the backend', () => {
    const { node } = makeFixture();
    const pub = unwrap(node.createPublisher(std_msgs.msg.String, 'qos_rb', QoS.sensorData()));
    const q = pub.getActualQos();
    for (const v of Object.values(q)) expect(v).not.toBeUndefined();
    expect(['best_effort', 'reliable', 'unknown']).toContain(q.reliability);
    expect(q.depth).toBe(5);
    const sub = unwrap(node.createSubscription(std_msgs.msg.String, 'qos_rb', () => {}, QoS.sensorData()));
    const sq = unwrap(node.getEntityQos(sub));
    expect(sq.history).toBe('keep_last');
    const timer = unwrap(node.createWallTimer(1000, () => {}));
    expect(expectErr(node.getEntityQos(timer))).toBe('InvalidArgument');
    expect(unwrap(node.getEntityName(sub))).toBe('/qos_rb');
  });
});

describe('Duration', () => {
  it('is signed int64 nanoseconds with checked construction and arithmetic', () => {
    expect(unwrap(Duration.fromSeconds(1.5)).nanoseconds).toBe(1_500_000_000n);
    expect(unwrap(Duration.fromMs(-2)).nanoseconds).toBe(-2_000_000n);
    expect(unwrap(Duration.fromNs(7n)).nanoseconds).toBe(7n);
    const a = unwrap(Duration.fromMs(5));
    const b = unwrap(Duration.fromMs(3));
    expect(unwrap(a.plus(b)).toMs()).toBe(8);
    expect(unwrap(b.minus(a)).nanoseconds).toBe(-2_000_000n);
    expect([a.compare(b), b.compare(a), a.compare(a)].map(unwrap)).toEqual([1, -1, 0]);
    expect(expectErr(Duration.fromSeconds(Number.NaN))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromSeconds(1e12))).toBe('InvalidArgument');
    expect(expectErr(Duration.fromNs(2n ** 63n))).toBe('InvalidArgument');
    const max = unwrap(Duration.fromNs(2n ** 63n - 1n));
    expect(expectErr(max.plus(unwrap(Duration.fromNs(1n))))).toBe('Error');
  });
});

describe('Time and Clock', () => {
  it('system time is near Date.now(); differences are Durations; clocks do not mix', () => {
    const now = new Clock().now();
    expect(Math.abs(Number(now.nanoseconds / 1_000_000n) - Date.now())).toBeLessThan(1000);
    const later = unwrap(now.plus(unwrap(Duration.fromMs(10))));
    expect(unwrap(later.minus(now)).toMs()).toBe(10);
    expect(unwrap(later.compare(now))).toBe(1);
    const steady = new Clock('steady').now();
    expect(expectErr(steady.minus(now))).toBe('InvalidArgument');
    expect(expectErr(Time.fromNs(-1n))).toBe('InvalidArgument');
    const { node } = makeFixture();
    expect(node.getClock().clockType).toBe('ros');
    const before = node.getClock().now().nanoseconds;
    const read = node.now().nanoseconds;
    expect(read >= before && read <= node.getClock().now().nanoseconds).toBe(true);
  });
});

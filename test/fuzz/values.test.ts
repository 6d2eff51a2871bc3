/**
 * The value verbs (Duration, Time, Clock, QoS, the Result helpers) and Executor.create with
 * hostile numbers, strings and objects: each answers a value or a Result, never throws, and
 * a Result-producing constructor agrees with itself (ok values round-trip, errors are named).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  Clock,
  Duration,
  describeError,
  describeThrown,
  Executor,
  type ExecutorOptions,
  err,
  isRclError,
  type Node,
  QoS,
  Rate,
  std_msgs,
  Time,
} from '../../src/index.js';
import {
  hostileObject,
  NUMBERS,
  numberName,
  objectKind,
  STRINGS,
  stringName,
  thrownKind,
  thrownValue,
} from './hostile.js';
import { fuzz, installEscapeListeners, Probe, safeDescribe, uninstallEscapeListeners } from './probe.js';

const BIGINTS = {
  zero: 0n,
  one: 1n,
  neg: -1n,
  max: 2n ** 63n - 1n,
  min: -(2n ** 63n),
  over: 2n ** 63n,
  under: -(2n ** 63n) - 1n,
  huge: 2n ** 200n,
} as const;
const bigName = fc.constantFrom(...(Object.keys(BIGINTS) as (keyof typeof BIGINTS)[]));

describe('value verbs with hostile values', () => {
  let executor: Executor | undefined;
  let node: Node | undefined;
  const qosNode = (): Node => {
    if (node === undefined) throw new Error('no node');
    return node;
  };
  beforeAll(async () => {
    installEscapeListeners();
    const e = await Executor.create({});
    if (!e.ok) throw new Error(e.error.message);
    executor = e.value;
    const n = executor.createNode('fuzz_qos');
    if (!n.ok) throw new Error(n.error.message);
    node = n.value;
  });
  afterAll(async () => {
    await executor?.shutdown();
    uninstallEscapeListeners();
  });

  it('Duration, Time and Clock never throw and keep int64', async () => {
    await fuzz(
      300,
      fc.asyncProperty(numberName, bigName, bigName, stringName, async (n, b1, b2, s) => {
        const probe = new Probe({ n, b1, b2, s });
        const x = NUMBERS[n];
        const made = [
          probe.call(`Duration.fromMs(${n})`, () => Duration.fromMs(x)),
          probe.call(`Duration.fromSeconds(${n})`, () => Duration.fromSeconds(x)),
          probe.call(`Duration.fromNs(${b1})`, () => Duration.fromNs(BIGINTS[b1])),
          probe.call(`Duration.fromNs(${b2})`, () => Duration.fromNs(BIGINTS[b2])),
        ];
        const ds = made.flatMap((r) => (r?.ok ? [r.value] : []));
        for (const d of ds) {
          if (d.nanoseconds > 2n ** 63n - 1n || d.nanoseconds < -(2n ** 63n))
            probe.fail(`a Duration holds ${d.nanoseconds}, outside int64`);
          for (const e of ds) {
            probe.call('Duration.plus', () => d.plus(e));
            probe.call('Duration.minus', () => d.minus(e));
            probe.call('Duration.compare', () => d.compare(e), 'any');
          }
          probe.call('Duration.toMs/toSeconds/toString', () => [d.toMs(), d.toSeconds(), d.toString()], 'any');
        }
        const clockType = STRINGS[s] as never;
        const t = probe.call(`Time.fromNs(${b1}, ${s})`, () => Time.fromNs(BIGINTS[b1], clockType));
        const t2 = probe.call(`Time.fromNs(${b2})`, () => Time.fromNs(BIGINTS[b2]));
        if (t?.ok && t2?.ok) {
          probe.call('Time.minus', () => t.value.minus(t2.value));
          for (const d of ds) probe.call('Time.plus', () => t2.value.plus(d));
        }
        probe.call(`new Clock(${s}).now()`, () => new Clock(clockType).now(), 'any');
        await probe.finish();
        probe.assertClean();
      }),
    );
  });

  it('the time helpers given hostile objects answer Results or total values, never throw', async () => {
    await fuzz(
      200,
      fc.asyncProperty(objectKind, numberName, async (wrap, n) => {
        const probe = new Probe({ wrap, n });
        const d = Duration.fromMs(1);
        const t = Time.fromNs(1n, 'ros');
        if (!d.ok || !t.ok) return probe.fail('Duration.fromMs(1) or Time.fromNs(1n) failed');
        const asDuration = hostileObject(wrap, d.value);
        const asTime = hostileObject(wrap, t.value);
        const asMsg = hostileObject(wrap, { sec: NUMBERS[n], nanosec: 0 });
        probe.call(`Duration.compare(${wrap})`, () => d.value.compare(asDuration));
        probe.call(`Duration.equals(${wrap})`, () => d.value.equals(asDuration), 'any');
        probe.call(`Time.compare(${wrap})`, () => t.value.compare(asTime));
        probe.call(`Time.equals(${wrap})`, () => t.value.equals(asTime), 'any');
        probe.call(`Time.fromMsg(${wrap}, ${n})`, () => Time.fromMsg(asMsg));
        probe.call(`Duration.fromMsg(${wrap}, ${n})`, () => Duration.fromMsg(asMsg));
        const ros = new Clock('ros');
        probe.call(`setRosTimeOverride(${wrap})`, () => ros.setRosTimeOverride(asTime));
        probe.call(`createJumpHandler(${wrap})`, () =>
          ros.createJumpHandler(undefined, undefined, hostileObject(wrap, { onClockChange: true })),
        );
        probe.call(`Rate.create(${n}, ${wrap})`, () => Rate.create(NUMBERS[n], hostileObject(wrap, ros)));
        probe.call(`Rate.create(${wrap})`, () => Rate.create(asDuration));
        await probe.finish();
        probe.assertClean();
      }),
    );
  });

  it('QoS setters, profiles and fromRmw never throw', async () => {
    await fuzz(
      200,
      fc.asyncProperty(numberName, objectKind, async (n, wrap) => {
        const probe = new Probe({ n, wrap });
        const x = NUMBERS[n];
        probe.call(
          `QoS chain(${n})`,
          () =>
            QoS.default()
              .keepLast(x)
              .deadline(x)
              .lifespan(x)
              .liveliness('automatic', x)
              .keepAll()
              .bestEffort()
              .transientLocal(),
          'any',
        );
        probe.call('QoS.systemDefault()', () => QoS.systemDefault());
        const q = probe.call(
          `QoS.fromRmw(${wrap})`,
          () => QoS.fromRmw(hostileObject(wrap, QoS.default().toRmw())),
          'any',
        );
        if (q !== undefined) {
          probe.call('QoS.fromRmw(...).toRmw()', () => q.toRmw(), 'any');
          // A record that could not be read is refused where the QoS is used, by name.
          const pub = probe.call(`createPublisher with QoS.fromRmw(${wrap})`, () =>
            qosNode().createPublisher(std_msgs.msg.String, '/fuzz_qos', q),
          );
          const unreadable = wrap === 'throwingGetters' || wrap === 'throwingProxy' || wrap === 'revoked';
          if (unreadable && pub !== undefined && (pub.ok || pub.error.name !== 'InvalidArgument')) {
            probe.fail(
              `createPublisher with QoS.fromRmw(${wrap}) answered ${pub.ok ? 'ok' : pub.error.name}, not InvalidArgument`,
            );
          }
          if (pub?.ok) pub.value.destroy();
        }
        await probe.finish();
        probe.assertClean();
      }),
    );
  });

  it('the Result helpers describe anything without throwing', async () => {
    await fuzz(
      100,
      fc.asyncProperty(thrownKind, objectKind, stringName, async (thrown, wrap, s) => {
        const probe = new Probe({ thrown, wrap, s });
        probe.call(`describeThrown(${thrown})`, () => describeThrown(thrownValue(thrown)), 'any');
        probe.call(
          `describeThrown(${wrap} object)`,
          () => describeThrown(hostileObject(wrap, { message: 'm' })),
          'any',
        );
        probe.call(
          `isRclError(${wrap})`,
          () => isRclError(hostileObject(wrap, { code: -1, name: 'Error', message: 'm' })),
          'any',
        );
        probe.call(
          `describeError(${wrap})`,
          () => describeError(hostileObject(wrap, { code: -1, name: 'Error', message: 'm' }) as never),
          'any',
        );
        probe.call(`err('Error', ${s})`, () => err('Error', STRINGS[s]));
        await probe.finish();
        probe.assertClean();
      }),
    );
  });

  it('Executor.create with hostile options answers within its budget and never throws', {
    timeout: 60_000,
  }, async () => {
    const field = fc.constantFrom('router', 'backend', 'domainId', 'capacity', 'connectBudgetMs', 'keepAllLimit');
    await fuzz(
      80,
      fc.asyncProperty(field, numberName, stringName, objectKind, async (f, n, s, wrap) => {
        const probe = new Probe({ f, n, s, wrap });
        const value = f === 'router' || f === 'backend' ? STRINGS[s] : NUMBERS[n];
        // A real-looking router with a short budget: the connect attempt must end within it.
        const opts: ExecutorOptions = hostileObject(wrap, {
          [f]: value,
          ...(f === 'router' ? { connectBudgetMs: 300 } : {}),
        });
        const r = await probe.wait(
          `Executor.create({${f}: ${f === 'router' || f === 'backend' ? s : n}}, ${wrap})`,
          300,
          () => Executor.create(opts),
        );
        if (r?.ok) await probe.wait('shutdown', 0, () => r.value.shutdown());
        else if (r !== undefined && typeof r.error.message !== 'string')
          probe.fail(`error message ${safeDescribe(r.error.message)}`);
        await probe.finish();
        probe.assertClean();
      }),
    );
  });
});

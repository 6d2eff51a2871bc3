/**
 * The vrobots op language: every handle verb (commands, services, state, command bus, tools,
 * lifecycle) with hostile arguments, as plain data; and its interpreter.
 */
import fc from 'fast-check';
import type { CommandId, VirtualRobot } from '../../src/vrobots/index.js';
import {
  budgetName,
  hostileObject,
  NUMBERS,
  type NumberName,
  numberName,
  type ObjectKind,
  objectKind,
  revoked,
  STRINGS,
  type StringName,
  stringName,
  type ThrownKind,
  thrownKind,
  thrownValue,
  throwingThenable,
} from './hostile.js';
import { CAP_MS, type Probe, validBudget } from './probe.js';
import { runService, SERVICE_VERBS, type ServiceVerb, type VrBudgets } from './vrobots-services.js';

export const ARRAY_KINDS = ['two', 'four', 'empty', 'sparse', 'long', 'proxy', 'revoked', 'getter', 'frozen'] as const;
export type ArrayKind = (typeof ARRAY_KINDS)[number];

/** A number array of the named shape, filled with `n`. */
export function numbers(kind: ArrayKind, n: number): number[] {
  switch (kind) {
    case 'two':
      return [n, n];
    case 'four':
      return [n, n, n, n];
    case 'empty':
      return [];
    case 'sparse':
      return new Array<number>(4);
    case 'long':
      return new Array<number>(1 << 20).fill(n);
    case 'proxy':
      return hostileObject('throwingProxy', [n, n, n, n]);
    case 'revoked':
      return revoked([n, n, n, n]);
    case 'getter': {
      const a = [n, n, n, n];
      Object.defineProperty(a, 0, {
        get() {
          throw new Error('fuzz: hostile element');
        },
      });
      return a;
    }
    case 'frozen':
      return Object.freeze([n, n, n, n]) as number[];
  }
}

export type VrOp =
  | { readonly op: 'pwm'; readonly arr: ArrayKind; readonly n: NumberName }
  | { readonly op: 'throttle'; readonly arr: ArrayKind; readonly n: NumberName }
  | { readonly op: 'car'; readonly a: NumberName; readonly b: NumberName }
  | {
      readonly op: 'vec';
      readonly verb: 'setBodyForce' | 'setBodyTorque' | 'setAngvel';
      readonly wrap: ObjectKind;
      readonly tuple: boolean;
      readonly n: NumberName;
    }
  | {
      readonly op: 'scalar';
      readonly verb: 'setMsdForce' | 'setCartpoleForce' | 'setFwThrust' | 'setFwThrustBias';
      readonly n: NumberName;
    }
  | { readonly op: 'fw'; readonly arr: ArrayKind; readonly n: NumberName }
  | {
      readonly op: 'sendCmd';
      readonly id: NumberName;
      readonly wrap: ObjectKind;
      readonly arr: ArrayKind;
      readonly n: NumberName;
    }
  | { readonly op: 'estimate'; readonly wrap: ObjectKind; readonly name: StringName }
  | {
      readonly op: 'service';
      readonly verb: ServiceVerb;
      readonly wrap: ObjectKind;
      readonly s: StringName;
      readonly n: NumberName;
    }
  | { readonly op: 'waitNewState'; readonly budget: NumberName }
  | { readonly op: 'rate'; readonly hz: NumberName }
  | {
      readonly op: 'bus';
      readonly id: NumberName;
      readonly wrap: ObjectKind;
      readonly n: NumberName;
      readonly budget: NumberName;
    }
  | { readonly op: 'tools'; readonly key: StringName; readonly window: NumberName }
  | { readonly op: 'queries' }
  | { readonly op: 'listen'; readonly event: RobotEvent; readonly act: ListenerAct; readonly thrown: ThrownKind }
  | { readonly op: 'lifecycle'; readonly verb: 'activate' | 'reset' | 'close' | 'delete'; readonly wrap: ObjectKind };

export const ROBOT_EVENTS = ['state', 'deleted', 'connectionLost', 'connectionRestored'] as const;
export type RobotEvent = (typeof ROBOT_EVENTS)[number];
export const LISTENER_ACTS = ['throw', 'reject', 'rejectLater', 'thenableThrows', 'waitNewState', 'close'] as const;
export type ListenerAct = (typeof LISTENER_ACTS)[number];

const arr = fc.constantFrom(...ARRAY_KINDS);
const lifecycle = fc.record({
  op: fc.constant('lifecycle' as const),
  verb: fc.constantFrom('activate' as const, 'reset' as const, 'close' as const, 'delete' as const),
  wrap: objectKind,
});

export const vrOp: fc.Arbitrary<VrOp> = fc.oneof(
  fc.record({ op: fc.constant('pwm' as const), arr, n: numberName }),
  fc.record({ op: fc.constant('throttle' as const), arr, n: numberName }),
  fc.record({ op: fc.constant('car' as const), a: numberName, b: numberName }),
  fc.record({
    op: fc.constant('vec' as const),
    verb: fc.constantFrom('setBodyForce' as const, 'setBodyTorque' as const, 'setAngvel' as const),
    wrap: objectKind,
    tuple: fc.boolean(),
    n: numberName,
  }),
  fc.record({
    op: fc.constant('scalar' as const),
    verb: fc.constantFrom(
      'setMsdForce' as const,
      'setCartpoleForce' as const,
      'setFwThrust' as const,
      'setFwThrustBias' as const,
    ),
    n: numberName,
  }),
  fc.record({ op: fc.constant('fw' as const), arr, n: numberName }),
  fc.record({ op: fc.constant('sendCmd' as const), id: numberName, wrap: objectKind, arr, n: numberName }),
  fc.record({ op: fc.constant('estimate' as const), wrap: objectKind, name: stringName }),
  fc.record({
    op: fc.constant('service' as const),
    verb: fc.constantFrom(...SERVICE_VERBS),
    wrap: objectKind,
    s: stringName,
    n: numberName,
  }),
  fc.record({ op: fc.constant('waitNewState' as const), budget: budgetName }),
  fc.record({ op: fc.constant('rate' as const), hz: numberName }),
  fc.record({ op: fc.constant('bus' as const), id: numberName, wrap: objectKind, n: numberName, budget: budgetName }),
  fc.record({ op: fc.constant('tools' as const), key: stringName, window: numberName }),
  fc.constant({ op: 'queries' as const }),
  fc.record({
    op: fc.constant('listen' as const),
    event: fc.constantFrom(...ROBOT_EVENTS),
    act: fc.constantFrom(...LISTENER_ACTS),
    thrown: thrownKind,
  }),
  { arbitrary: lifecycle, weight: 1 },
) as fc.Arbitrary<VrOp>;

const windowBound = (w: number): number => {
  const v = validBudget(w);
  return v === undefined || v > CAP_MS ? 0 : v;
};

export async function runVrOp(probe: Probe, robot: VirtualRobot, o: VrOp, b: VrBudgets): Promise<void> {
  const n = (name: NumberName) => NUMBERS[name];
  switch (o.op) {
    case 'pwm':
      probe.call(`setMrPwm(${o.arr} of ${o.n})`, () => robot.setMrPwm(numbers(o.arr, n(o.n))));
      return;
    case 'throttle':
      probe.call(`setMrThrottle(${o.arr} of ${o.n})`, () => robot.setMrThrottle(numbers(o.arr, n(o.n))));
      return;
    case 'car':
      probe.call(`setCar(${o.a}, ${o.b})`, () => robot.setCar(n(o.a), n(o.b), n(o.a)));
      return;
    case 'vec': {
      const x = n(o.n);
      const v = o.tuple ? hostileObject(o.wrap, [x, x, x] as const) : hostileObject(o.wrap, { x, y: x, z: x });
      probe.call(`${o.verb}(${o.wrap} ${o.tuple ? 'tuple' : 'xyz'} of ${o.n})`, () => robot[o.verb](v));
      return;
    }
    case 'scalar':
      probe.call(`${o.verb}(${o.n})`, () => robot[o.verb](n(o.n)));
      return;
    case 'fw':
      probe.call(`setFwSurfaces(${o.arr} of ${o.n})`, () => robot.setFwSurfaces(numbers(o.arr, n(o.n))));
      probe.call('setFwCtrlMode(1)', () => robot.setFwCtrlMode(1));
      probe.call('setFwEstSource(0)', () => robot.setFwEstSource(0));
      return;
    case 'sendCmd':
      probe.call(`sendCmd(${o.id}, ${o.wrap} floatArr ${o.arr})`, () =>
        robot.sendCmd(
          n(o.id) as CommandId,
          hostileObject(o.wrap, { floatArr: numbers(o.arr, n(o.n)), intVal: n(o.n) }),
        ),
      );
      return;
    case 'estimate':
      probe.call(`publishEstimate(${o.wrap}, ${o.name})`, () =>
        robot.publishEstimate(
          hostileObject(o.wrap, { pose: { position: { x: 1, y: 2, z: 3 } } }) as never,
          STRINGS[o.name],
        ),
      );
      return;
    case 'service':
      return runService(probe, robot, o, b);
    case 'waitNewState': {
      const budget = n(o.budget);
      const v = validBudget(budget);
      // A budget too long to sit through: checked to be accepted or refused, not waited for.
      if (v !== undefined && v > CAP_MS) return;
      await probe.wait(`waitNewState(${o.budget})`, v ?? 0, () => robot.waitNewState(budget));
      return;
    }
    case 'rate': {
      const r = probe.call(`rate(${o.hz})`, () => robot.rate(n(o.hz)));
      if (r?.ok) {
        const hz = n(o.hz);
        const periodMs = 1000 / hz;
        if (periodMs <= CAP_MS) {
          await probe.wait(`rate(${o.hz}).sleep()`, periodMs, () => r.value.sleep(), 'any');
          probe.call('rate.overruns()', () => r.value.overruns(), 'any');
          probe.call('rate.reset()', () => r.value.reset(), 'any');
        }
      }
      return;
    }
    case 'bus': {
      const opts = hostileObject(o.wrap, { ignoreSrcId: n(o.n), freshMs: n(o.n) });
      const s = probe.call(`subscribeCommand(${o.id}, ${o.wrap} of ${o.n})`, () =>
        robot.subscribeCommand(n(o.id) as CommandId, opts),
      );
      if (!s?.ok) return;
      probe.call('stream.fresh()', () => s.value.fresh(), 'any');
      probe.call('stream.latest()', () => s.value.latest(), 'any');
      probe.call('stream.stats()', () => s.value.stats(), 'any');
      const budget = n(o.budget);
      const v = validBudget(budget);
      if (v === undefined || v <= CAP_MS)
        await probe.wait(`waitNewSetpoint(${o.budget})`, v ?? 0, () => s.value.waitNewSetpoint(budget));
      probe.call('stream.close()', () => s.value.close(), 'any');
      probe.call('stream.close() again', () => s.value.close(), 'any');
      return;
    }
    case 'tools': {
      const w = n(o.window);
      if (validBudget(w) !== undefined && (validBudget(w) ?? 0) > CAP_MS) return;
      await probe.wait(`listTopics(${o.window})`, windowBound(w), () => robot.listTopics(w));
      await probe.wait(`measureRate(${o.key}, ${o.window})`, windowBound(w), () =>
        robot.measureRate(STRINGS[o.key], w),
      );
      return;
    }
    case 'queries':
      for (const [label, f] of [
        ['states', () => robot.states()],
        ['stats', () => robot.stats()],
        ['version', () => robot.version()],
        ['connectTimings', () => robot.connectTimings()],
        ['isConnected', () => robot.isConnected()],
        ['isDeleted', () => robot.isDeleted()],
      ] as const satisfies readonly (readonly [string, () => unknown])[]) {
        probe.call<unknown>(label, f, 'any');
      }
      return;
    case 'listen': {
      const listener = (): unknown => {
        switch (o.act) {
          case 'throw':
            throw thrownValue(o.thrown);
          case 'reject':
            return Promise.reject(thrownValue(o.thrown));
          case 'rejectLater':
            return new Promise((_, reject) => setTimeout(() => reject(thrownValue(o.thrown)), 1));
          case 'thenableThrows':
            return throwingThenable(thrownValue(o.thrown));
          case 'waitNewState':
            probe.background('waitNewState(50) inside a listener', 50, () => robot.waitNewState(50));
            return undefined;
          case 'close':
            probe.background('close() inside a listener', 0, () => robot.close());
            return undefined;
        }
      };
      probe.call(`robot.on(${o.event}, ${o.act})`, () => robot.on(o.event, listener as never), 'any');
      // Let a few state samples reach the listener.
      await probe.wait('waitNewState(200) after on()', 200, () => robot.waitNewState(200));
      return;
    }
    case 'lifecycle': {
      const bound = o.verb === 'delete' ? b.serviceMs + 1000 : b.serviceMs;
      const pose = hostileObject(o.wrap, { position: { x: 0, y: 0, z: 1 } });
      const f = o.verb === 'reset' ? () => robot.reset(pose as never) : () => robot[o.verb]();
      await probe.wait(`${o.verb}(${o.verb === 'reset' ? o.wrap : ''})`, bound, f);
      return;
    }
  }
}

/**
 * Property: random sequences of create / copy / trigger / publish / spin / reset never throw,
 * and no handle (original, copy, stale or reset) ever reaches another entry: its verbs act on
 * its own entity or answer an error, and only live entities' callbacks run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EntityHandle, type GuardCondition, type Publisher, QoS, std_msgs } from '../../../src/index.js';
import { makeFixture, settle } from '../../support/executor-fixture.js';

type Op =
  | { readonly kind: 'createGuard' }
  | { readonly kind: 'createSub' }
  | { readonly kind: 'copy'; readonly pick: number }
  | { readonly kind: 'trigger'; readonly pick: number }
  | { readonly kind: 'publish'; readonly pick: number }
  | { readonly kind: 'reset'; readonly pick: number }
  | { readonly kind: 'spin' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'createGuard' }),
  fc.constant<Op>({ kind: 'createSub' }),
  fc.nat(50).map<Op>((pick) => ({ kind: 'copy', pick })),
  fc.nat(50).map<Op>((pick) => ({ kind: 'trigger', pick })),
  fc.nat(50).map<Op>((pick) => ({ kind: 'publish', pick })),
  fc.nat(50).map<Op>((pick) => ({ kind: 'reset', pick })),
  fc.constant<Op>({ kind: 'spin' }),
);

interface Entity {
  readonly id: number;
  readonly kind: 'guard' | 'sub';
  readonly name: string;
  alive: boolean;
  /** guard: triggered and not yet dispatched; sub: messages not yet handled */
  pending: number;
}

interface HandleCopy {
  readonly handle: EntityHandle;
  readonly entity: Entity;
  /** this very object was reset (it is empty now) */
  empty: boolean;
}

const CAPACITY = 4;

async function run(ops: readonly Op[]): Promise<void> {
  const { executor, node } = makeFixture({ capacity: CAPACITY, keepAllLimit: 1000 });
  const entities: Entity[] = [];
  const handles: HandleCopy[] = [];
  const publishers = new Map<number, Publisher<std_msgs.msg.String>>();
  const fired: number[] = [];
  const live = () => entities.filter((e) => e.alive).length;
  const copyOf = (h: EntityHandle): EntityHandle =>
    Object.assign(Object.create(Object.getPrototypeOf(h) as object) as EntityHandle, {
      executor: h.executor,
      handleId: h.handleId,
    });

  const spinAndCheck = async (): Promise<void> => {
    await settle();
    fired.length = 0;
    const report = executor.spinSome();
    expect(report.ok).toBe(true);
    // Only live entities with pending work run, each at most once per round.
    expect(new Set(fired).size).toBe(fired.length);
    for (const id of fired) {
      const e = entities[id] as Entity;
      expect(e.alive).toBe(true);
      expect(e.pending).toBeGreaterThan(0);
      e.pending = e.kind === 'guard' ? 0 : e.pending - 1;
    }
    // Every live entity with pending work ran.
    for (const e of entities) if (e.alive && e.pending > 0 && e.kind === 'guard') expect(fired).toContain(e.id);
  };

  for (const o of ops) {
    switch (o.kind) {
      case 'createGuard':
      case 'createSub': {
        const id = entities.length;
        const entity: Entity = {
          id,
          kind: o.kind === 'createGuard' ? 'guard' : 'sub',
          name: o.kind === 'createGuard' ? 'guard condition' : `/t${id}`,
          alive: true,
          pending: 0,
        };
        const made =
          entity.kind === 'guard'
            ? node.createGuardCondition(() => fired.push(id))
            : node.createSubscription(std_msgs.msg.String, `t${id}`, () => fired.push(id), QoS.default().keepAll());
        if (live() >= CAPACITY) {
          expect(made.ok ? 'ok' : made.error.name).toBe('Full');
          break;
        }
        if (!made.ok) throw new Error(made.error.message);
        entities.push(entity);
        handles.push({ handle: made.value, entity, empty: false });
        if (entity.kind === 'sub') {
          const pub = node.createPublisher(std_msgs.msg.String, `t${id}`);
          if (pub.ok) publishers.set(id, pub.value);
        }
        break;
      }
      case 'copy': {
        const h = handles[o.pick % Math.max(1, handles.length)];
        if (h === undefined) break;
        // A copy of an empty handle is a copy of an empty handle.
        handles.push({ handle: copyOf(h.handle), entity: h.entity, empty: h.empty });
        break;
      }
      case 'trigger': {
        const h = handles[o.pick % Math.max(1, handles.length)];
        if (h === undefined || h.entity.kind !== 'guard') break;
        const r = (h.handle as GuardCondition).trigger();
        const expected = h.empty ? 'NotInitialized' : h.entity.alive ? 'ok' : 'Error';
        expect(r.ok ? 'ok' : r.error.name).toBe(expected);
        if (r.ok) h.entity.pending = 1;
        break;
      }
      case 'publish': {
        const subs = entities.filter((e) => e.kind === 'sub');
        const e = subs[o.pick % Math.max(1, subs.length)];
        if (e === undefined) break;
        const pub = publishers.get(e.id);
        if (pub === undefined) break;
        expect(pub.publish({ data: String(e.id) }).ok).toBe(true);
        if (e.alive) e.pending++;
        break;
      }
      case 'reset': {
        const h = handles[o.pick % Math.max(1, handles.length)];
        if (h === undefined) break;
        const r = h.handle.reset();
        const expected = h.empty ? 'NotInitialized' : h.entity.alive ? 'ok' : 'Error';
        expect(r.ok ? 'ok' : r.error.name).toBe(expected);
        if (r.ok) {
          h.entity.alive = false;
          h.entity.pending = 0;
          h.empty = true;
        }
        break;
      }
      case 'spin':
        await spinAndCheck();
        break;
    }
    // Every handle answers for its own entity or errs; never for another.
    for (const h of handles) {
      const valid = !h.empty && h.entity.alive;
      expect(node.isValid(h.handle)).toBe(valid);
      const name = node.getEntityName(h.handle);
      expect(name.ok ? name.value : 'error').toBe(valid ? h.entity.name : 'error');
    }
    expect(executor.usage().used).toBe(live());
  }
  // Drain: everything still pending on live entities is delivered, nothing else.
  for (let i = 0; i < 200 && entities.some((e) => e.alive && e.pending > 0); i++) await spinAndCheck();
  for (const e of entities) if (e.alive) expect(e.pending).toBe(0);
  await executor.shutdown();
}

describe('arena property', () => {
  it('no call throws and no handle ever reaches another entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), async (ops) => {
        await run(ops);
      }),
      { numRuns: 150 },
    );
  });
});

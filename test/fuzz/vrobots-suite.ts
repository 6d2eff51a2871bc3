/**
 * The vrobots fuzz, written once and run on each backend against the headless simulator:
 * VirtualRobot.connect with hostile types, ids and ConnectOptions, then random programs of
 * handle verbs with hostile arguments. Each run checks the contract and that the robot still
 * receives state afterwards (when it was neither closed nor deleted).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Executor } from '../../src/index.js';
import { type ConnectOptions, type Simulator, startSimulator, VirtualRobot } from '../../src/vrobots/index.js';
import { hostileObject, NUMBERS, numberName, objectKind, STRINGS, stringName, thrownKind } from './hostile.js';
import { fuzz, installEscapeListeners, Probe, SLACK_MS, uninstallEscapeListeners } from './probe.js';
import { LISTENER_ACTS, runVrOp, vrOp } from './vrobots-ops.js';

export interface VrFuzzBackend {
  readonly name: 'local' | 'zenoh';
  /** Starts what the backend needs (zenoh: a router of this file's own); answers the router locator. */
  setup(): Promise<string | undefined>;
  teardown(): Promise<void>;
  readonly runs: number;
}

/** Short budgets, so a run that waits them out stays short. */
const BASE = { connectTimeoutMs: 1500, probeTimeoutMs: 1500, serviceTimeoutMs: 600, cameraTimeoutMs: 600 } as const;
const BUDGETS = { serviceMs: BASE.serviceTimeoutMs, cameraMs: BASE.cameraTimeoutMs } as const;
const FIELDS = [
  'srcId',
  'connectTimeoutMs',
  'probeTimeoutMs',
  'serviceTimeoutMs',
  'cameraTimeoutMs',
  'robotName',
  'clientName',
  'startActive',
  'activateAfterCreate',
  'coordFrameId',
  'axisConvention',
  'router',
  'executor',
] as const;
const TYPES = ['multirotor', 'truck', 'msd', 'cartpole', 'halfdrone', 'rq4b'] as const;
/** Scene-authored robots (not creatable): attached by id, never deleted by a run. */
const SCENE = ['halfdrone', 'cartpole', 'globalhawk'] as const;
const sceneId = (type: string): number | undefined => {
  const i = (SCENE as readonly string[]).indexOf(type === 'rq4b' ? 'globalhawk' : type);
  return i < 0 ? undefined : i;
};

export function defineVrobotsFuzz(backend: VrFuzzBackend): void {
  describe(`vrobots fuzz on the ${backend.name} backend`, () => {
    let router: string | undefined;
    let sim: Simulator;
    const withRouter = (o: ConnectOptions): ConnectOptions => (router === undefined ? o : { router, ...o });

    beforeAll(async () => {
      installEscapeListeners();
      router = await backend.setup();
      const started = await startSimulator({ robots: [...SCENE], serviceDelayMs: 0, ...(router ? { router } : {}) });
      if (!started.ok) throw new Error(started.error.message);
      sim = started.value;
    }, 30_000);

    afterAll(async () => {
      await sim?.stop();
      await backend.teardown();
      uninstallEscapeListeners();
    });

    /** Deletes what a run created (the scene robots stay). */
    const cleanup = () => {
      for (const r of sim.robots()) if (r.sysId >= SCENE.length) sim.deleteRobot(r.sysId);
    };

    it('connect with hostile types, ids and options answers within its budgets', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(
          fc.record({
            type: fc.oneof(fc.constantFrom(...TYPES), stringName),
            sysId: fc.oneof(fc.constant('absent' as const), fc.constant('scene' as const), numberName),
            field: fc.constantFrom(...FIELDS),
            n: numberName,
            s: stringName,
            wrap: fc.oneof(
              { weight: 3, arbitrary: fc.constant('plain' as const) },
              { weight: 1, arbitrary: objectKind },
            ),
          }),
          async (c) => {
            const probe = new Probe(c);
            const type = (TYPES as readonly string[]).includes(c.type)
              ? c.type
              : STRINGS[c.type as keyof typeof STRINGS];
            const sysId = c.sysId === 'absent' ? undefined : c.sysId === 'scene' ? 0 : NUMBERS[c.sysId];
            let own: Executor | undefined;
            let value: unknown;
            if (
              c.field === 'robotName' ||
              c.field === 'clientName' ||
              c.field === 'coordFrameId' ||
              c.field === 'router'
            )
              value = STRINGS[c.s];
            else if (c.field === 'startActive' || c.field === 'activateAfterCreate') value = NUMBERS[c.n] > 0;
            else if (c.field === 'executor') {
              const e = await Executor.create(router ? { router } : {});
              own = e.ok ? e.value : undefined;
              if (own && c.n === 'zero') await own.shutdown();
              value = own === undefined ? undefined : hostileObject(c.wrap, own);
            } else value = NUMBERS[c.n];
            const options = hostileObject(
              c.wrap === 'plain' || c.field === 'executor' ? 'plain' : c.wrap,
              withRouter({ ...BASE, [c.field]: value }),
            );
            const bound = BASE.connectTimeoutMs * 2 + BASE.probeTimeoutMs + BASE.serviceTimeoutMs * 2;
            const r = await probe.wait(
              `VirtualRobot.connect(${c.type}, ${c.sysId}, {${c.field}: ${c.field === 'executor' ? c.wrap : c.n}})`,
              bound,
              () => VirtualRobot.connect(type, sysId, options),
            );
            if (r?.ok) {
              await probe.wait('robot.close()', 0, () => r.value.close());
              await probe.wait('robot.close() again', 0, () => r.value.close());
            }
            if (own) {
              own.cancel();
              await probe.wait('caller executor shutdown', 0, () => own.shutdown());
            }
            cleanup();
            await probe.finish();
            probe.assertClean();
          },
        ),
        90_000,
      );
    });

    it('connect and services under simulator faults end within their budgets', { timeout: 120_000 }, async () => {
      const TIGHT = {
        connectTimeoutMs: 800,
        probeTimeoutMs: 800,
        serviceTimeoutMs: 400,
        cameraTimeoutMs: 400,
      } as const;
      await fuzz(
        Math.max(2, Math.round(backend.runs / 12)),
        fc.asyncProperty(
          fc.record({
            selector: fc.constantFrom('*', 'create', 'activate', 'skin', 'reset', 'frame'),
            delayMs: fc.constantFrom(0, 50, 450, 1200),
            drop: fc.constantFrom(0, 1, 3, Number.POSITIVE_INFINITY),
            paused: fc.boolean(),
          }),
          async (c) => {
            const probe = new Probe(c);
            sim.faults.setReplyFault(c.selector, { delayMs: c.delayMs, drop: c.drop });
            if (c.paused) sim.faults.pausePublishing();
            const bound = TIGHT.connectTimeoutMs * 2 + TIGHT.probeTimeoutMs + TIGHT.serviceTimeoutMs * 2;
            const r = await probe.wait(`connect(multirotor) under ${c.selector} fault`, bound, () =>
              VirtualRobot.connect('multirotor', undefined, withRouter(TIGHT)),
            );
            if (r?.ok) {
              const robot = r.value;
              await probe.wait('setSkin(default)', TIGHT.serviceTimeoutMs, () => robot.setSkin('default'));
              await probe.wait('skin()', TIGHT.serviceTimeoutMs, () => robot.skin());
              await probe.wait('reset()', TIGHT.serviceTimeoutMs, () => robot.reset());
              await probe.wait('sceneFrame()', TIGHT.serviceTimeoutMs, () => robot.sceneFrame());
              await probe.wait('waitNewState(300)', 300, () => robot.waitNewState(300));
              await probe.wait('close()', 0, () => robot.close());
            }
            sim.faults.clearReplyFaults();
            sim.faults.resumePublishing();
            // A late create lands after the connect gave up: let it, then remove what it made.
            await new Promise((resolve) => setTimeout(resolve, c.delayMs));
            cleanup();
            await probe.finish();
            probe.assertClean();
          },
        ),
        90_000,
      );
    });

    it('a state listener that throws, rejects or returns a hostile thenable never escapes', {
      timeout: 60_000,
    }, async () => {
      await fuzz(
        Math.max(4, Math.round(backend.runs / 3)),
        fc.asyncProperty(fc.constantFrom(...LISTENER_ACTS), thrownKind, async (act, thrown) => {
          const probe = new Probe({ act, thrown });
          const r = await probe.wait('connect(halfdrone)', 5000, () =>
            VirtualRobot.connect('halfdrone', 0, withRouter(BASE)),
          );
          if (r === undefined || !r.ok)
            return probe.abort(`connect failed: ${r?.ok === false ? r.error.message : '?'}`);
          await runVrOp(probe, r.value, { op: 'listen', event: 'state', act, thrown }, BUDGETS);
          if (act !== 'close') {
            const s = await probe.wait('waitNewState(2000) (still receiving)', 2000, () => r.value.waitNewState(2000));
            if (s !== undefined && !s.ok) probe.fail(`the robot no longer receives state: ${s.error.message}`);
          }
          await probe.wait('robot.close()', SLACK_MS, () => r.value.close());
          await probe.finish();
          probe.assertClean();
        }),
      );
    });

    it('random programs of handle verbs with hostile arguments keep the contract', { timeout: 120_000 }, async () => {
      await fuzz(
        backend.runs,
        fc.asyncProperty(
          fc.constantFrom(...TYPES),
          fc.array(vrOp, { minLength: 1, maxLength: 10 }),
          async (type, ops) => {
            const probe = new Probe({ type, ops });
            const r = await probe.wait(`connect(${type})`, 5000, () =>
              VirtualRobot.connect(type, sceneId(type), withRouter(BASE)),
            );
            if (r === undefined || !r.ok)
              return probe.abort(`connect(${type}) failed: ${r?.ok === false ? r.error.message : '?'}`);
            const robot = r.value;
            let ended = false;
            // A scene robot cannot be re-created: a run attached to one closes instead of deleting it.
            const scene = sceneId(type) !== undefined;
            for (const raw of ops) {
              const o =
                scene && raw.op === 'lifecycle' && raw.verb === 'delete' ? { ...raw, verb: 'close' as const } : raw;
              await runVrOp(probe, robot, o, BUDGETS);
              if (o.op === 'lifecycle' && (o.verb === 'close' || o.verb === 'delete')) ended = true;
              if (o.op === 'listen' && o.act === 'close') ended = true;
            }
            if (!ended) {
              // Still alive: a new state sample arrives.
              const s = await probe.wait('waitNewState(2000) (still receiving)', 2000, () => robot.waitNewState(2000));
              if (s !== undefined && !s.ok) probe.fail(`the robot no longer receives state: ${s.error.message}`);
            }
            await probe.wait('robot.close()', SLACK_MS, () => robot.close());
            cleanup();
            await probe.finish();
            probe.assertClean();
          },
        ),
        90_000,
      );
    });
  });
}

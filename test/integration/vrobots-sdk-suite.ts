/**
 * The SDK against the headless simulator, written once and run on BOTH backends (one test
 * file each, so they run in parallel): in-process (no router) and a real zenoh router (its
 * own per file: the vrobots keys are fixed, another file's simulator on a shared router
 * would answer the same manager keys). The simulator's counters are the witness of what
 * actually reached it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { Executor } from '../../src/index.js';
import { CommandId, type ConnectOptions, VirtualRobot } from '../../src/vrobots/index.js';
import { type Simulator, startSimulator } from '../../src/vrobots/sim/index.js';

const CREATE_KEY = 'vrobots/manager/z/srv/create';
const DELETE_KEY = 'vrobots/manager/z/srv/delete';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stage {
  sim: Simulator;
  router: string | undefined;
}

function count(map: ReadonlyMap<string, number>, key: string): number {
  return map.get(key) ?? 0;
}

export function sdkSuite(backend: 'local' | 'zenoh'): void {
  describe(`VirtualRobot on the ${backend} backend`, () => {
    let routerProc: RunningRouter | undefined;
    const stage = {} as Stage;
    // The halfdrone is scene-authored: id 0. Created robots get 1, 2, ...
    const HALFDRONE = 0;

    const opts = (extra: ConnectOptions = {}): ConnectOptions => ({
      ...(stage.router !== undefined ? { router: stage.router } : {}),
      serviceTimeoutMs: 4000,
      ...extra,
    });

    beforeAll(async () => {
      if (backend === 'zenoh') {
        routerProc = await startRouter({ binary: inject('routerBinary') });
        stage.router = routerProc.locator;
      }
    });

    afterAll(async () => {
      await routerProc?.stop();
    });

    describe('with no simulator running', () => {
      it('create answers no_responder naming the manager key after connect_timeout', async () => {
        const t0 = performance.now();
        const r = await VirtualRobot.connect('multirotor', undefined, opts({ connectTimeoutMs: 3000 }));
        expect(performance.now() - t0).toBeGreaterThanOrEqual(2990);
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error.message).toBe(`no_responder: no vrobots manager answers on ${CREATE_KEY} within 3000ms`);
          expect(r.error.vrCode).toBe(7);
        }
      });
    });

    describe('against the headless simulator', () => {
      beforeAll(async () => {
        const sim = await startSimulator({
          robots: ['halfdrone'],
          serviceDelayMs: 300,
          ...(stage.router !== undefined ? { router: stage.router } : {}),
        });
        if (!sim.ok) throw new Error(sim.error.message);
        stage.sim = sim.value;
      });

      afterEach(() => {
        stage.sim.faults.clearReplyFaults();
        stage.sim.faults.resumePublishing();
      });

      afterAll(async () => {
        await stage.sim?.stop();
      });

      it('connect returns only after the first state, then states() has real data', async () => {
        stage.sim.faults.pausePublishing();
        let resumedAt = Number.POSITIVE_INFINITY;
        const resume = setTimeout(() => {
          resumedAt = Date.now();
          stage.sim.faults.resumePublishing();
        }, 1200);
        const r = await VirtualRobot.connect('multirotor', undefined, opts());
        const returnedAt = Date.now();
        clearTimeout(resume);
        expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
        if (!r.ok) return;
        const robot = r.value;
        expect(returnedAt).toBeGreaterThanOrEqual(resumedAt);
        const s = robot.states();
        expect(s.header.sysId).toBe(robot.sysId);
        expect(s.robotType).toBe('multirotor');
        expect(robot.stats().received).toBeGreaterThan(0);
        expect(robot.isConnected()).toBe(true);
        const t = robot.connectTimings();
        expect(t.probeMs).toBeDefined();
        expect(t.activateMs).toBeDefined();
        await robot.close();
        // closing never deletes
        expect(stage.sim.robot(robot.sysId)).toBeDefined();
        stage.sim.deleteRobot(robot.sysId);
      });

      it('sends create exactly once even when its reply comes after the budget', async () => {
        const before = stage.sim.counters();
        const robotsBefore = stage.sim.robots().length;
        // Every reply on the create key waits 1.5 s: the probe (budget connect_timeout) still
        // gets its answer, the create (budget service_timeout 600 ms) does not.
        stage.sim.faults.delayReplies('create', 1500);
        const r = await VirtualRobot.connect(
          'truck',
          undefined,
          opts({ serviceTimeoutMs: 600, connectTimeoutMs: 5000 }),
        );
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.kind).toBe('timeout');
        expect(r.error.message).toMatch(
          /^timeout: .*vrobots\/manager\/z\/srv\/create within 600ms \(sent once, not retried\)/,
        );
        await sleep(2000); // the late create lands: exactly one robot appears
        const after = stage.sim.counters();
        // one payload-less probe + one create, nothing re-sent
        expect(count(after.requests, CREATE_KEY) - count(before.requests, CREATE_KEY)).toBe(2);
        expect(stage.sim.robots().length - robotsBefore).toBe(1);
        for (const info of stage.sim.robots()) if (info.sysId !== HALFDRONE) stage.sim.deleteRobot(info.sysId);
      });

      it("retries activate until the new robot's queryable is discovered", async () => {
        // The robot starts inactive; only a successful activate makes its state say active.
        const r = await VirtualRobot.connect('msd', undefined, opts({ startActive: false }));
        expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
        if (!r.ok) return;
        const robot = r.value;
        expect(robot.states().active).toBe(true);
        expect(stage.sim.robot(robot.sysId)?.active).toBe(true);
        // its queryable appeared serviceDelayMs (300) after the spawn, so activate had to wait for it
        expect(robot.connectTimings().activateMs).toBeGreaterThanOrEqual(200);
        expect(count(stage.sim.counters().requests, `vrobots/${robot.sysId}/z/srv/activate`)).toBeGreaterThanOrEqual(1);
        await robot.close();
        stage.sim.deleteRobot(robot.sysId);
      });

      it('with activate_after_create false, never activates', async () => {
        const r = await VirtualRobot.connect(
          'msd',
          undefined,
          opts({ startActive: false, activateAfterCreate: false }),
        );
        expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
        if (!r.ok) return;
        expect(r.value.states().active).toBe(false);
        expect(count(stage.sim.counters().requests, `vrobots/${r.value.sysId}/z/srv/activate`)).toBe(0);
        await r.value.close();
        stage.sim.deleteRobot(r.value.sysId);
      });

      it('attaching to a missing id fails with Timeout naming the id, not before the probe budget', async () => {
        const t0 = performance.now();
        const r = await VirtualRobot.connect('multirotor', 4000000000, opts({ probeTimeoutMs: 800 }));
        const elapsed = performance.now() - t0;
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.message).toBe('timeout: no state on vrobots/4000000000/z/state within 800ms');
        expect(r.error.vrCode).toBe(3);
        expect(elapsed).toBeGreaterThanOrEqual(790);
      });

      it('attach never touches the manager', async () => {
        const before = count(stage.sim.counters().requests, CREATE_KEY);
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts());
        expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
        if (!r.ok) return;
        expect(count(stage.sim.counters().requests, CREATE_KEY)).toBe(before);
        expect(r.value.connectTimings().probeMs).toBeUndefined();
        await r.value.close();
      });

      it('a halfdrone answers no_responder on rotors (capability probe)', async () => {
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts({ serviceTimeoutMs: 1000 }));
        expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
        if (!r.ok) return;
        const t0 = performance.now();
        // A probe needs a handle typed for any robot type (on a halfdrone's, rotors does not compile).
        const anyType: VirtualRobot = r.value;
        const rotors = await anyType.configureRotors({ maxThrust: 10 });
        expect(performance.now() - t0).toBeGreaterThanOrEqual(990);
        expect(rotors.ok).toBe(false);
        if (!rotors.ok) {
          expect(rotors.error.kind).toBe('no_responder');
          expect(rotors.error.message).toContain(`vrobots/${HALFDRONE}/z/srv/rotors`);
        }
        // a common segment does answer
        expect((await r.value.setPhysicalParams({ mass: 1.2 })).ok).toBe(true);
        await r.value.close();
      });

      it('a server that stays silent is a timeout, not no_responder', async () => {
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts({ serviceTimeoutMs: 800 }));
        if (!r.ok) throw new Error(r.error.message);
        stage.sim.faults.dropReplies('params');
        const key = `vrobots/${HALFDRONE}/z/srv/params`;
        const before = count(stage.sim.counters().requests, key);
        const silent = await r.value.setPhysicalParams({ mass: 1 });
        expect(silent.ok).toBe(false);
        if (!silent.ok) {
          expect(silent.error.kind).toBe('timeout');
          expect(silent.error.message).toBe(`timeout: a server on ${key} exists but no reply came within 800ms`);
        }
        expect(count(stage.sim.counters().requests, key) - before).toBeGreaterThanOrEqual(1);
        await r.value.close();
      });

      it("a refused skin is a service error carrying the simulator's message", async () => {
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts());
        if (!r.ok) throw new Error(r.error.message);
        const refused = await r.value.setSkin('no-such-skin');
        expect(refused.ok).toBe(false);
        if (!refused.ok) {
          expect(refused.error.kind).toBe('service');
          expect(refused.error.vrCode).toBe(6);
          expect(refused.error.message).toMatch(/^service: .*unknown skin 'no-such-skin'/);
        }
        expect((await r.value.setSkin('red')).ok).toBe(true);
        expect(await r.value.skin()).toEqual({ ok: true, value: 'red' });
        await r.value.close();
      });

      it('every command helper refuses bad values and nothing is sent', async () => {
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts());
        if (!r.ok) throw new Error(r.error.message);
        // Typed for any robot type: every verb compiles, so the run-time checks are what refuse.
        const robot: VirtualRobot = r.value;
        const cmdKey = `vrobots/${HALFDRONE}/z/cmd`;
        const seen = () => {
          const c = stage.sim.counters();
          return count(c.appliedCommands, cmdKey) + count(c.rejectedCommands, cmdKey) + count(c.malformed, cmdKey);
        };
        const before = seen();
        const refusals = [
          robot.setMrPwm([1500, 1500, 1500, 1500]), // a halfdrone has exactly 2 rotors
          robot.setMrPwm([1500, 2500]),
          robot.setMrPwm([1099, 1500]),
          robot.setMrPwm([1500.5, 1500]),
          robot.setMrThrottle([0.5, 1.5]),
          robot.setMrThrottle([0.5, Number.NaN]),
          robot.setCar(1500, 2001),
          robot.setCar(1500, 1500, 900),
          robot.setBodyForce([1, Number.POSITIVE_INFINITY, 0]),
          robot.setBodyTorque({ x: 0, y: Number.NaN, z: 0 }),
          robot.setBodyFt([0, 0, 1], [0, 0, Number.NaN]),
          robot.setAngvel([0, 0] as unknown as [number, number, number]),
          robot.setMsdForce(Number.NaN),
          robot.setCartpoleForce(Number.NEGATIVE_INFINITY),
          robot.setFwCtrlMode(2 as 0 | 1),
          robot.setFwSurfaces([0, 0, 0, 0, 0]),
          robot.setFwSurfaces([0, 0, 0, 0, 0, Number.NaN]),
          robot.setFwThrust(20001),
          robot.setFwThrust(-1),
          robot.setFwThrustBias(Number.NaN),
          robot.setFwEstSource(3 as 0 | 1),
          robot.sendCmd(999 as never, {}),
          robot.sendCmd(300, { intArr: [1500, Number.NaN] }),
          robot.publishEstimate({ position: { x: Number.NaN, y: 0, z: 0 } }),
        ];
        for (const [i, refusal] of refusals.entries()) {
          expect(refusal.ok, `refusal #${i}`).toBe(false);
          if (!refusal.ok)
            expect(refusal.error.kind, `refusal #${i}: ${refusal.error.message}`).toBe('invalid_argument');
        }
        await sleep(400);
        expect(seen()).toBe(before);
        // the witness works: a good command does reach the simulator
        expect(robot.setMrPwm([1600, 1600]).ok).toBe(true);
        const deadline = Date.now() + 3000;
        while (seen() === before && Date.now() < deadline) await sleep(20);
        expect(seen()).toBe(before + 1);
        const echoed = await robot.waitNewState(2000);
        expect(echoed.ok).toBe(true);
        await robot.close();
      });

      it('delete sends one request, is confirmed by silence, then everything answers deleted', async () => {
        const r = await VirtualRobot.connect('truck', undefined, opts());
        if (!r.ok) throw new Error(r.error.message);
        const robot = r.value;
        const deletes = count(stage.sim.counters().requests, DELETE_KEY);
        let deletedEvent: number | undefined;
        robot.on('deleted', (id) => {
          deletedEvent = id;
        });
        const t0 = performance.now();
        const d = await robot.delete();
        expect(d.ok, d.ok ? '' : d.error.message).toBe(true);
        // 1 s of silence since the last sample, which arrived at most one state period before t0
        expect(performance.now() - t0).toBeGreaterThanOrEqual(900);
        expect(count(stage.sim.counters().requests, DELETE_KEY) - deletes).toBe(1);
        expect(stage.sim.robot(robot.sysId)).toBeUndefined();
        expect(robot.isDeleted()).toBe(true);
        expect(robot.isConnected()).toBe(false);
        expect(deletedEvent).toBe(robot.sysId);
        expect(robot.states().header.sysId).toBe(robot.sysId); // last snapshot kept
        const cmd = robot.setCar(1500, 1600);
        expect(!cmd.ok && cmd.error.kind).toBe('deleted');
        const srv = await robot.setSkin('red');
        expect(!srv.ok && srv.error.vrCode).toBe(8);
        const again = await robot.delete();
        expect(!again.ok && again.error.kind).toBe('deleted');
        await robot.close();
      });

      it('reports connectionLost when state stops and restored when it resumes', async () => {
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts());
        if (!r.ok) throw new Error(r.error.message);
        const robot = r.value;
        const events: string[] = [];
        robot.on('connectionLost', () => events.push('lost'));
        robot.on('connectionRestored', () => events.push('restored'));
        stage.sim.faults.pausePublishing(HALFDRONE);
        const deadline = Date.now() + 5000;
        while (!events.includes('lost') && Date.now() < deadline) await sleep(50);
        expect(robot.isConnected()).toBe(false);
        const timedOut = await robot.waitNewState(300);
        expect(!timedOut.ok && timedOut.error.message).toBe(
          `timeout: no new state on vrobots/${HALFDRONE}/z/state within 300ms`,
        );
        stage.sim.faults.resumePublishing(HALFDRONE);
        expect((await robot.waitNewState(3000)).ok).toBe(true);
        expect(events).toEqual(['lost', 'restored']);
        expect(robot.isConnected()).toBe(true);
        await robot.close();
      });

      it('refuses bad arguments and options before anything is sent', async () => {
        const before = count(stage.sim.counters().requests, CREATE_KEY);
        const bad: [Promise<{ ok: boolean; error?: { kind: string; message: string } }>, string][] = [
          [VirtualRobot.connect('multirotor', undefined, opts({ srcId: 0 })), 'ConnectOptions.srcId'],
          [
            VirtualRobot.connect('multirotor', undefined, opts({ serviceTimeoutMs: -1 })),
            'ConnectOptions.serviceTimeoutMs',
          ],
          [VirtualRobot.connect('multirotor', undefined, opts({ robotName: 'a\0b' })), 'ConnectOptions.robotName'],
          [VirtualRobot.connect('multirotor', undefined, { router: 'nonsense' }), 'ConnectOptions.router'],
          [VirtualRobot.connect('hovercraft', undefined, opts()), "unknown robot type 'hovercraft'"],
          [VirtualRobot.connect('truck', -3, opts()), 'sysId'],
        ];
        for (const [pending, names] of bad) {
          const r = await pending;
          expect(r.ok).toBe(false);
          expect(r.error?.kind).toBe('invalid_argument');
          expect(r.error?.message).toContain(names);
        }
        expect(count(stage.sim.counters().requests, CREATE_KEY)).toBe(before);
      });

      it("lives on the caller's executor: the caller spins it, or the SDK drives it while waiting", async () => {
        const exec = await Executor.create(stage.router !== undefined ? { router: stage.router } : {});
        if (!exec.ok) throw new Error(exec.error.message);
        const executor = exec.value;
        // Not spun by anyone: connect and waitNewState drive it with spinOnce.
        const a = await VirtualRobot.connect('halfdrone', HALFDRONE, opts({ executor }));
        expect(a.ok, a.ok ? '' : a.error.message).toBe(true);
        if (!a.ok) return;
        expect(executor.isSpinning()).toBe(false);
        expect((await a.value.waitNewState(2000)).ok).toBe(true);
        // Spun by the caller: the SDK only listens (a second spin would be refused as BadSequence).
        const spinning = executor.spin();
        const b = await VirtualRobot.connect('msd', undefined, opts({ executor }));
        expect(b.ok, b.ok ? '' : b.error.message).toBe(true);
        if (b.ok) {
          const before = b.value.stats().received;
          expect((await b.value.waitNewState(2000)).ok).toBe(true);
          expect((await b.value.setPhysicalParams({ mass: 2 })).ok).toBe(true);
          expect(b.value.stats().received).toBeGreaterThan(before);
          expect((await b.value.delete()).ok).toBe(true);
          await b.value.close();
        }
        await a.value.close();
        expect(executor.isShutdown()).toBe(false); // closing a robot leaves the caller's executor alone
        executor.cancel();
        await spinning;
        await executor.shutdown();
      });

      it('reads the command bus: setpoints of another client, own ones filtered by src_id', async () => {
        const reader = await VirtualRobot.connect('halfdrone', HALFDRONE, opts({ srcId: 7 }));
        const writer = await VirtualRobot.connect('halfdrone', HALFDRONE, opts({ srcId: 9 }));
        if (!reader.ok || !writer.ok) throw new Error('attach failed');
        const all = reader.value.subscribeCommand(CommandId.SET_MR_PWM);
        const others = reader.value.subscribeCommand(CommandId.SET_MR_PWM, { ignoreSrcId: 7 });
        if (!all.ok || !others.ok) throw new Error('subscribeCommand failed');
        await sleep(300); // let the subscriptions be declared
        const waiting = others.value.waitNewSetpoint(3000);
        expect(writer.value.setMrPwm([1300, 1400]).ok).toBe(true);
        const got = await waiting;
        expect(got.ok, got.ok ? '' : got.error.message).toBe(true);
        if (got.ok) {
          expect(got.value.srcId).toBe(9);
          expect(got.value.args.intArr).toEqual([1300, 1400]);
        }
        expect(others.value.fresh()?.srcId).toBe(9);
        expect(reader.value.setMrPwm([1500, 1500]).ok).toBe(true);
        const mine = await all.value.waitNewSetpoint(3000);
        expect(mine.ok && mine.value.srcId).toBe(7);
        await sleep(200);
        expect(others.value.latest()?.srcId).toBe(9); // our own never reaches the filtered stream
        expect(others.value.stats().ignored).toBeGreaterThanOrEqual(1);
        const none = await others.value.waitNewSetpoint(200);
        expect(!none.ok && none.error.kind).toBe('timeout');
        await reader.value.close();
        await writer.value.close();
      });

      it('answers the scene frame and frame definitions; cameras mount but frames are unsupported', async () => {
        const r = await VirtualRobot.connect('halfdrone', HALFDRONE, opts());
        if (!r.ok) throw new Error(r.error.message);
        expect(await r.value.sceneFrame()).toEqual({ ok: true, value: stage.sim.sceneFrameId });
        const body = await r.value.frameDef();
        expect(body.ok, body.ok ? '' : body.error.message).toBe(true);
        if (body.ok) expect(body.value.isStatic).toBe(false);
        const missing = await VirtualRobot.connect('halfdrone', HALFDRONE, opts({ serviceTimeoutMs: 300 }));
        expect(missing.ok, missing.ok ? '' : missing.error.message).toBe(true);
        if (missing.ok) {
          const none = await missing.value.frameDef('no/such/frame');
          expect(!none.ok && none.error.kind).toBe('timeout');
          await missing.value.close();
        }
        expect(
          (await r.value.mountCamera({ name: 'front', width: 640, height: 480, format: 'rgb8', fps: 30 })).ok,
        ).toBe(true);
        const frames = await r.value.openCamera('front');
        expect(!frames.ok && frames.error.kind).toBe('unsupported');
        expect(!frames.ok && frames.error.message).toContain('iceoryx2');
        expect((await r.value.unmountCamera('front')).ok).toBe(true);
        const badName = await r.value.mountCamera({ name: 'front/left' });
        expect(!badName.ok && badName.error.kind).toBe('invalid_argument');
        await r.value.close();
      });

      it('closing a handle never deletes the robot, and the handle then answers a session error', async () => {
        const r = await VirtualRobot.connect('truck', undefined, opts());
        if (!r.ok) throw new Error(r.error.message);
        const id = r.value.sysId;
        expect((await r.value.close()).ok).toBe(true);
        expect(stage.sim.robot(id)).toBeDefined();
        const cmd = r.value.setCar(1500, 1500);
        expect(!cmd.ok && cmd.error.kind).toBe('session');
        expect(r.value.states().header.sysId).toBe(id); // the last snapshot stays
        expect(r.value.isConnected()).toBe(false);
        // another handle attaches and deletes it
        const again = await VirtualRobot.connect('truck', id, opts());
        if (!again.ok) throw new Error(again.error.message);
        expect((await again.value.delete()).ok).toBe(true);
        await again.value.close();
      });
    });

    describe('a manager that receives create and leaves before answering', () => {
      it('is a timeout (sent once, not retried), not no_responder: a robot may exist', async () => {
        const sim = await startSimulator({
          robots: [],
          ...(stage.router !== undefined ? { router: stage.router } : {}),
        });
        if (!sim.ok) throw new Error(sim.error.message);
        // The probe and the create both wait 800 ms; the simulator stops once the create arrived.
        sim.value.faults.delayReplies('create', 800);
        const stopOnCreate = (async () => {
          const deadline = Date.now() + 5000;
          while (count(sim.value.counters().requests, CREATE_KEY) < 2 && Date.now() < deadline) await sleep(10);
          await sim.value.stop();
        })();
        const r = await VirtualRobot.connect('truck', undefined, opts({ serviceTimeoutMs: 3000 }));
        await stopOnCreate;
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.kind, r.error.message).toBe('timeout');
        expect(r.error.message).toContain(`${CREATE_KEY}`);
        expect(r.error.message).toContain('(sent once, not retried)');
      });
    });
  });
}

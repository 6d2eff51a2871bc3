/**
 * The arm's real-time interface end to end, written once and run on both backends: the
 * immediate commands as rclcpp-layer services (every refusal code and its precondition),
 * the client's own rules, and the real-time stream over loopback sockets. The arm ticks on a
 * steppable clock, so every tick is the test's call: nothing here depends on machine speed.
 */
import { createSocket } from 'node:dgram';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { encodeTarget } from '../../src/vrobots/arm/rt-packet.js';
import {
  type ConnectOptions,
  RTI_ANSWER_TIMEOUT_MS,
  RTI_MODE_WAIT_MS,
  RtiClient,
  type RtiClientOptions,
  type RtiResult,
  SteppableClock,
  VirtualRobot,
} from '../../src/vrobots/index.js';
import { type Simulator, startSimulator } from '../../src/vrobots/sim/index.js';

const PC = '127.0.0.1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Real-time wait for a condition the simulator reaches asynchronously (socket delivery). */
async function until(cond: () => boolean, budgetMs = 5000): Promise<void> {
  const end = Date.now() + budgetMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await sleep(5);
  }
}

function codeOf(r: { ok: true } | { ok: false; error: { rtiCode?: number; rtiCodeName?: string } }) {
  if (r.ok) return 'ok';
  const e = r.error as { rtiCode?: number; rtiCodeName?: string; vendor?: string };
  return e.rtiCode === undefined ? e.vendor : e.rtiCode === 0 ? e.rtiCodeName : e.rtiCode;
}

export function armSuite(backend: 'local' | 'zenoh'): void {
  describe(`the arm's real-time interface on the ${backend} backend`, () => {
    let routerProc: RunningRouter | undefined;
    let router: string | undefined;
    let sim: Simulator;
    let clock: SteppableClock;
    let robot: VirtualRobot;
    let rti: RtiClient;
    let sysId: number;

    const opts = (extra: ConnectOptions = {}): ConnectOptions => ({
      ...(router !== undefined ? { router } : {}),
      serviceTimeoutMs: 4000,
      ...extra,
    });

    async function client(options: RtiClientOptions = {}): Promise<RtiClient> {
      const c = await RtiClient.open(robot, options);
      if (!c.ok) throw new Error(c.error.message);
      return c.value;
    }

    const requests = (verb: string) => sim.counters().requests.get(`vrobots/${sysId}/z/srv/${verb}`) ?? 0;
    const arm = () => sim.arm(sysId)!.controller;

    beforeAll(async () => {
      if (backend === 'zenoh') {
        routerProc = await startRouter({ binary: inject('routerBinary') });
        router = routerProc.locator;
      }
    });

    afterAll(async () => {
      await routerProc?.stop();
    });

    beforeEach(async () => {
      clock = new SteppableClock();
      const s = await startSimulator({
        serviceDelayMs: 0,
        armClock: clock,
        ...(router !== undefined ? { router } : {}),
      });
      if (!s.ok) throw new Error(s.error.message);
      sim = s.value;
      const r = await VirtualRobot.connect('arm', undefined, opts());
      if (!r.ok) throw new Error(r.error.message);
      robot = r.value;
      sysId = robot.sysId;
      expect((await sim.arm(sysId)!.streamReady()).ok).toBe(true);
      rti = await client({ client: 'pc-1' });
    });

    afterEach(async () => {
      await rti.close();
      await robot.close();
      await sim.stop();
    });

    it('is created over the manager like the other types and deleted the same way', async () => {
      expect(sim.robot(sysId)?.robotType).toBe('arm');
      const status = await rti.latestStatus();
      expect(status.ok && status.value.mode).toBe(0);
      const deleted = await robot.delete();
      expect(deleted.ok).toBe(true);
      expect(sim.arm(sysId)).toBeUndefined();
    });

    it('refuses each precondition with its code: 6003, 6101, 6010, 6014, 6026, BAD_ARGS', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC, rateHz: 0 }))).toBe(6003);
      expect(codeOf(await rti.connect({ pcIp: '10.0.0.300' }))).toBe(6003);
      // A raw client: a number where pc_ip goes cannot be read at all; three values are required.
      expect(codeOf(await rti.calls.call('rti_connect', [7, undefined, undefined]))).toBe('BAD_ARGS');
      expect(codeOf(await rti.calls.call('rti_connect', [PC]))).toBe(6003);
      // No PC address reaches the real-time controller.
      expect(codeOf(await rti.calls.call('rti_connect', [undefined, undefined, undefined]))).toBe(6026);

      expect((await rti.knob('arm_hold_control', ['teach-pendant'])).ok).toBe(true);
      const held = await rti.connect({ pcIp: PC });
      expect(codeOf(held)).toBe(6101);
      expect(!held.ok && held.error.message).toContain('teach-pendant');
      await rti.knob('arm_release_control');

      await rti.knob('arm_latch_error', ['joint 2 overcurrent']);
      const latched = await rti.connect({ pcIp: PC });
      expect(codeOf(latched)).toBe(6014);
      expect(!latched.ok && latched.error.message).toContain('joint 2 overcurrent');
      await rti.knob('arm_clear_error');
      await rti.knob('arm_enable', [false]);
      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe(6014);
      await rti.knob('arm_enable', [true]);

      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe('ok');
      expect(codeOf(await rti.connect({ pcIp: PC, rateHz: 50 }))).toBe(6010); // the other mode
      expect(codeOf(await rti.claim())).toBe('ok');
      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe(6010); // a claim is active
      const other = await client({ client: 'pc-2' });
      expect(codeOf(await other.claim())).toBe(6101);
      await other.close();
      // The refusal carries the vendor's name on an rclts kind.
      const r = await rti.connect({ pcIp: PC });
      expect(!r.ok && r.error).toMatchObject({
        vendor: 'CommandRejected',
        name: 'Rejected',
        kind: 'service',
        rtiCode: 6010,
      });
    });

    it('answers 6025 after 1 s of arm time when the real-time controller stalls; the command took effect', async () => {
      await rti.knob('arm_rt_stall', [true]);
      let answer: RtiResult | undefined;
      const pending = rti.connect({ pcIp: PC }).then((r) => {
        answer = r;
      });
      await until(() => requests('rti_connect') === 1);
      await sleep(50);
      clock.advance(996);
      await sleep(100);
      expect(answer).toBeUndefined();
      clock.advance(4);
      await pending;
      expect(codeOf(answer!)).toBe(6025);
      expect(arm().mode).toBe('RTI');
    });

    it('waits up to 2 s of arm time for a session still stopping, then answers 6010', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe('ok');
      expect(codeOf(await rti.claim())).toBe('ok');
      arm().tune({ stopTicks: 1000 });
      expect(codeOf(await rti.release())).toBe('ok');
      let answer: RtiResult | undefined;
      const pending = rti.connect({ pcIp: PC }).then((r) => {
        answer = r;
      });
      await until(() => requests('rti_connect') === 2);
      await sleep(50);
      clock.advance(1996);
      await sleep(100);
      expect(answer).toBeUndefined();
      clock.advance(8);
      await pending;
      expect(codeOf(answer!)).toBe(6010);
      expect(!answer!.ok && answer!.error.message).toContain('still stopping');
    });

    it('answers INTERNAL when a command fails inside the arm', async () => {
      const controller = arm();
      controller.handle = () => {
        throw new Error('controller bug');
      };
      const r = await rti.claim();
      expect(codeOf(r)).toBe('INTERNAL');
    });

    it('refuses arguments of the wrong type or transport before anything is sent', async () => {
      const before = requests('rti_connect');
      const wrongTransport = await rti.connect({ pcIp: PC, rateHz: 50, transport: 'quic' as 'udp' });
      expect(!wrongTransport.ok && wrongTransport.error.vendor).toBe('ValueError');
      const wrongRate = await rti.connect({ pcIp: PC, rateHz: '50' as unknown as number });
      expect(!wrongRate.ok && wrongRate.error).toMatchObject({ vendor: 'TypeError', name: 'InvalidArgument' });
      const wrongIp = await rti.connect({ pcIp: 127 as unknown as string });
      expect(!wrongIp.ok && wrongIp.error.vendor).toBe('TypeError');
      const wrongTimeout = await rti.setCommandTimeout('1' as unknown as number);
      expect(!wrongTimeout.ok && wrongTimeout.error.vendor).toBe('TypeError');
      await sleep(100);
      expect(requests('rti_connect')).toBe(before);
      expect(rti.calls.sent.get('rti_connect') ?? 0).toBe(0);
    });

    it('a client that is not connected fails and sends nothing', async () => {
      const closed = await client({ client: 'pc-1' });
      await closed.close();
      const r = await closed.connect();
      expect(!r.ok && r.error).toMatchObject({ vendor: 'RobotConnectionError', name: 'TransportError' });
      sim.faults.pausePublishing(sysId);
      await until(() => !robot.isConnected());
      const lost = await rti.connect();
      expect(!lost.ok && lost.error.vendor).toBe('RobotConnectionError');
      sim.faults.resumePublishing(sysId);
      expect(requests('rti_connect')).toBe(0);
    });

    it('each rti_connect sets the session contract afresh', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC, rateHz: 25 }))).toBe('ok');
      await rti.setCommandTimeout(0.9);
      await rti.setServoGenerator('cubic');
      arm().tune({ rateLimiter: false, startPoseCheck: false, toolSpeedCap: 2, rtFilterHz: 30 });
      expect(codeOf(await rti.connect({ pcIp: PC, rateHz: 25 }))).toBe('ok');
      const s = await rti.latestStatus();
      if (!s.ok) throw new Error(s.error.message);
      expect(s.value.contract).toMatchObject({
        commandTimeoutS: 0.12,
        servoGenerator: 'linear',
        rateLimiter: true,
        startPoseCheck: true,
        rtGravityComp: true,
        toolSpeedCap: 0.25,
        rtFilterHz: 30,
      });
    });

    it('wait: returns once the arm reports the mode; a status that never comes is a RobotTimeout', async () => {
      expect(RTI_MODE_WAIT_MS).toBe(10_000);
      expect(codeOf(await rti.connect({ pcIp: PC, wait: true }))).toBe('ok');
      expect(rti.calls.lastStatus()?.mode).toBe(1);
      await rti.disconnect();
      const slow = await client({ client: 'pc-1', modeWaitMs: 600 });
      sim.faults.pausePublishing(sysId);
      const r = await slow.connect({ pcIp: PC, rateHz: 50, wait: true });
      expect(codeOf(r)).toBe('RobotTimeout');
      sim.faults.resumePublishing(sysId);
      await slow.close();
    });

    it('no answer is a RobotTimeout; a dropped connection while waiting is CONNECTION_LOST; a deliberate close DISCONNECTED', async () => {
      expect(RTI_ANSWER_TIMEOUT_MS).toBe(5000);
      sim.faults.dropReplies('rti_claim');
      const quick = await client({ client: 'pc-1', answerTimeoutMs: 500 });
      const timedOut = await quick.claim();
      expect(!timedOut.ok && timedOut.error).toMatchObject({ vendor: 'RobotTimeout', name: 'Timeout' });
      await quick.close();

      const closing = rti.claim();
      await until(() => requests('rti_claim') === 2);
      await rti.close();
      expect(codeOf(await closing)).toBe('DISCONNECTED');

      const lost = await client({ client: 'pc-1' });
      sim.faults.pausePublishing(sysId); // the state topic goes silent: the handle reports connectionLost
      const r = await lost.claim();
      expect(!r.ok && r.error).toMatchObject({ vendor: 'CONNECTION_LOST', name: 'TransportError' });
      sim.faults.resumePublishing(sysId);
      await lost.close();
    });

    it('RTI over loopback udp: nothing moves before the claim, then each target is applied one tick behind', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe('ok');
      await until(() => arm().session?.pcPort !== undefined);
      rti.send([0.004, 0, 0, 0, 0, 0]);
      await until(() => arm().stream.targets >= 1);
      clock.advance(8);
      expect(arm().motion.positions[0]).toBe(0);
      expect(codeOf(await rti.claim())).toBe('ok');
      rti.send([0.004, 0, 0, 0, 0, 0]);
      await until(() => arm().stream.targets >= 2);
      clock.advance(4);
      expect(arm().motion.positions[0]).toBe(0);
      clock.advance(4);
      expect(arm().motion.positions[0]).toBeCloseTo(0.004, 12);
      // The state comes back every tick to the paired PC.
      await until(() => (rti.state()?.appliedSeq ?? 0) > 0);
      expect(rti.state()?.positions[0]).toBeCloseTo(0.004, 12);
    });

    it('ignores targets from a sender that is not the paired PC', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe('ok');
      expect(codeOf(await rti.claim())).toBe('ok');
      const rogue = createSocket('udp4');
      await new Promise<void>((resolve) => rogue.bind(0, '127.0.0.2', () => resolve()));
      rogue.send(encodeTarget(1, 0, [0.004, 0, 0, 0, 0, 0]), sim.arm(sysId)!.streamPort, PC);
      await until(() => arm().stream.ignored >= 1);
      clock.advance(8);
      rogue.close();
      expect(arm().motion.positions[0]).toBe(0);
    });

    it('RTI stops on the tick 40 ms after the last command arrived, not before', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC }))).toBe('ok');
      expect(codeOf(await rti.claim())).toBe('ok');
      rti.send([0, 0, 0, 0, 0, 0]);
      await until(() => arm().stream.targets >= 1);
      clock.advance(4);
      const last = arm().motion.lastCommandTick;
      expect(last).toBe(arm().tickCount);
      clock.advance(36);
      expect(arm().session?.claimed).toBe(true);
      clock.advance(4);
      expect(arm().session?.claimed).toBe(false);
      expect(arm().stoppedAtTick - last).toBe(10);
    });

    it('SOFT_RTI over tcp: the client dials the stream port; targets are interpolated; three intervals stop it', async () => {
      expect(codeOf(await rti.connect({ pcIp: PC, rateHz: 50, transport: 'tcp' }))).toBe('ok');
      expect(arm().session?.transport).toBe('tcp');
      expect(codeOf(await rti.claim())).toBe('ok');
      rti.send([0.02, 0, 0, 0, 0, 0]);
      await until(() => arm().stream.targets >= 1);
      clock.advance(4);
      expect(arm().motion.positions[0]).toBeCloseTo(0.004, 12); // 1 of 5 ticks of a 20 ms interval
      clock.advance(16);
      expect(arm().motion.positions[0]).toBeCloseTo(0.02, 12);
      await until(() => (rti.state()?.positions[0] ?? 0) > 0.019);
      const last = arm().motion.lastCommandTick;
      const left = 15 - (arm().tickCount - last); // three 20 ms intervals = 15 ticks after the last target
      clock.advance((left - 1) * 4);
      expect(arm().session?.claimed).toBe(true);
      clock.advance(4);
      expect(arm().session?.claimed).toBe(false);
      expect(arm().stoppedAtTick - last).toBe(15);
    });
  });
}

/**
 * The arm on the wire: a SimRobot of type `arm` plus its controller. Serves every verb
 * (`vrobots/{id}/z/srv/rti_*`, `latest_status`, the `arm_*` knobs), publishes its status on
 * `vrobots/{id}/z/arm_status` with the robot's state, ticks the controller every 4 ms on the
 * arm clock, and carries the real-time stream (udp datagrams, or one tcp stream) between
 * the controller and the paired PC.
 *
 * An answer the controller cannot give at once waits on the arm clock: rti_connect while a
 * session is still stopping (up to 2 s), and every verb that reaches a stalled real-time
 * controller (answered 6025 after 1 s; the command has taken effect all the same).
 */
import type { Publisher } from '../../../rclcpp/index.js';
import { err, ok, type Result, type ResultOf } from '../../../result.js';
import { ARM_TICK_MS, RT_ANSWER_BUDGET_MS, STOPPING_WAIT_MS } from '../../arm/arm-codes.js';
import { ARM_VERBS, type ArmVerb, armSrvKey, armStatusKey } from '../../arm/arm-verbs.js';
import type { ArmStreamServer, RtSockets } from '../../arm/rt-link.js';
import type { ArmValue } from '../../generated/swarmbotix-types.js';
import { ArmReply, ArmRequest, ArmStatus } from '../../messages/arm-messages.js';
import { RawBytes } from '../../tools/raw-bytes.js';
import { decodeRequest, serveKey } from '../service-desk.js';
import type { SimRobot } from '../sim-robot.js';
import { type ArmAnswer, refuse } from './arm-answer.js';
import type { ArmClock } from './arm-clock.js';
import { ArmController, type RtSession, type VerbOutcome } from './arm-controller.js';

export interface SimArmContext {
  readonly clock: ArmClock;
  /** Node sockets, or undefined where there are none (the stream is then unavailable). */
  readonly sockets: RtSockets | undefined;
  /** Address the stream ports bind to. */
  readonly host: string;
  /** Stream port (udp and tcp); 0: any free one. */
  readonly port: number;
}

export class SimArm {
  readonly controller: ArmController;
  private server: ArmStreamServer | undefined;
  private readonly opening: Promise<Result>;
  private readonly cancelTick: () => void;
  private lastSession: RtSession | undefined;
  private closed = false;
  /** State datagrams sent to the paired PC. */
  statesSent = 0;
  private readonly taps = new Set<(state: Uint8Array) => void>();

  private constructor(
    private readonly robot: SimRobot,
    private readonly ctx: SimArmContext,
    private readonly statusPub: Publisher<Uint8Array>,
  ) {
    this.controller = new ArmController(() => this.server?.udpPort ?? 0);
    this.cancelTick = ctx.clock.every(ARM_TICK_MS, () => this.onTick());
    this.opening = this.openStream();
  }

  static attach(robot: SimRobot, ctx: SimArmContext): ResultOf<SimArm> {
    const pub = robot.node.createPublisher(RawBytes, armStatusKey(robot.sysId));
    if (!pub.ok) return err(pub.error.name, `arm ${robot.sysId}: cannot publish its status: ${pub.error.message}`);
    const arm = new SimArm(robot, ctx, pub.value);
    for (const verb of ARM_VERBS) {
      const served = serveKey(robot.node, armSrvKey(robot.sysId, verb), robot.ctx, (payload) =>
        arm.answer(verb, payload),
      );
      if (!served.ok) {
        arm.close();
        return served;
      }
    }
    return ok(arm);
  }

  /** Resolves when the stream ports are bound (or could not be). */
  streamReady(): Promise<Result> {
    return this.opening;
  }

  get streamPort(): number {
    return this.server?.udpPort ?? 0;
  }

  private async openStream(): Promise<Result> {
    if (this.ctx.sockets === undefined)
      return err('Unsupported', 'no sockets in this runtime: the arm has no real-time stream');
    const opened = await this.ctx.sockets.openArmStream({
      host: this.ctx.host,
      udpPort: this.ctx.port,
      tcpPort: this.ctx.port,
      onPacket: (bytes, ip, port, via) => this.controller.receive(bytes, ip, port, via),
      acceptTcp: (ip) => {
        const s = this.controller.session;
        return s !== undefined && s.transport === 'tcp' && s.pcIp === ip;
      },
    });
    if (!opened.ok) {
      this.robot.ctx.log(`error: arm ${this.robot.sysId}: ${opened.error.message}`);
      return opened;
    }
    if (this.closed) {
      await opened.value.close();
      return err('NotInitialized', `arm ${this.robot.sysId} was deleted`);
    }
    this.server = opened.value;
    return ok();
  }

  private onTick(): void {
    const state = this.controller.tick(this.ctx.clock.nowMs());
    if (state !== undefined) for (const tap of this.taps) tap(state);
    const s = this.controller.session;
    if (this.lastSession !== s) {
      if (this.lastSession?.transport === 'tcp') this.server?.dropTcp();
      this.lastSession = s;
    }
    if (state === undefined || s === undefined || this.server === undefined) return;
    if (s.transport === 'tcp') {
      if (this.server.sendTcp(state)) this.statesSent++;
    } else if (s.pcPort !== undefined) {
      this.server.sendUdp(state, s.pcIp, s.pcPort);
      this.statesSent++;
    }
  }

  /**
   * Calls `tap` with every state datagram the arm sends (for measurements that carry the
   * stream over another transport, e.g. the benchmark's router exchange); answers the untap.
   */
  tapState(tap: (state: Uint8Array) => void): () => void {
    this.taps.add(tap);
    return () => this.taps.delete(tap);
  }

  /** Answers one request; later when the controller waits for a stop or is stalled. */
  answer(verb: ArmVerb, payload: Uint8Array): Uint8Array | Promise<Uint8Array> {
    const key = armSrvKey(this.robot.sysId, verb);
    const decoded = decodeRequest(ArmRequest, payload);
    if (decoded.kind === 'malformed') {
      this.robot.ctx.board.countMalformed(key);
      return this.reply(key, refuse('BAD_ARGS', `${verb}: the request cannot be read: ${decoded.reason}`));
    }
    const request = decoded.kind === 'request' ? decoded.request : { client: '', args: [] as ArmValue[] };
    try {
      const first = this.controller.handle(verb, request.client, request.args);
      if (first.kind === 'answer') return this.finish(key, first);
      return this.waitForStop(key, verb, request.client, request.args);
    } catch (thrown) {
      return this.reply(key, refuse('INTERNAL', `${verb} failed inside the arm: ${String(thrown)}`));
    }
  }

  private finish(key: string, outcome: VerbOutcome & { kind: 'answer' }): Uint8Array | Promise<Uint8Array> {
    if (!(outcome.reachedRt && this.controller.rtStalled)) return this.reply(key, outcome.answer);
    const late = refuse(
      'RTI_NOT_ANSWERING',
      `the real-time controller did not answer within ${RT_ANSWER_BUDGET_MS}ms; the command may still have taken effect`,
    );
    return new Promise((resolve) => this.ctx.clock.after(RT_ANSWER_BUDGET_MS, () => resolve(this.reply(key, late))));
  }

  private waitForStop(key: string, verb: ArmVerb, client: string, args: ArmValue[]): Promise<Uint8Array> {
    const since = this.ctx.clock.nowMs();
    return new Promise((resolve) => {
      const cancel = this.ctx.clock.every(ARM_TICK_MS, () => {
        const over = this.ctx.clock.nowMs() - since >= STOPPING_WAIT_MS;
        const outcome = this.controller.handle(verb, client, args, over);
        if (outcome.kind === 'stopping') return;
        cancel();
        const answered = this.finish(key, outcome);
        if (answered instanceof Uint8Array) resolve(answered);
        else void answered.then(resolve);
      });
    });
  }

  private reply(key: string, a: ArmAnswer): Uint8Array {
    return ArmReply.encode({
      header: this.robot.header(key),
      ok: a.ok,
      code: a.ok ? 0 : a.code,
      codeName: a.ok ? '' : a.codeName,
      message: a.message,
      status: this.statusMessage(key),
    });
  }

  private statusMessage(key: string): ArmStatus {
    return { header: this.robot.header(key), ...this.controller.status() };
  }

  publishStatus(): void {
    if (this.closed || this.robot.ctx.board.isPublishingPaused(this.robot.sysId)) return;
    const key = armStatusKey(this.robot.sysId);
    if (this.statusPub.publishRaw(ArmStatus.encode(this.statusMessage(key))).ok)
      this.robot.ctx.board.countPublished(key);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.taps.clear();
    this.cancelTick();
    void this.server?.close();
    this.server = undefined;
  }
}

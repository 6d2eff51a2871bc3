/**
 * The simulated arm's controller: flags (enabled, homed, a latched error), the control
 * owner, the mode machine IDLE / RTI / SOFT_RTI with its session and contract, the verbs
 * with their refusals, and the real-time stream's intake. Pure and steppable: the simulator
 * calls `tick()` every 4 ms (or a test does), feeds it the datagrams that arrive and sends
 * what it answers; no clock, socket or executor in here.
 *
 * rti_connect checks, in this order: the count of values (6003), each value's kind
 * (BAD_ARGS), their meaning (6003), control held by another client (6101), a claim active,
 * a session still stopping (waited for, then 6010) or the other real-time mode (6010); then
 * the real-time controller: an error latched, not enabled, not homed (6014), no PC address
 * (6026). The other verbs check count, kinds, meaning, owner, mode, in that order.
 */

import { readArgs } from '../../arm/arm-args.js';
import {
  ARM_TICK_MS,
  type ArmModeName,
  DEFAULT_STOP_TICKS,
  isIpv4,
  RTI_TRANSPORTS,
  type RtiTransport,
  SERVO_GENERATORS,
} from '../../arm/arm-codes.js';
import { type ArmContract, sessionContract, startContract } from '../../arm/arm-contract.js';
import { type ArmVerb, slotsOf } from '../../arm/arm-verbs.js';
import { decodePacket, encodeState, PacketKind } from '../../arm/rt-packet.js';
import { ArmMode, type ArmStatus, type ArmValue } from '../../generated/swarmbotix-types.js';
import { type ArmAnswer, done, refuse } from './arm-answer.js';
import { applyKnob } from './arm-knobs.js';
import { ArmMotion } from './arm-motion.js';

export interface RtSession {
  readonly mode: 'RTI' | 'SOFT_RTI';
  readonly pcIp: string;
  readonly transport: RtiTransport;
  /** SOFT_RTI: the PC's rate; RTI: 0. */
  readonly rateHz: number;
  claimed: boolean;
  /** The PC's stream port, learnt from its first datagram (udp). */
  pcPort: number | undefined;
}

/** A verb's outcome: answered (and whether it reached the real-time controller), or waiting for a stop. */
export type VerbOutcome =
  | { readonly kind: 'answer'; readonly answer: ArmAnswer; readonly reachedRt: boolean }
  | { readonly kind: 'stopping' };

export interface StreamCounters {
  /** Datagrams from the paired PC that were used (hellos and targets). */
  accepted: number;
  /** Targets among them. */
  targets: number;
  /** Datagrams from anyone but the paired PC (or with no session): ignored. */
  ignored: number;
  /** Datagrams that are not packets. */
  malformed: number;
}

/** Settings a test or a user turns on a live arm (the contract fields a connect resets, and more). */
export interface ArmTuning extends Partial<ArmContract> {
  /** Ticks a stop ramps down over. */
  readonly stopTicks?: number;
}

const answer = (a: ArmAnswer, reachedRt = false): VerbOutcome => ({ kind: 'answer', answer: a, reachedRt });
const MODE_VALUE = { IDLE: ArmMode.IDLE, RTI: ArmMode.RTI, SOFT_RTI: ArmMode.SOFT_RTI } as const;

export class ArmController {
  enabled = true;
  homed = true;
  error: string | undefined;
  owner: string | undefined;
  session: RtSession | undefined;
  contract: ArmContract = startContract();
  stopReason = '';
  /** The tick at which the last stop began (0: none yet). */
  stoppedAtTick = 0;
  /** The real-time controller does not answer (fault knob). */
  rtStalled = false;
  stopTicks = DEFAULT_STOP_TICKS;
  tickCount = 0;
  readonly motion = new ArmMotion();
  readonly stream: StreamCounters = { accepted: 0, targets: 0, ignored: 0, malformed: 0 };

  constructor(
    /** The arm's stream port, reported in the status. */
    private readonly streamPort: () => number,
  ) {}

  get mode(): ArmModeName {
    return this.session?.mode ?? 'IDLE';
  }

  /** Runs one verb for `client`. `stoppingWaitOver`: rti_connect has waited 2 s for a stop already. */
  handle(verb: ArmVerb, client: string, args: readonly ArmValue[], stoppingWaitOver = false): VerbOutcome {
    const read = readArgs(args, slotsOf(verb));
    if (read.kind === 'count') {
      return answer(
        refuse('INVALID_ARGUMENTS', `${verb} takes exactly ${slotsOf(verb).length} values, got ${read.got}`),
      );
    }
    if (read.kind === 'unreadable') {
      return answer(refuse('BAD_ARGS', `${verb}: value ${read.index} cannot be read as ${read.expected}`));
    }
    const v = read.values;
    switch (verb) {
      case 'rti_connect':
        return this.connect(
          client,
          v[0] as string | undefined,
          v[1] as number | undefined,
          v[2] as string | undefined,
          stoppingWaitOver,
        );
      case 'rti_claim':
        return this.claim(client);
      case 'rti_release':
        return this.inSession(client, () => {
          if (this.session?.claimed === true) this.stop('released');
          return done('released: commands are no longer applied, the session stays');
        });
      case 'rti_disconnect':
        return this.disconnect(client);
      case 'rti_set_command_timeout':
        return this.setCommandTimeout(client, v[0] as number);
      case 'rti_set_servo_generator':
        return this.setServoGenerator(client, v[0] as string);
      case 'latest_status':
        return answer(done(`mode ${this.mode}`));
      default:
        return answer(applyKnob(this, verb, v));
    }
  }

  private refusedOwner(client: string): VerbOutcome | undefined {
    if (this.owner === undefined || this.owner === client) return undefined;
    return answer(refuse('CONTROL_HELD', `control is held by another client: '${this.owner}'`));
  }

  /** The real-time controller's own refusal: it cannot run a session in this state. */
  private rtRefusal(): ArmAnswer | undefined {
    if (this.error !== undefined) return refuse('MODE_CHANGE_REFUSED', `an error is latched: ${this.error}`);
    if (!this.enabled) return refuse('MODE_CHANGE_REFUSED', 'the arm is not enabled');
    if (!this.homed) return refuse('MODE_CHANGE_REFUSED', 'the arm is not homed');
    return undefined;
  }

  private connect(
    client: string,
    pcIp: string | undefined,
    rateHz: number | undefined,
    transport: string | undefined,
    stoppingWaitOver: boolean,
  ): VerbOutcome {
    if (pcIp !== undefined && !isIpv4(pcIp)) return answer(refuse('INVALID_ARGUMENTS', `pc_ip '${pcIp}' is not IPv4`));
    if (rateHz !== undefined && !(Number.isFinite(rateHz) && rateHz > 0)) {
      return answer(refuse('INVALID_ARGUMENTS', `rate_hz must be a finite number above 0, got ${rateHz}`));
    }
    if (transport !== undefined && !(RTI_TRANSPORTS as readonly string[]).includes(transport)) {
      return answer(refuse('INVALID_ARGUMENTS', `transport must be udp or tcp, got '${transport}'`));
    }
    const owned = this.refusedOwner(client);
    if (owned !== undefined) return owned;
    const wanted = rateHz === undefined ? 'RTI' : 'SOFT_RTI';
    if (this.session?.claimed === true) {
      return answer(refuse('COMMAND_NOT_ALLOWED', 'a PC drives the arm (a claim is active): release first'));
    }
    if (this.motion.isStopping()) {
      if (!stoppingWaitOver) return { kind: 'stopping' };
      return answer(refuse('COMMAND_NOT_ALLOWED', 'the previous session is still stopping after 2 s'));
    }
    if (this.session !== undefined && this.session.mode !== wanted) {
      return answer(refuse('COMMAND_NOT_ALLOWED', `the arm is in ${this.session.mode}: disconnect first`));
    }
    const refused = this.rtRefusal();
    if (refused !== undefined) return answer(refused, true);
    if (pcIp === undefined) {
      return answer(
        refuse('REFUSED_BY_RTI', 'the request reached the real-time controller without the PC address'),
        true,
      );
    }
    // RTI always streams over udp; tcp is for SOFT_RTI only.
    const link: RtiTransport = wanted === 'RTI' ? 'udp' : ((transport as RtiTransport | undefined) ?? 'udp');
    this.session = { mode: wanted, pcIp, transport: link, rateHz: rateHz ?? 0, claimed: false, pcPort: undefined };
    this.contract = sessionContract(this.contract, rateHz);
    this.owner = client;
    this.stopReason = '';
    this.motion.hold();
    return answer(done(`${wanted} session with ${pcIp} over ${link}: holding still until rti_claim`), true);
  }

  private claim(client: string): VerbOutcome {
    return this.inSession(client, () => {
      const s = this.session!;
      if (s.claimed) return done('already claimed');
      if (this.motion.isStopping()) return refuse('COMMAND_NOT_ALLOWED', 'the previous claim is still stopping');
      const refused = this.rtRefusal();
      if (refused !== undefined) return refused;
      s.claimed = true;
      this.owner = client;
      this.stopReason = '';
      this.motion.beginClaim(this.tickCount);
      return done('claimed: commands are applied from now on');
    });
  }

  private disconnect(client: string): VerbOutcome {
    const owned = this.refusedOwner(client);
    if (owned !== undefined) return owned;
    if (this.session === undefined) return answer(done('already IDLE'));
    if (this.session.claimed) this.stop('disconnected');
    this.session = undefined;
    this.owner = undefined;
    return answer(done('back to IDLE'), true);
  }

  private setCommandTimeout(client: string, seconds: number): VerbOutcome {
    if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= 1)) {
      return answer(refuse('INVALID_ARGUMENTS', `command timeout must be above 0 and at most 1 s, got ${seconds}`));
    }
    return this.inSession(client, () => {
      this.contract = { ...this.contract, commandTimeoutS: seconds };
      return done(`command timeout ${seconds} s`);
    });
  }

  private setServoGenerator(client: string, name: string): VerbOutcome {
    if (!(SERVO_GENERATORS as readonly string[]).includes(name)) {
      return answer(
        refuse('INVALID_ARGUMENTS', `servo generator must be one of ${SERVO_GENERATORS.join(', ')}, got '${name}'`),
      );
    }
    return this.inSession(client, () => {
      this.contract = { ...this.contract, servoGenerator: name };
      return done(`servo generator ${name}`);
    });
  }

  /** Owner, then a real-time mode, then `run` on the real-time controller. */
  private inSession(client: string, run: () => ArmAnswer): VerbOutcome {
    const owned = this.refusedOwner(client);
    if (owned !== undefined) return owned;
    if (this.session === undefined) {
      return answer(refuse('COMMAND_NOT_ALLOWED', 'the arm is in IDLE: rti_connect first'));
    }
    return answer(run(), true);
  }

  /** Settings a connect resets, and the stop ramp (tests, `simulator.arm(id).tune`). */
  tune(t: ArmTuning): void {
    const { stopTicks, ...contract } = t;
    if (stopTicks !== undefined) this.stopTicks = stopTicks;
    this.contract = { ...this.contract, ...contract };
  }

  /** Ends the claim: commands are no longer applied, the joints ramp down. */
  stop(reason: string): void {
    if (this.session !== undefined) this.session.claimed = false;
    this.stopReason = reason;
    this.stoppedAtTick = this.tickCount;
    this.motion.beginStop(this.stopTicks);
  }

  /** One 4 ms tick; answers the state datagram for the paired PC, if it is due. */
  tick(nowMs: number): Uint8Array | undefined {
    const n = ++this.tickCount;
    const s = this.session;
    const claimed = s?.claimed === true ? { mode: s.mode, rateHz: s.rateHz, contract: this.contract } : undefined;
    const event = this.motion.tick(n, claimed);
    if (event?.kind === 'timeout') this.stop('command timeout');
    if (event?.kind === 'start-pose') {
      this.error = event.reason;
      this.stop(`error: ${event.reason}`);
    }
    if (s === undefined || this.session !== s) return undefined;
    const every = Math.max(1, Math.round(1000 / ARM_TICK_MS / Math.max(1e-9, this.contract.stateRateHz)));
    if (s.mode === 'RTI' && n % every !== 0) return undefined;
    return encodeState({
      tick: n,
      tickMs: nowMs,
      mode: MODE_VALUE[s.mode],
      claimed: s.claimed,
      stopping: this.motion.isStopping(),
      errorLatched: this.error !== undefined,
      appliedSeq: this.motion.appliedSeq,
      appliedSentMs: this.motion.appliedSentMs,
      positions: this.motion.positions,
      velocities: this.motion.velocities,
    });
  }

  /**
   * A datagram from `fromIp:fromPort` over `via`: used only from the paired PC and the
   * session's transport; anything else is counted and ignored. Answers whether it was used.
   */
  receive(bytes: Uint8Array, fromIp: string, fromPort: number, via: RtiTransport): boolean {
    const s = this.session;
    const packet = decodePacket(bytes);
    if (packet === undefined) {
      this.stream.malformed++;
      return false;
    }
    if (s === undefined || s.transport !== via || normalizeIp(fromIp) !== s.pcIp || packet.kind === PacketKind.State) {
      this.stream.ignored++;
      return false;
    }
    s.pcPort = fromPort;
    this.stream.accepted++;
    if (packet.kind !== PacketKind.Target) return true;
    this.stream.targets++;
    if (s.claimed) this.motion.offer(packet);
    return true;
  }

  status(): Omit<ArmStatus, 'header'> {
    const s = this.session;
    return {
      mode: MODE_VALUE[this.mode],
      owner: this.owner ?? '',
      enabled: this.enabled,
      homed: this.homed,
      errorLatched: this.error !== undefined,
      errorReason: this.error ?? '',
      claimed: s?.claimed === true,
      stopping: this.motion.isStopping(),
      stopReason: this.stopReason,
      pcIp: s?.pcIp ?? '',
      transport: s?.transport ?? '',
      rateHz: s?.rateHz ?? 0,
      streamPort: this.streamPort(),
      tick: BigInt(this.tickCount),
      positions: [...this.motion.positions],
      velocities: [...this.motion.velocities],
      contract: { ...this.contract },
    };
  }
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) -> `127.0.0.1`. */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

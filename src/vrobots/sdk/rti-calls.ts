/**
 * The arm's immediate commands on the rclcpp layer: one ClientHandle per verb
 * (`vrobots/{id}/z/srv/rti_*`, `latest_status`, the `arm_*` knobs), each request sent once,
 * and the arm's status subscription. The client's own rules live here: arguments of the
 * wrong type or a transport that is not udp/tcp are refused before anything is sent; no
 * answer within 5 s is a RobotTimeout; with `wait`, the mode not reported within 10 s is
 * one too; the connection dropping while an answer is awaited answers CONNECTION_LOST
 * (DISCONNECTED after a deliberate disconnect), and while the status is awaited a
 * RobotConnectionError.
 */
import type { ClientHandle, Node, SubscriptionHandle } from '../../rclcpp/index.js';
import { ok, type ResultOf } from '../../result.js';
import { type ArgValue, armValue } from '../arm/arm-args.js';
import { type ArmModeName, RTI_TRANSPORTS, type RtiTransport } from '../arm/arm-codes.js';
import { ARM_VERBS, type ArmVerb, armSrvKey, armStatusKey } from '../arm/arm-verbs.js';
import { type ArmReply, ArmRequest, ArmStatus, armService } from '../messages/arm-messages.js';
import type { LoopDriver } from './loop-driver.js';
import { type RtiErr, rtiErr } from './rti-error.js';
import { type VrResultOf, vrFail } from './vr-error.js';

/** The vendor client's answer budget. */
export const RTI_ANSWER_TIMEOUT_MS = 5000;
/** How long `wait` waits for the arm to report the real-time mode. */
export const RTI_MODE_WAIT_MS = 10_000;

export type RtiResultOf<T> = { readonly ok: true; readonly value: T } | RtiErr;
export type RtiResult = RtiResultOf<undefined>;

/** Where the connection stands: up, dropped, or closed on purpose. */
export type LinkState = 'up' | 'lost' | 'closed';

export interface RtiCallsOptions {
  /** The control identity the arm sees. */
  readonly client: string;
  readonly answerTimeoutMs?: number;
  readonly modeWaitMs?: number;
  /** What `wait: undefined` means (the vendor's sync setting). */
  readonly sync?: boolean;
}

export interface RtiConnectArgs {
  readonly pcIp?: string | undefined;
  readonly wait?: boolean | undefined;
  readonly rateHz?: number | undefined;
  readonly transport?: RtiTransport | undefined;
}

const MODE_OF: Record<number, ArmModeName> = { 0: 'IDLE', 1: 'RTI', 2: 'SOFT_RTI' };

export class RtiCalls {
  private readonly handles = new Map<ArmVerb, ClientHandle<ArmRequest, ArmReply>>();
  private readonly arrived = new Map<string, ResultOf<ArmReply>>();
  /** Requests still awaited: a reply after its caller gave up is dropped. */
  private readonly pending = new Set<string>();
  private status: ArmStatus | undefined;
  private statusCount = 0;
  private statusSub: SubscriptionHandle | undefined;
  /** Requests sent per verb (a test proves "nothing sent" with it). */
  readonly sent = new Map<ArmVerb, number>();
  private readonly answerTimeoutMs: number;
  private readonly modeWaitMs: number;

  private constructor(
    readonly sysId: number,
    private readonly driver: LoopDriver,
    private readonly options: RtiCallsOptions,
    private readonly link: () => LinkState,
  ) {
    this.answerTimeoutMs = options.answerTimeoutMs ?? RTI_ANSWER_TIMEOUT_MS;
    this.modeWaitMs = options.modeWaitMs ?? RTI_MODE_WAIT_MS;
  }

  static open(
    node: Node,
    driver: LoopDriver,
    sysId: number,
    options: RtiCallsOptions,
    link: () => LinkState,
  ): VrResultOf<RtiCalls> {
    const calls = new RtiCalls(sysId, driver, options, link);
    for (const verb of ARM_VERBS) {
      const key = armSrvKey(sysId, verb);
      const h = node.createClient(
        armService(verb),
        key,
        (reply, seq) => {
          const id = `${verb}#${seq}`;
          if (!calls.pending.has(id)) return;
          calls.arrived.set(id, reply);
          driver.wake.notify();
        },
        // The rclcpp budget outlasts the client's own, so the client's timeout is the one that speaks.
        { requestBudgetMs: calls.answerTimeoutMs + 1000 },
      );
      if (!h.ok) {
        calls.close();
        return vrFail(h.error, `cannot open a client on ${key}`);
      }
      calls.handles.set(verb, h.value);
    }
    const sub = node.createSubscription(ArmStatus, armStatusKey(sysId), (s) => {
      calls.status = s;
      calls.statusCount++;
      driver.wake.notify();
    });
    if (!sub.ok) {
      calls.close();
      return vrFail(sub.error, `cannot subscribe ${armStatusKey(sysId)}`);
    }
    calls.statusSub = sub.value;
    return ok(calls);
  }

  /** Sends one verb with its arguments as given (a raw client) and answers the arm's reply. */
  async call(verb: ArmVerb, args: readonly ArgValue[]): Promise<RtiResultOf<ArmReply>> {
    const handle = this.handles.get(verb);
    if (handle === undefined) return rtiErr('RobotConnectionError', `no client for ${verb}: this handle is closed`);
    const state = this.link();
    if (state !== 'up') return rtiErr('RobotConnectionError', `${verb}: the client is not connected; nothing was sent`);
    const key = armSrvKey(this.sysId, verb);
    const sent = handle.asyncSendRequest(
      ArmRequest.create({
        header: { sysId: this.sysId, topicFullName: key },
        client: this.options.client,
        args: args.map(armValue),
      }),
    );
    if (!sent.ok) return rtiErr('RobotConnectionError', `${verb}: cannot send on ${key}: ${sent.error.message}`);
    this.sent.set(verb, (this.sent.get(verb) ?? 0) + 1);
    const id = `${verb}#${sent.value}`;
    this.pending.add(id);
    const got = await this.driver.until(() => this.arrived.has(id) || this.link() !== 'up', this.answerTimeoutMs);
    const reply = this.arrived.get(id);
    this.arrived.delete(id);
    this.pending.delete(id);
    if (reply === undefined) {
      const now = this.link();
      if (now === 'closed')
        return rtiErr('DISCONNECTED', `${verb}: disconnected while waiting for the answer on ${key}`);
      if (now === 'lost')
        return rtiErr('CONNECTION_LOST', `${verb}: the connection dropped while waiting for the answer on ${key}`);
      if (!got) return rtiErr('RobotTimeout', `${verb}: no answer on ${key} within ${this.answerTimeoutMs}ms`);
    }
    if (reply === undefined)
      return rtiErr('RobotTimeout', `${verb}: no answer on ${key} within ${this.answerTimeoutMs}ms`);
    if (!reply.ok) {
      if (reply.error.name === 'Timeout') {
        return rtiErr('RobotTimeout', `${verb}: no answer on ${key} within ${this.answerTimeoutMs}ms`);
      }
      return rtiErr('RobotConnectionError', `${verb}: ${key}: ${reply.error.message}`);
    }
    const r = reply.value;
    if (r.ok) return ok(r);
    const name = r.codeName || String(r.code);
    return rtiErr(
      'CommandRejected',
      `${verb} refused with ${r.code === 0 ? name : `${r.code} (${name})`}: ${r.message}`,
      {
        code: r.code,
        name,
      },
    );
  }

  /**
   * rti_connect(pc_ip?, wait?, rate_hz?, transport?): checked here first (nothing is sent for
   * a wrong type or transport); `pcIp` must be resolved by the caller or is sent as none.
   */
  async connect(a: RtiConnectArgs = {}): Promise<RtiResult> {
    const bad = checkConnectArgs(a);
    if (bad !== undefined) return bad;
    const r = await this.call('rti_connect', [a.pcIp, a.rateHz, a.transport]);
    if (!r.ok) return r;
    if (!(a.wait ?? this.options.sync ?? false)) return ok();
    return this.waitForMode(a.rateHz === undefined ? 'RTI' : 'SOFT_RTI');
  }

  /** Waits until the arm's status reports `mode` (the vendor's `wait`). */
  async waitForMode(mode: ArmModeName): Promise<RtiResult> {
    const reached = (): boolean => this.status !== undefined && MODE_OF[this.status.mode] === mode;
    const got = await this.driver.until(() => reached() || this.link() !== 'up', this.modeWaitMs);
    if (reached()) return ok();
    if (this.link() !== 'up') {
      return rtiErr('RobotConnectionError', `the connection dropped while waiting for the arm to report ${mode}`);
    }
    const now = this.status === undefined ? 'no status' : MODE_OF[this.status.mode];
    return rtiErr(
      'RobotTimeout',
      `the arm did not report ${mode} within ${this.modeWaitMs}ms${got ? '' : ` (last: ${now})`}`,
    );
  }

  async verb(verb: Exclude<ArmVerb, 'rti_connect'>, args: readonly ArgValue[] = []): Promise<RtiResult> {
    const r = await this.call(verb, args);
    return r.ok ? ok() : r;
  }

  /** rti_set_command_timeout(seconds): a number, or TypeError with nothing sent. */
  setCommandTimeout(seconds: number): Promise<RtiResult> {
    if (typeof seconds !== 'number') return Promise.resolve(typeError('seconds', seconds, 'a number'));
    return this.verb('rti_set_command_timeout', [seconds]);
  }

  /** rti_set_servo_generator(name): a string, or TypeError with nothing sent. */
  setServoGenerator(name: string): Promise<RtiResult> {
    if (typeof name !== 'string') return Promise.resolve(typeError('name', name, 'a string'));
    return this.verb('rti_set_servo_generator', [name]);
  }

  /** latest_status(): asks the arm (mode, owner, flags, joints, contract). */
  async latestStatus(): Promise<RtiResultOf<ArmStatus>> {
    const r = await this.call('latest_status', []);
    if (!r.ok) return r;
    this.status = r.value.status;
    return ok(r.value.status);
  }

  /** The last status the arm published (undefined before the first). */
  lastStatus(): ArmStatus | undefined {
    return this.status;
  }

  statusesReceived(): number {
    return this.statusCount;
  }

  close(): void {
    for (const h of this.handles.values()) h.reset();
    this.handles.clear();
    this.statusSub?.reset();
    this.statusSub = undefined;
  }
}

function typeError(argument: string, value: unknown, wanted: string): RtiErr {
  return rtiErr('TypeError', `${argument} must be ${wanted}, got ${typeof value}; nothing was sent`);
}

/** The vendor client's checks of rti_connect's arguments (nothing is sent when they fail). */
export function checkConnectArgs(a: RtiConnectArgs): RtiErr | undefined {
  if (typeof a !== 'object' || a === null) return typeError('arguments', a, 'an object');
  if (a.pcIp !== undefined && typeof a.pcIp !== 'string') return typeError('pc_ip', a.pcIp, 'a string');
  if (a.wait !== undefined && typeof a.wait !== 'boolean') return typeError('wait', a.wait, 'a boolean');
  if (a.rateHz !== undefined && typeof a.rateHz !== 'number') return typeError('rate_hz', a.rateHz, 'a number');
  if (a.transport !== undefined) {
    if (typeof a.transport !== 'string') return typeError('transport', a.transport, "'udp' or 'tcp'");
    if (!(RTI_TRANSPORTS as readonly string[]).includes(a.transport)) {
      return rtiErr('ValueError', `transport must be 'udp' or 'tcp', got '${a.transport}'; nothing was sent`);
    }
  }
  return undefined;
}

/** ArmMode value -> name. */
export function armModeName(mode: number): ArmModeName {
  return MODE_OF[mode] ?? 'IDLE';
}

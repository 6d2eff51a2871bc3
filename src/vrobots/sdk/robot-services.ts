/**
 * The services of a robot. Every segment but the manager's goes through the retry loop
 * (ServiceChannel.callWithRetry) until service_timeout; delete is sent exactly once. A
 * SrvAck with ok=false comes back as a `service` error carrying the simulator's message.
 * Payload-less GETs (activate, skin read-back, scene frame) use a zero-byte request.
 */

import type { SubscriptionHandle } from '../../rclcpp/api.js';
import type { ServiceType } from '../../rclcpp/type-support.js';
import { CameraOp, type CameraSpec, type CoordFrameDef, type Pose } from '../generated/swarmbotix-types.js';
import { MANAGER_DELETE_KEY as DELETE_KEY, framesKey, SCENE_FRAME_KEY, srvKey as serviceKey } from '../keys.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import type { SrvAck } from '../messages/service-messages.js';
import { DeleteService, ROBOT_SERVICE_TYPES } from '../messages/service-types.js';
import { CoordFrameDef as CoordFrameDefType } from '../messages/topic-messages.js';
import { RawBytes } from '../tools/raw-bytes.js';
import { toVec3 } from './command-helpers.js';
import { PayloadLessAck } from './payload-less.js';
import { firstNonFinite } from './robot-commands.js';
import type { RobotCore } from './robot-handle.js';
import type { PhysicalParams, ServiceFields } from './virtual-robot.js';
import { fromRclError, type VrResult, type VrResultOf, vrErr } from './vr-error.js';

const OK: VrResult = { ok: true, value: undefined };
const CAMERA_NAME = /^[A-Za-z0-9_-]+$/;

type Segment = keyof typeof ROBOT_SERVICE_TYPES;
type ConfigSegment = 'sensors' | 'frames' | 'drive' | 'rotors' | 'msd' | 'cartpole';

/** ok=false on a receipt -> service error with the simulator's sentence. */
function receipt(key: string, reply: VrResultOf<SrvAck>): VrResultOf<SrvAck> {
  if (!reply.ok) return reply;
  if (!reply.value.ok) return vrErr('service', `${key} refused: ${reply.value.message}`);
  return reply;
}

function textProblem(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? `${path} must not contain NUL` : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = textProblem(value[i], `${path}[${i}]`);
      if (bad !== undefined) return bad;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const bad = textProblem(v, `${path}.${k}`);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

export class RobotServices {
  readonly #robot: RobotCore;
  readonly #frames = new Map<string, CoordFrameDef>();
  #framesSub: SubscriptionHandle | undefined;

  constructor(robot: RobotCore) {
    this.#robot = robot;
  }

  /** Retry loop on one of this robot's segments, with a typed request. */
  async #call<Req, Res>(
    type: ServiceType<Req, Res>,
    key: string,
    request: Req,
    budgetMs?: number,
  ): Promise<VrResultOf<Res>> {
    const refused = this.#robot.unusable();
    if (refused !== undefined) return refused;
    const channel = this.#robot.link.channel(type, key);
    if (!channel.ok) return channel;
    const r = await channel.value.callWithRetry(request, budgetMs ?? this.#robot.link.options.serviceTimeoutMs);
    return this.#robot.unusable() ?? r;
  }

  #request<S extends Segment>(
    segment: S,
    fields: object,
  ): Parameters<(typeof ROBOT_SERVICE_TYPES)[S]['Request']['encode']>[0] {
    const key = serviceKey(this.#robot.sysId, segment);
    const header = this.#robot.stamp.next(key);
    this.#robot.stamp.commit(key);
    const type = ROBOT_SERVICE_TYPES[segment].Request as { create(init: object): unknown };
    return type.create({ ...fields, header }) as never;
  }

  async #segment(segment: Segment, fields: object, budgetMs?: number): Promise<VrResult> {
    const key = serviceKey(this.#robot.sysId, segment);
    const type = ROBOT_SERVICE_TYPES[segment] as unknown as ServiceType<unknown, SrvAck>;
    const r = receipt(key, await this.#call(type, key, this.#request(segment, fields), budgetMs));
    return r.ok ? OK : r;
  }

  async activate(): Promise<VrResult> {
    const key = serviceKey(this.#robot.sysId, 'activate');
    const r = receipt(key, await this.#call(PayloadLessAck, key, undefined));
    return r.ok ? OK : r;
  }

  reset(pose?: DeepPartial<Pose>): Promise<VrResult> {
    if (pose !== undefined) {
      const bad = firstNonFinite(pose, 'pose');
      if (bad !== undefined) return Promise.resolve(vrErr('invalid_argument', `reset: ${bad} must be finite`));
    }
    // Always with a payload: a payload-less GET would reset too, but the request says who asked.
    return this.#segment('reset', pose === undefined ? {} : { pose });
  }

  setPhysicalParams(params: PhysicalParams): Promise<VrResult> {
    if (typeof params !== 'object' || params === null)
      return Promise.resolve(vrErr('invalid_argument', 'setPhysicalParams: params must be an object'));
    const fields: { mass?: number; principalMoments?: { x: number; y: number; z: number } } = {};
    if (params.mass !== undefined) {
      if (typeof params.mass !== 'number' || !Number.isFinite(params.mass) || params.mass <= 0) {
        return Promise.resolve(
          vrErr(
            'invalid_argument',
            `setPhysicalParams: mass must be a finite number > 0 kg (got ${String(params.mass)})`,
          ),
        );
      }
      fields.mass = params.mass;
    }
    if (params.principalMoments !== undefined) {
      const m = toVec3(params.principalMoments, 'setPhysicalParams: principalMoments');
      if (!m.ok) return Promise.resolve(m);
      if (m.value.x <= 0 || m.value.y <= 0 || m.value.z <= 0) {
        return Promise.resolve(
          vrErr(
            'invalid_argument',
            `setPhysicalParams: principalMoments must each be > 0 kg m^2 (got ${JSON.stringify(m.value)})`,
          ),
        );
      }
      fields.principalMoments = m.value;
    }
    return this.#segment('params', fields);
  }

  setSkin(skin: string): Promise<VrResult> {
    if (typeof skin !== 'string' || skin.length === 0 || skin.includes('\0')) {
      return Promise.resolve(
        vrErr('invalid_argument', `setSkin: skin must be a non-empty string without NUL (got ${JSON.stringify(skin)})`),
      );
    }
    return this.#segment('skin', { skin });
  }

  async readSkin(): Promise<VrResultOf<string>> {
    const key = serviceKey(this.#robot.sysId, 'skin');
    const r = receipt(key, await this.#call(PayloadLessAck, key, undefined));
    return r.ok ? { ok: true, value: r.value.message } : r;
  }

  configure(segment: ConfigSegment, fields: ServiceFields<object>): Promise<VrResult> {
    const name = `configure ${segment}`;
    if (typeof fields !== 'object' || fields === null)
      return Promise.resolve(vrErr('invalid_argument', `${name}: config must be an object`));
    const bad = firstNonFinite(fields, segment) ?? textProblem(fields, segment);
    if (bad !== undefined)
      return Promise.resolve(
        vrErr('invalid_argument', `${name}: ${bad.endsWith('NUL') ? bad : `${bad} must be finite`}`),
      );
    const { header: _ignored, ...rest } = fields as { header?: unknown };
    return this.#segment(segment, rest);
  }

  async sceneFrame(): Promise<VrResultOf<string>> {
    const r = receipt(SCENE_FRAME_KEY, await this.#call(PayloadLessAck, SCENE_FRAME_KEY, undefined));
    return r.ok ? { ok: true, value: r.value.message } : r;
  }

  async frameDef(frameId?: string): Promise<VrResultOf<CoordFrameDef>> {
    if (frameId !== undefined && (typeof frameId !== 'string' || frameId.length === 0 || frameId.includes('\0'))) {
      return vrErr(
        'invalid_argument',
        `frameDef: frameId must be a non-empty string without NUL (got ${JSON.stringify(frameId)})`,
      );
    }
    const refused = this.#robot.unusable();
    if (refused !== undefined) return refused;
    const key = framesKey(this.#robot.sysId);
    if (this.#framesSub === undefined) {
      const sub = this.#robot.link.node.createSubscription(RawBytes, key, (bytes) => {
        try {
          const def = CoordFrameDefType.decode(bytes);
          this.#frames.set(def.frameId, def);
          this.#robot.link.driver.wake.notify();
        } catch {
          // a malformed frame definition is skipped; the keepalive brings the next
        }
      });
      if (!sub.ok) return { ok: false, error: fromRclError(sub.error, `cannot subscribe ${key}`) };
      this.#framesSub = sub.value;
    }
    const pick = (): CoordFrameDef | undefined =>
      frameId !== undefined ? this.#frames.get(frameId) : [...this.#frames.values()].find((d) => !d.isStatic);
    const budget = this.#robot.link.options.serviceTimeoutMs;
    await this.#robot.link.driver.until(() => pick() !== undefined, budget);
    const def = pick();
    if (def === undefined) {
      const what = frameId === undefined ? 'the robot body frame' : `frame '${frameId}'`;
      return vrErr('timeout', `no definition of ${what} on ${key} within ${budget}ms`);
    }
    return { ok: true, value: def };
  }

  mountCamera(camera: DeepPartial<CameraSpec> & { readonly name: string }): Promise<VrResult> {
    if (
      typeof camera !== 'object' ||
      camera === null ||
      typeof camera.name !== 'string' ||
      !CAMERA_NAME.test(camera.name)
    ) {
      return Promise.resolve(vrErr('invalid_argument', 'mountCamera: camera.name must match [A-Za-z0-9_-]+'));
    }
    const bad = firstNonFinite(camera, 'camera') ?? textProblem(camera, 'camera');
    if (bad !== undefined) return Promise.resolve(vrErr('invalid_argument', `mountCamera: ${bad} is invalid`));
    return this.#segment(
      'cameras',
      { op: CameraOp.UPSERT, cameras: [camera] },
      this.#robot.link.options.cameraTimeoutMs,
    );
  }

  unmountCamera(name: string): Promise<VrResult> {
    if (typeof name !== 'string' || !CAMERA_NAME.test(name)) {
      return Promise.resolve(
        vrErr('invalid_argument', `unmountCamera: name must match [A-Za-z0-9_-]+ (got ${JSON.stringify(name)})`),
      );
    }
    return this.#segment(
      'cameras',
      { op: CameraOp.REMOVE, cameras: [{ name }] },
      this.#robot.link.options.cameraTimeoutMs,
    );
  }

  /** One SrvVRobotDelete, never retried (a re-send after success would answer ok=false). */
  async deleteOnce(): Promise<VrResult> {
    const channel = this.#robot.link.channel(DeleteService, DELETE_KEY);
    if (!channel.ok) return channel;
    const header = this.#robot.stamp.next(DELETE_KEY);
    this.#robot.stamp.commit(DELETE_KEY);
    const request = DeleteService.Request.create({ header, sysId: this.#robot.sysId });
    const r = receipt(DELETE_KEY, await channel.value.callOnce(request, this.#robot.link.options.serviceTimeoutMs));
    return r.ok ? OK : r;
  }

  close(): void {
    this.#framesSub?.reset();
    this.#framesSub = undefined;
  }
}

/**
 * The client side of the robot's services. Every per-robot segment goes through the retry
 * loop (ServiceChannel.callWithRetry) until service_timeout, with its request type taken from
 * the service table; delete is sent exactly once. A SrvAck with ok=false comes back as a
 * `service` error carrying the simulator's message. Payload-less GETs (activate, skin
 * read-back, scene frame) use a zero-byte request.
 */
import type { ServiceType } from '../../rclcpp/index.js';
import { describeThrown, ok } from '../../result.js';
import { CameraOp, type CameraSpec, type CoordFrameDef, type Pose } from '../generated/swarmbotix-types.js';
import { MANAGER_DELETE_KEY as DELETE_KEY, framesKey, SCENE_FRAME_KEY, srvKey } from '../keys.js';
import type { DeepPartial } from '../messages/proto-codec.js';
import type { SrvAck } from '../messages/service-messages.js';
import { ROBOT_SERVICES, type SegmentRequest, type ServiceSegment } from '../messages/service-table.js';
import { DeleteService } from '../messages/service-types.js';
import { readCallerValue } from './caller-value.js';
import { toVec3 } from './command-helpers.js';
import { FrameDefs } from './frame-defs.js';
import { firstNonFinite, textProblem } from './payload-checks.js';
import { PayloadLessAck } from './payload-less.js';
import type { PhysicalParams, ServiceFields } from './robot-api.js';
import { RobotCommands } from './robot-commands.js';
import { type VrResult, type VrResultOf, vrErr } from './vr-error.js';

const CAMERA_NAME = /^[A-Za-z0-9_-]+$/;

type ConfigSegment = 'sensors' | 'frames' | 'drive' | 'rotors' | 'msd' | 'cartpole';

/** ok=false on a receipt -> service error with the simulator's sentence. */
function receipt(key: string, reply: VrResultOf<SrvAck>): VrResultOf<SrvAck> {
  if (!reply.ok) return reply;
  if (!reply.value.ok) return vrErr('service', `${key} refused: ${reply.value.message}`);
  return reply;
}

const refusedNow = (detail: string): Promise<VrResult> => Promise.resolve(vrErr('invalid_argument', detail));

export abstract class RobotServiceCalls extends RobotCommands {
  private frameDefs: FrameDefs | undefined;

  /** Retry loop on one of this robot's keys, with a typed request. */
  private async call<Req, Res>(
    type: ServiceType<Req, Res>,
    key: string,
    request: Req,
    budgetMs?: number,
  ): Promise<VrResultOf<Res>> {
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    const channel = this.link.channel(type, key);
    if (!channel.ok) return channel;
    const r = await channel.value.callWithRetry(request, budgetMs ?? this.link.options.serviceTimeoutMs);
    return this.unusable() ?? r;
  }

  /** One segment's request (the table's type, stamped with this client's header), sent with retry. */
  private async callSegment<S extends ServiceSegment>(
    segment: S,
    fields: ServiceFields<SegmentRequest<S>>,
    budgetMs?: number,
  ): Promise<VrResult> {
    const key = srvKey(this.sysId, segment);
    const header = this.stamp.next(key);
    // Indexing the table with a generic S widens to the union of every service type.
    const service = ROBOT_SERVICES[segment].service as unknown as ServiceType<SegmentRequest<S>, SrvAck> & {
      readonly Request: { create(init: object): SegmentRequest<S> };
    };
    let request: SegmentRequest<S>;
    try {
      request = service.Request.create({ ...fields, header });
    } catch (e) {
      return vrErr('invalid_argument', `${key}: the request could not be built: ${describeThrown(e)}`);
    }
    this.stamp.commit(key);
    const r = receipt(key, await this.call(service, key, request, budgetMs));
    return r.ok ? ok() : r;
  }

  /** A payload-less GET answered by a SrvAck: the receipt's message. */
  private async getAck(key: string): Promise<VrResultOf<string>> {
    const r = receipt(key, await this.call(PayloadLessAck, key, undefined));
    return r.ok ? ok(r.value.message) : r;
  }

  async activate(): Promise<VrResult> {
    const r = await this.getAck(srvKey(this.sysId, 'activate'));
    return r.ok ? ok() : r;
  }

  reset(input?: DeepPartial<Pose>): Promise<VrResult> {
    const read = readCallerValue(input, 'reset: pose');
    if (!read.ok) return Promise.resolve(read);
    const pose = read.value;
    if (pose !== undefined) {
      const bad = firstNonFinite(pose, 'pose');
      if (bad !== undefined) return refusedNow(`reset: ${bad} must be finite`);
    }
    // Always with a payload: a payload-less GET would reset too, but the request says who asked.
    return this.callSegment('reset', pose === undefined ? {} : { pose });
  }

  setPhysicalParams(input: PhysicalParams): Promise<VrResult> {
    const read = readCallerValue(input, 'setPhysicalParams: params');
    if (!read.ok) return Promise.resolve(read);
    const params = read.value;
    if (typeof params !== 'object' || params === null) return refusedNow('setPhysicalParams: params must be an object');
    const fields: { mass?: number; principalMoments?: { x: number; y: number; z: number } } = {};
    if (params.mass !== undefined) {
      if (typeof params.mass !== 'number' || !Number.isFinite(params.mass) || params.mass <= 0)
        return refusedNow(`setPhysicalParams: mass must be a finite number > 0 kg (got ${String(params.mass)})`);
      fields.mass = params.mass;
    }
    if (params.principalMoments !== undefined) {
      const m = toVec3(params.principalMoments, 'setPhysicalParams: principalMoments');
      if (!m.ok) return Promise.resolve(m);
      if (m.value.x <= 0 || m.value.y <= 0 || m.value.z <= 0) {
        return refusedNow(
          `setPhysicalParams: principalMoments must each be > 0 kg m^2 (got ${JSON.stringify(m.value)})`,
        );
      }
      fields.principalMoments = m.value;
    }
    return this.callSegment('params', fields);
  }

  setSkin(skin: string): Promise<VrResult> {
    if (typeof skin !== 'string' || skin.length === 0 || skin.includes('\0'))
      return refusedNow(`setSkin: skin must be a non-empty string without NUL (got ${JSON.stringify(skin)})`);
    return this.callSegment('skin', { skin });
  }

  skin(): Promise<VrResultOf<string>> {
    return this.getAck(srvKey(this.sysId, 'skin'));
  }

  private configure<S extends ConfigSegment>(segment: S, input: ServiceFields<SegmentRequest<S>>): Promise<VrResult> {
    const name = `configure ${segment}`;
    const read = readCallerValue(input, `${name}: config`);
    if (!read.ok) return Promise.resolve(read);
    const fields = read.value;
    if (typeof fields !== 'object' || fields === null) return refusedNow(`${name}: config must be an object`);
    const nonFinite = firstNonFinite(fields, segment);
    if (nonFinite !== undefined) return refusedNow(`${name}: ${nonFinite} must be finite`);
    const nul = textProblem(fields, segment);
    if (nul !== undefined) return refusedNow(`${name}: ${nul}`);
    const { header: _ignored, ...rest } = fields as ServiceFields<SegmentRequest<S>> & { header?: unknown };
    return this.callSegment(segment, rest as ServiceFields<SegmentRequest<S>>);
  }

  configureSensors(config: ServiceFields<SegmentRequest<'sensors'>>): Promise<VrResult> {
    return this.configure('sensors', config);
  }
  setFrames(frames: ServiceFields<SegmentRequest<'frames'>>): Promise<VrResult> {
    return this.configure('frames', frames);
  }
  configureDrive(config: ServiceFields<SegmentRequest<'drive'>>): Promise<VrResult> {
    return this.configure('drive', config);
  }
  configureRotors(config: ServiceFields<SegmentRequest<'rotors'>>): Promise<VrResult> {
    return this.configure('rotors', config);
  }
  configureMsd(config: ServiceFields<SegmentRequest<'msd'>>): Promise<VrResult> {
    return this.configure('msd', config);
  }
  configureCartpole(config: ServiceFields<SegmentRequest<'cartpole'>>): Promise<VrResult> {
    return this.configure('cartpole', config);
  }

  sceneFrame(): Promise<VrResultOf<string>> {
    return this.getAck(SCENE_FRAME_KEY);
  }

  async frameDef(frameId?: string): Promise<VrResultOf<CoordFrameDef>> {
    if (frameId !== undefined && (typeof frameId !== 'string' || frameId.length === 0 || frameId.includes('\0'))) {
      return vrErr(
        'invalid_argument',
        `frameDef: frameId must be a non-empty string without NUL (got ${JSON.stringify(frameId)})`,
      );
    }
    const refused = this.unusable();
    if (refused !== undefined) return refused;
    this.frameDefs ??= new FrameDefs(this.link, framesKey(this.sysId));
    return this.frameDefs.find(frameId, this.link.options.serviceTimeoutMs);
  }

  mountCamera(input: DeepPartial<CameraSpec> & { readonly name: string }): Promise<VrResult> {
    const read = readCallerValue(input, 'mountCamera: camera');
    if (!read.ok) return Promise.resolve(read);
    const camera = read.value;
    if (
      typeof camera !== 'object' ||
      camera === null ||
      typeof camera.name !== 'string' ||
      !CAMERA_NAME.test(camera.name)
    )
      return refusedNow('mountCamera: camera.name must match [A-Za-z0-9_-]+');
    const bad = firstNonFinite(camera, 'camera') ?? textProblem(camera, 'camera');
    if (bad !== undefined) return refusedNow(`mountCamera: ${bad} is invalid`);
    const timeout = this.link.options.cameraTimeoutMs;
    return this.callSegment('cameras', { op: CameraOp.UPSERT, cameras: [camera] }, timeout);
  }

  unmountCamera(name: string): Promise<VrResult> {
    if (typeof name !== 'string' || !CAMERA_NAME.test(name))
      return refusedNow(`unmountCamera: name must match [A-Za-z0-9_-]+ (got ${JSON.stringify(name)})`);
    const timeout = this.link.options.cameraTimeoutMs;
    return this.callSegment('cameras', { op: CameraOp.REMOVE, cameras: [{ name }] }, timeout);
  }

  /** One SrvVRobotDelete, never retried (a re-send after success would answer ok=false). */
  protected async deleteOnce(): Promise<VrResult> {
    const channel = this.link.channel(DeleteService, DELETE_KEY);
    if (!channel.ok) return channel;
    const header = this.stamp.next(DELETE_KEY);
    this.stamp.commit(DELETE_KEY);
    const request = DeleteService.Request.create({ header, sysId: this.sysId });
    const r = receipt(DELETE_KEY, await channel.value.callOnce(request, this.link.options.serviceTimeoutMs));
    return r.ok ? ok() : r;
  }

  protected override release(): void {
    this.frameDefs?.close();
    this.frameDefs = undefined;
    super.release();
  }
}

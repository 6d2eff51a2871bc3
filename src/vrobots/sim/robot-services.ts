/**
 * The service keys of one robot: the seven common segments and only its own type's extra
 * one (a segment the type does not serve has no queryable at all: that is the capability
 * probe). Every reply is a SrvAck receipt; only `skin` ever refuses (ok=false + reason).
 * A payload-less GET means: activate -> activate, reset -> RESET, skin -> read back.
 */

import type { MessageType } from '../../rclcpp/type-support.js';
import { ok, type Result } from '../../result.js';
import { CameraOp } from '../generated/swarmbotix-types.js';
import { COMMON_SEGMENTS, type ServiceSegment, srvKey } from '../keys.js';
import { SrvAck } from '../messages/service-messages.js';
import { ROBOT_SERVICE_TYPES } from '../messages/service-types.js';
import { type DeskAnswer, decodeRequest, serveKey } from './service-desk.js';
import type { SimRobot } from './sim-robot.js';

// Request types come from the one segment -> service table the SDK also uses.
const T = ROBOT_SERVICE_TYPES;

/** Skins every robot accepts; anything else is refused with the list. */
export const SKINS = ['default', 'red', 'blue', 'green', 'yellow', 'black', 'white', 'camo'] as const;

type SegmentHandler = (robot: SimRobot, key: string, payload: Uint8Array) => DeskAnswer;

function ack(robot: SimRobot, key: string, okay: boolean, message: string): Uint8Array {
  return SrvAck.encode({ header: robot.header(key), ok: okay, message });
}

/** Decodes, or counts and logs a malformed request (then the request gets no answer). */
function withRequest<Req>(
  type: MessageType<Req>,
  run: (robot: SimRobot, key: string, request: Req | undefined) => DeskAnswer,
): SegmentHandler {
  return (robot, key, payload) => {
    const decoded = decodeRequest(type, payload);
    if (decoded.kind === 'malformed') {
      robot.ctx.board.countMalformed(key);
      robot.ctx.log(`malformed ${type.typeName} on ${key} (${payload.byteLength} bytes) dropped: ${decoded.reason}`);
      return undefined;
    }
    return run(robot, key, decoded.kind === 'request' ? decoded.request : undefined);
  };
}

const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

const HANDLERS: Record<string, SegmentHandler> = {
  activate: withRequest(T.activate.Request, (robot, key) => {
    robot.active = true;
    return ack(robot, key, true, 'active');
  }),
  reset: withRequest(T.reset.Request, (robot, key, request) => {
    robot.reset(request?.pose);
    return ack(robot, key, true, 'reset');
  }),
  params: withRequest(T.params.Request, (robot, key, request) => {
    const notes: string[] = [];
    let mass = request?.mass;
    if (mass !== undefined && !(finite(mass) && mass > 0)) {
      notes.push(`mass ${mass} ignored (must be > 0)`);
      mass = undefined;
    }
    let moments = request?.principalMoments;
    if (moments !== undefined && ![moments.x, moments.y, moments.z].every((m) => finite(m) && m > 0)) {
      notes.push('principal moments ignored (each must be > 0)');
      moments = undefined;
    }
    robot.body.setPhysical(mass, moments);
    return ack(robot, key, true, notes.length > 0 ? notes.join('; ') : 'params set');
  }),
  skin: withRequest(T.skin.Request, (robot, key, request) => {
    const wanted = request?.skin;
    if (wanted === undefined) return ack(robot, key, true, robot.skin);
    if (!(SKINS as readonly string[]).includes(wanted)) {
      return ack(robot, key, false, `unknown skin '${wanted}' (known: ${SKINS.join(', ')})`);
    }
    robot.skin = wanted;
    return ack(robot, key, true, wanted);
  }),
  sensors: withRequest(T.sensors.Request, (robot, key, request) => {
    if (request !== undefined) robot.body.configureSensors(request);
    return ack(robot, key, true, 'sensors configured');
  }),
  frames: withRequest(T.frames.Request, (robot, key, request) => {
    if (request !== undefined) {
      if (request.robotFrameId !== undefined && request.robotFrameId.length > 0)
        robot.frames.robotFrameId = request.robotFrameId;
      for (const d of request.deviceFrames)
        if (d.device.length > 0 && d.frameId.length > 0) {
          robot.frames.setDeviceFrame(d.device, d.frameId);
          robot.body.setDeviceFrame?.(d.device, d.frameId);
        }
      robot.publishFrames();
    }
    return ack(robot, key, true, `robot frame ${robot.frames.robotFrameId}`);
  }),
  cameras: withRequest(T.cameras.Request, (robot, key, request) => {
    if (request !== undefined) {
      if (request.op === CameraOp.REMOVE) for (const c of request.cameras) robot.frames.removeCamera(c.name);
      else if (request.op === CameraOp.REPLACE) robot.frames.replaceCameras(request.cameras);
      else for (const c of request.cameras) robot.frames.upsertCamera(c);
      robot.publishFrames();
    }
    const names = robot.frames.cameraList().map((c) => c.name);
    return ack(
      robot,
      key,
      true,
      `cameras: ${names.length > 0 ? names.join(', ') : '(none)'}; frames are not served by the rclts simulator`,
    );
  }),
};

function typeConfigHandler<Req extends object>(type: MessageType<Req>): SegmentHandler {
  return withRequest(type, (robot, key, request) => {
    if (request !== undefined) {
      const { header: _header, ...config } = request as Req & { header?: unknown };
      robot.body.configure(config);
    }
    return ack(robot, key, true, `${key.slice(key.lastIndexOf('/') + 1)} configured`);
  });
}

const EXTRA_HANDLERS: Record<string, SegmentHandler> = {
  drive: typeConfigHandler(T.drive.Request),
  rotors: typeConfigHandler(T.rotors.Request),
  msd: typeConfigHandler(T.msd.Request),
  cartpole: typeConfigHandler(T.cartpole.Request),
};

/** Declares the robot's service keys; the first failure is returned. */
export function serveRobotSegments(robot: SimRobot): Result {
  const segments: [ServiceSegment, SegmentHandler][] = COMMON_SEGMENTS.map((s) => [s, HANDLERS[s] as SegmentHandler]);
  const extra = robot.type.extraSegment;
  if (extra !== undefined) segments.push([extra, EXTRA_HANDLERS[extra] as SegmentHandler]);
  for (const [segment, handler] of segments) {
    const key = srvKey(robot.sysId, segment);
    const served = serveKey(robot.node, key, robot.ctx, (payload) => handler(robot, key, payload));
    if (!served.ok) return served;
  }
  return ok();
}

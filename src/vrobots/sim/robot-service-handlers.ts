/**
 * The simulator's (server) side of the per-robot services: one handler per segment of the
 * service table, typed from it, so a segment declared there without a handler here does not
 * compile. A robot serves only the segments its type serves (messages/service-table.ts).
 * Every reply is a SrvAck receipt; only `skin` ever refuses (ok=false + reason). A
 * payload-less GET (the handler sees `undefined`) means: activate -> activate,
 * reset -> RESET, skin -> read back.
 */

import type { MessageType, Node } from '../../rclcpp/index.js';
import { ok, type Result } from '../../result.js';
import { CameraOp, type Header, type Pose } from '../generated/swarmbotix-types.js';
import { srvKey } from '../keys.js';
import { SrvAck } from '../messages/service-messages.js';
import { ROBOT_SERVICES, type SegmentRequest, type ServiceSegment, servedSegments } from '../messages/service-table.js';
import type { RobotTypeInfo } from '../robot-type.js';
import type { FaultBoard } from './fault-knobs.js';
import type { RobotBody } from './robot-body.js';
import type { RobotFrames } from './robot-frames.js';
import { type DeskAnswer, decodeRequest, serveKey } from './service-desk.js';
import type { SimLog } from './sim-log.js';

/** Skins every robot accepts; anything else is refused with the list. */
export const SKINS = ['default', 'red', 'blue', 'green', 'yellow', 'black', 'white', 'camo'] as const;

/** What the handlers read and change on a simulated robot. */
export interface ServedRobot {
  readonly sysId: number;
  readonly type: RobotTypeInfo;
  readonly node: Node;
  readonly ctx: { readonly board: FaultBoard; readonly log: SimLog };
  readonly body: RobotBody;
  readonly frames: RobotFrames;
  active: boolean;
  skin: string;
  reset(pose: Pose | undefined): void;
  header(key: string): Header;
  publishFrames(): void;
}

/** Answers one decoded request (`undefined`: a payload-less GET); `undefined` answers nothing. */
export type SegmentHandler<S extends ServiceSegment> = (
  robot: ServedRobot,
  key: string,
  request: SegmentRequest<S> | undefined,
) => DeskAnswer;

/** One handler for every segment of the service table. */
export type RobotServiceHandlers = { readonly [S in ServiceSegment]: SegmentHandler<S> };

/** Checks a handler table against the service table (a missing segment does not compile). */
export function defineServiceHandlers(handlers: RobotServiceHandlers): RobotServiceHandlers {
  return handlers;
}

function ack(robot: ServedRobot, key: string, okay: boolean, message: string): Uint8Array {
  return SrvAck.encode({ header: robot.header(key), ok: okay, message });
}

const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

function configured(robot: ServedRobot, key: string, request: { readonly header?: unknown } | undefined): DeskAnswer {
  if (request !== undefined) {
    const { header: _header, ...config } = request;
    robot.body.configure(config);
  }
  return ack(robot, key, true, `${key.slice(key.lastIndexOf('/') + 1)} configured`);
}

const HANDLERS = defineServiceHandlers({
  activate: (robot, key) => {
    robot.active = true;
    return ack(robot, key, true, 'active');
  },
  reset: (robot, key, request) => {
    robot.reset(request?.pose);
    return ack(robot, key, true, 'reset');
  },
  params: (robot, key, request) => {
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
  },
  skin: (robot, key, request) => {
    const wanted = request?.skin;
    if (wanted === undefined) return ack(robot, key, true, robot.skin);
    if (!(SKINS as readonly string[]).includes(wanted)) {
      return ack(robot, key, false, `unknown skin '${wanted}' (known: ${SKINS.join(', ')})`);
    }
    robot.skin = wanted;
    return ack(robot, key, true, wanted);
  },
  sensors: (robot, key, request) => {
    if (request !== undefined) robot.body.configureSensors(request);
    return ack(robot, key, true, 'sensors configured');
  },
  frames: (robot, key, request) => {
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
  },
  cameras: (robot, key, request) => {
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
  },
  drive: configured,
  rotors: configured,
  msd: configured,
  cartpole: configured,
});

/** Serves one segment: decodes with the table's request type, or counts and drops a malformed request. */
function serveSegment<S extends ServiceSegment>(robot: ServedRobot, segment: S): Result {
  const key = srvKey(robot.sysId, segment);
  // Indexing the table with a generic S widens to the union of every request type.
  const requestType = ROBOT_SERVICES[segment].service.Request as unknown as MessageType<SegmentRequest<S>>;
  const handler: SegmentHandler<S> = HANDLERS[segment];
  const served = serveKey(robot.node, key, robot.ctx, (payload) => {
    const decoded = decodeRequest(requestType, payload);
    if (decoded.kind === 'malformed') {
      robot.ctx.board.countMalformed(key);
      robot.ctx.log(
        `malformed ${requestType.typeName} on ${key} (${payload.byteLength} bytes) dropped: ${decoded.reason}`,
      );
      return undefined;
    }
    return handler(robot, key, decoded.kind === 'request' ? decoded.request : undefined);
  });
  return served.ok ? ok() : served;
}

/** Declares the service keys the robot's type serves; the first failure is returned. */
export function serveRobotSegments(robot: ServedRobot): Result {
  for (const segment of servedSegments(robot.type.type)) {
    const served = serveSegment(robot, segment);
    if (!served.ok) return served;
  }
  return ok();
}

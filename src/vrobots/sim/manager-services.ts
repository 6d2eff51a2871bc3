/**
 * The manager and scene keys: `vrobots/manager/z/srv/create` (the only non-idempotent
 * service; a payload-less GET is a free probe that reserves nothing), `.../delete`
 * (ok=false for an unknown id) and `vrobots/scene/z/srv/frame` (the scene frame id).
 */
import type { Node } from '../../rclcpp/index.js';
import { ok, type Result, type ResultOf } from '../../result.js';
import type { Pose } from '../generated/swarmbotix-types.js';
import { MANAGER_CREATE_KEY as CREATE_KEY, MANAGER_DELETE_KEY as DELETE_KEY, SCENE_FRAME_KEY } from '../keys.js';
import { SrvAck, SrvVRobotCreate, SrvVRobotCreated, SrvVRobotDelete } from '../messages/service-messages.js';
import { type DeskContext, decodeRequest, serveKey } from './service-desk.js';
import { SimStamp } from './sim-stamp.js';

/** What the manager asks of the simulator. */
export interface RobotRegistry {
  /** Spawns a creatable robot; the message of a refusal lists the catalog. */
  create(request: {
    robotType: string;
    robotName: string;
    startActive: boolean;
    pose: Pose | undefined;
  }): ResultOf<{ sysId: number; robotType: string; robotName: string }>;
  /** Deletes a robot; false when the id is unknown. */
  delete(sysId: number): boolean;
  readonly sceneFrameId: string;
}

function malformed(ctx: DeskContext, key: string, typeName: string, payload: Uint8Array, reason: string): undefined {
  ctx.board.countMalformed(key);
  ctx.log(`malformed ${typeName} on ${key} (${payload.byteLength} bytes) dropped: ${reason}`);
  return undefined;
}

/** Declares create, delete and the scene frame on the simulator's node. */
export function serveManager(node: Node, ctx: DeskContext, registry: RobotRegistry): Result {
  const stamp = new SimStamp();

  const create = serveKey(node, CREATE_KEY, ctx, (payload) => {
    const decoded = decodeRequest(SrvVRobotCreate, payload);
    if (decoded.kind === 'malformed') return malformed(ctx, CREATE_KEY, 'SrvVRobotCreate', payload, decoded.reason);
    if (decoded.kind === 'empty') {
      return SrvVRobotCreated.encode(
        SrvVRobotCreated.create({
          header: stamp.header(CREATE_KEY, 0),
          ok: false,
          message: 'manager reachable (payload-less probe: nothing created, nothing reserved)',
        }),
      );
    }
    const r = decoded.request;
    const made = registry.create({
      robotType: r.robotType,
      robotName: r.robotName,
      startActive: r.startActive ?? true,
      pose: r.initialPose,
    });
    if (!made.ok) {
      ctx.log(`create '${r.robotType}' from ${r.clientName || 'a client'} refused: ${made.error.message}`);
      return SrvVRobotCreated.encode(
        SrvVRobotCreated.create({
          header: stamp.header(CREATE_KEY, 0),
          ok: false,
          message: made.error.message,
          robotType: r.robotType,
        }),
      );
    }
    ctx.log(
      `created ${made.value.robotType} '${made.value.robotName}' as sys_id ${made.value.sysId} for ${r.clientName || 'a client'}`,
    );
    return SrvVRobotCreated.encode({
      header: stamp.header(CREATE_KEY, made.value.sysId),
      ok: true,
      message: `created ${made.value.robotType} as sys_id ${made.value.sysId}`,
      sysId: made.value.sysId,
      robotType: made.value.robotType,
      robotName: made.value.robotName,
    });
  });
  if (!create.ok) return create;

  const del = serveKey(node, DELETE_KEY, ctx, (payload) => {
    const decoded = decodeRequest(SrvVRobotDelete, payload);
    if (decoded.kind === 'malformed') return malformed(ctx, DELETE_KEY, 'SrvVRobotDelete', payload, decoded.reason);
    if (decoded.kind === 'empty') {
      return SrvAck.encode({
        header: stamp.header(DELETE_KEY, 0),
        ok: false,
        message: 'delete needs a SrvVRobotDelete naming the sys_id',
      });
    }
    const id = decoded.request.sysId;
    if (!registry.delete(id)) {
      return SrvAck.encode({ header: stamp.header(DELETE_KEY, id), ok: false, message: `unknown sys_id ${id}` });
    }
    ctx.log(`deleted sys_id ${id}`);
    return SrvAck.encode({ header: stamp.header(DELETE_KEY, id), ok: true, message: `deleted sys_id ${id}` });
  });
  if (!del.ok) return del;

  const frame = serveKey(node, SCENE_FRAME_KEY, ctx, () =>
    SrvAck.encode({ header: stamp.header(SCENE_FRAME_KEY, 0), ok: true, message: registry.sceneFrameId }),
  );
  if (!frame.ok) return frame;
  return ok();
}

/**
 * vrobots key expressions, byte-exact (a wrong key is silent: nobody answers, nothing
 * arrives). Shape `vrobots/<sys_id>/<transport>/<subject...>`; transport `z` = zenoh,
 * `i` = iceoryx2; `manager` and `scene` stand where a sys_id would.
 *
 * Builders assume a valid sys_id (check it first with `checkSysId`); they never throw.
 */
import { err, ok, type Result, type ResultOf } from '../result.js';
import type { ServiceSegment } from './messages/service-table.js';

export const KEY_ROOT = 'vrobots';
export const MAX_SYS_ID = 0xffff_ffff;

/** Discovery: everything vrobots. */
export const DISCOVERY_KEY_EXPR = 'vrobots/**';
/** The state of the whole swarm. */
export const SWARM_STATE_KEY_EXPR = 'vrobots/*/z/state';
/** `SrvVRobotCreate` -> `SrvVRobotCreated`; the only non-idempotent service. */
export const MANAGER_CREATE_KEY = 'vrobots/manager/z/srv/create';
/** `SrvVRobotDelete` -> `SrvAck` (ok=false for an unknown id). */
export const MANAGER_DELETE_KEY = 'vrobots/manager/z/srv/delete';
/** Payload-less GET -> `SrvAck` whose message is the scene frame id. */
export const SCENE_FRAME_KEY = 'vrobots/scene/z/srv/frame';

export function isSysId(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= MAX_SYS_ID;
}

/** InvalidArgument naming `argument` unless `id` is a u32. */
export function checkSysId(id: unknown, argument = 'sysId'): Result {
  if (isSysId(id)) return ok();
  return err('InvalidArgument', `${argument}: ${String(id)} is not a sys_id (an integer 0..${MAX_SYS_ID})`);
}

/** One key segment: non-empty, no `/` and none of zenoh's special characters. */
export function checkKeySegment(segment: unknown, argument: string): Result {
  if (typeof segment === 'string' && /^[A-Za-z0-9_.-]+$/.test(segment)) return ok();
  return err('InvalidArgument', `${argument}: '${String(segment)}' is not a key segment (letters, digits, _ . -)`);
}

export const stateKey = (id: number): string => `vrobots/${id}/z/state`;
export const cmdKey = (id: number): string => `vrobots/${id}/z/cmd`;
export const framesKey = (id: number): string => `vrobots/${id}/z/frames`;
export const estimateKey = (id: number): string => `vrobots/${id}/z/estimate`;
export const srvKey = (id: number, segment: ServiceSegment): string => `vrobots/${id}/z/srv/${segment}`;

/**
 * The `{res}` of a camera key is a named resolution, as the vendor writes it (`720p_rgba8`
 * is 1280 by 720, four bytes per pixel), never `{width}x{height}`.
 */
export const CAMERA_RESOLUTIONS = {
  '480p': { width: 640, height: 480 },
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
} as const;
export type CameraResolutionName = keyof typeof CAMERA_RESOLUTIONS;

/** The `{fmt}` of a camera key and its bytes per pixel. */
export const CAMERA_FORMAT_BYTES = { rgb8: 3, rgba8: 4, bgra8: 4, mono8: 1, depth32f: 4 } as const;
export type CameraFormat = keyof typeof CAMERA_FORMAT_BYTES;

/** The named resolution of `width` x `height`; InvalidArgument for a size without a name. */
export function cameraResolution(width: number, height: number): ResultOf<CameraResolutionName> {
  for (const [name, size] of Object.entries(CAMERA_RESOLUTIONS)) {
    if (size.width === width && size.height === height) return ok(name as CameraResolutionName);
  }
  const known = Object.entries(CAMERA_RESOLUTIONS).map(([n, r]) => `${n}=${r.width}x${r.height}`);
  return err(
    'InvalidArgument',
    `camera resolution ${String(width)}x${String(height)} has no name (known: ${known.join(', ')})`,
  );
}

/** Bytes of one frame of a camera stream. */
export function cameraFrameBytes(res: CameraResolutionName, fmt: CameraFormat): number {
  const { width, height } = CAMERA_RESOLUTIONS[res];
  return width * height * CAMERA_FORMAT_BYTES[fmt];
}

/** `vrobots/{id}/i/cam/{name}/{res}_{fmt}` (iceoryx2, same host only). */
export const cameraKey = (id: number, name: string, res: CameraResolutionName, fmt: CameraFormat): string =>
  `vrobots/${id}/i/cam/${name}/${res}_${fmt}`;

export type KeyOwner = number | 'manager' | 'scene';
export type Transport = 'z' | 'i';

/** What a concrete vrobots key names. */
export interface KeyInfo {
  /** The sys_id, or `manager` / `scene`. */
  readonly owner: KeyOwner;
  readonly transport: Transport;
  /** The rest after the transport, e.g. `state`, `srv/reset`, `cam/front/720p_rgba8`. */
  readonly subject: string;
}

/**
 * Splits a concrete key (no wildcards) into owner, transport and subject. InvalidArgument
 * naming the key when it is not a vrobots key.
 */
export function keyInfo(key: string): ResultOf<KeyInfo> {
  const parts = key.split('/');
  const bad = (why: string) => err('InvalidArgument', `key '${key}': ${why}`);
  if (parts.length < 4 || parts[0] !== KEY_ROOT)
    return bad(`not of the form ${KEY_ROOT}/<sys_id>/<transport>/<subject>`);
  if (parts.some((p) => p === '' || p.includes('*') || p.includes('$'))) return bad('empty or wildcard segment');
  const [, ownerPart = '', transport = '', ...subject] = parts;
  let owner: KeyOwner;
  if (ownerPart === 'manager' || ownerPart === 'scene') owner = ownerPart;
  else if (/^(0|[1-9][0-9]*)$/.test(ownerPart) && isSysId(Number(ownerPart))) owner = Number(ownerPart);
  else return bad(`'${ownerPart}' is neither a sys_id (u32) nor manager/scene`);
  if (transport !== 'z' && transport !== 'i')
    return bad(`transport '${transport}' is neither z (zenoh) nor i (iceoryx2)`);
  return ok({ owner, transport, subject: subject.join('/') });
}

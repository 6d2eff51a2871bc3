/**
 * The per-robot vrobots services, each declared once: its key segment
 * (`vrobots/{id}/z/srv/{segment}`), its service type (request and SrvAck reply) and the robot
 * types that serve it. The segment lists, `servedSegments`, the SDK's request types and the
 * simulator's handler table are all derived from this table, so a service added here without
 * a simulator handler does not compile. A segment a robot type does not serve has no
 * responder at all: that is how a capability probe works.
 */
import type { RequestOf } from '../../rclcpp/index.js';
import type { RobotType } from '../robot-type.js';
import { type ProtoMessageType, protoServiceType } from './proto-codec.js';
import {
  SrvAck,
  SrvCameraConfig,
  SrvCartPoleConfig,
  SrvMsdConfig,
  SrvMultirotorRotorConfig,
  SrvReset,
  SrvSensorConfig,
  SrvTrigger,
  SrvUgvDriveConfig,
  SrvVRobotFrame,
  SrvVRobotPhysicalProperty,
  SrvVRobotSkin,
} from './service-messages.js';

/** `swarmbotix.services.<name>`: request `request`, reply the SrvAck receipt. */
const srv = <Req>(name: string, request: ProtoMessageType<Req>) =>
  protoServiceType(`swarmbotix.services.${name}`, request, SrvAck);

/** Served by every live robot, whatever its type. */
const EVERY = 'every robot';

export const ROBOT_SERVICES = {
  /** Payload-less GET activates (idempotent). */
  activate: { service: srv('Activate', SrvTrigger), servedBy: EVERY },
  /** A payload-less GET resets too: never probe this key. */
  reset: { service: srv('Reset', SrvReset), servedBy: EVERY },
  params: { service: srv('Params', SrvVRobotPhysicalProperty), servedBy: EVERY },
  /** May answer ok=false with a reason; a payload-less GET reads the current skin back. */
  skin: { service: srv('Skin', SrvVRobotSkin), servedBy: EVERY },
  sensors: { service: srv('Sensors', SrvSensorConfig), servedBy: EVERY },
  frames: { service: srv('Frames', SrvVRobotFrame), servedBy: EVERY },
  cameras: { service: srv('Cameras', SrvCameraConfig), servedBy: EVERY },
  drive: { service: srv('Drive', SrvUgvDriveConfig), servedBy: ['truck'] },
  rotors: { service: srv('Rotors', SrvMultirotorRotorConfig), servedBy: ['multirotor'] },
  msd: { service: srv('Msd', SrvMsdConfig), servedBy: ['msd'] },
  cartpole: { service: srv('CartPole', SrvCartPoleConfig), servedBy: ['cartpole'] },
} as const satisfies {
  readonly [segment: string]: {
    /** Every per-robot service answers a SrvAck receipt. */
    readonly service: { readonly Response: { decode(bytes: Uint8Array): SrvAck } };
    readonly servedBy: typeof EVERY | readonly RobotType[];
  };
};

type Table = typeof ROBOT_SERVICES;
/** Every per-robot service segment. */
export type ServiceSegment = keyof Table;
/** Segments every live robot serves. */
export type CommonSegment = {
  [S in ServiceSegment]: Table[S]['servedBy'] extends typeof EVERY ? S : never;
}[ServiceSegment];
/** Segments only some robot types serve. */
export type TypeSegment = Exclude<ServiceSegment, CommonSegment>;
/** The request message of a segment. */
export type SegmentRequest<S extends ServiceSegment> = RequestOf<Table[S]['service']>;
/** The segments robot type `T` serves (a union of types: what any of them serves). */
export type SegmentsOf<T extends RobotType> = {
  [S in ServiceSegment]: Table[S]['servedBy'] extends typeof EVERY
    ? S
    : [Extract<T, Table[S]['servedBy'][number]>] extends [never]
      ? never
      : S;
}[ServiceSegment];

const SEGMENTS = Object.keys(ROBOT_SERVICES) as ServiceSegment[];
const servedByAll = (s: ServiceSegment): boolean => ROBOT_SERVICES[s].servedBy === EVERY;

/** Segments every live robot serves under `vrobots/{id}/z/srv/`, in table order. */
export const COMMON_SEGMENTS: readonly CommonSegment[] = Object.freeze(SEGMENTS.filter(servedByAll) as CommonSegment[]);
/** Segments only one robot type serves, in table order. */
export const TYPE_SEGMENTS: readonly TypeSegment[] = Object.freeze(
  SEGMENTS.filter((s) => !servedByAll(s)) as TypeSegment[],
);

/** Whether a live robot of `type` answers on `segment`. */
export function serves(type: RobotType, segment: ServiceSegment): boolean {
  const by: typeof EVERY | readonly RobotType[] = ROBOT_SERVICES[segment].servedBy;
  return by === EVERY || by.includes(type);
}

/** The service segments a live robot of this type answers; others have no responder at all. */
export function servedSegments<T extends RobotType>(type: T): readonly SegmentsOf<T>[] {
  return SEGMENTS.filter((s) => serves(type, s)) as SegmentsOf<T>[];
}

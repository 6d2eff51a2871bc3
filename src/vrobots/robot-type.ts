/**
 * The vrobots robot types and their catalog: keys (what `SrvVRobotCreate.robot_type`
 * carries), aliases the client resolves, whether the sandbox can create one, and which
 * type-only service segment it serves.
 */
import { err, ok, type ResultOf } from '../result.js';
import { COMMON_SEGMENTS, type ServiceSegment, type TypeSegment } from './keys.js';

/** Values are the catalog keys. */
export const RobotType = {
  Multirotor: 'multirotor',
  Truck: 'truck',
  Msd: 'msd',
  CartPole: 'cartpole',
  HalfDrone: 'halfdrone',
  GlobalHawk: 'globalhawk',
} as const;
export type RobotType = (typeof RobotType)[keyof typeof RobotType];

export interface RobotTypeInfo {
  readonly type: RobotType;
  /** Display name, the catalog default robot name. */
  readonly displayName: string;
  /** Other names parseRobotType accepts. */
  readonly aliases: readonly string[];
  /** Whether `manager/srv/create` can spawn it; the others are scene-authored. */
  readonly creatable: boolean;
  /** The one type-only service segment, if any. */
  readonly extraSegment: TypeSegment | undefined;
  /** Frame the state is expressed in by default (Unity world). */
  readonly stateFrameId: string;
  /** Frame id of the robot body (suffixed with the sys_id: `multirotor_7`). */
  readonly bodyFramePrefix: string;
  /** Number of actuator channels in the State's actuator block. */
  readonly actuatorChannels: number;
}

const CATALOG: Readonly<Record<RobotType, RobotTypeInfo>> = {
  multirotor: {
    type: 'multirotor',
    displayName: 'Multirotor',
    aliases: [],
    creatable: true,
    extraSegment: 'rotors',
    stateFrameId: 'unity',
    bodyFramePrefix: 'multirotor',
    actuatorChannels: 4,
  },
  truck: {
    type: 'truck',
    displayName: 'Truck',
    aliases: ['car'],
    creatable: true,
    extraSegment: 'drive',
    stateFrameId: 'unity',
    bodyFramePrefix: 'truck',
    actuatorChannels: 3,
  },
  msd: {
    type: 'msd',
    displayName: 'Msd',
    aliases: [],
    creatable: true,
    extraSegment: 'msd',
    stateFrameId: 'unity',
    bodyFramePrefix: 'msd',
    actuatorChannels: 1,
  },
  cartpole: {
    type: 'cartpole',
    displayName: 'CartPole',
    aliases: [],
    creatable: false,
    extraSegment: 'cartpole',
    stateFrameId: 'unity',
    bodyFramePrefix: 'cartpole',
    actuatorChannels: 1,
  },
  halfdrone: {
    type: 'halfdrone',
    displayName: 'HalfDrone',
    aliases: [],
    creatable: false,
    extraSegment: undefined,
    stateFrameId: 'unity',
    bodyFramePrefix: 'halfdrone',
    actuatorChannels: 2,
  },
  globalhawk: {
    type: 'globalhawk',
    displayName: 'GlobalHawk',
    aliases: ['rq4b'],
    creatable: false,
    extraSegment: undefined,
    stateFrameId: 'unity',
    bodyFramePrefix: 'globalhawk',
    actuatorChannels: 7,
  },
};

const ALL: readonly RobotType[] = Object.values(RobotType);
const BY_NAME = new Map<string, RobotType>(
  ALL.flatMap((t) => [[t, t] as const, ...CATALOG[t].aliases.map((a) => [a, t] as const)]),
);

/** Every catalog key, in catalog order. */
export function catalogKeys(): readonly RobotType[] {
  return ALL;
}

/** The catalog keys a client can create in the sandbox. */
export function creatableTypes(): readonly RobotType[] {
  return ALL.filter((t) => CATALOG[t].creatable);
}

export function robotTypeInfo(type: RobotType): RobotTypeInfo {
  return CATALOG[type];
}

export function isRobotType(x: unknown): x is RobotType {
  return typeof x === 'string' && (ALL as readonly string[]).includes(x);
}

/** Catalog key or alias, any case, surrounding blanks ignored. Unknown -> InvalidArgument listing the catalog. */
export function parseRobotType(name: string, argument = 'type'): ResultOf<RobotType> {
  const hit = typeof name === 'string' ? BY_NAME.get(name.trim().toLowerCase()) : undefined;
  if (hit !== undefined) return ok(hit);
  const aliases = ALL.flatMap((t) => CATALOG[t].aliases.map((a) => `${a}=${t}`));
  return err(
    'InvalidArgument',
    `${argument}: unknown robot type '${String(name)}' (known: ${ALL.join(', ')}; aliases ${aliases.join(', ')})`,
  );
}

/** The service segments a live robot of this type answers; others have no responder at all. */
export function servedSegments(type: RobotType): readonly ServiceSegment[] {
  const extra = CATALOG[type].extraSegment;
  return extra === undefined ? COMMON_SEGMENTS : [...COMMON_SEGMENTS, extra];
}

/** Body frame id of one robot, e.g. `multirotor_7`. */
export function bodyFrameId(type: RobotType, sysId: number): string {
  return `${CATALOG[type].bodyFramePrefix}_${sysId}`;
}

/**
 * The vrobots robot types and their catalog: keys (what `SrvVRobotCreate.robot_type`
 * carries), aliases the client resolves, and whether the sandbox can create one. Which
 * services a type serves is declared with the services (messages/service-table.ts).
 */
import { err, ok, type ResultOf } from '../result.js';

/** Values are the catalog keys. */
export const RobotType = {
  Multirotor: 'multirotor',
  Truck: 'truck',
  Msd: 'msd',
  CartPole: 'cartpole',
  HalfDrone: 'halfdrone',
  GlobalHawk: 'globalhawk',
  Arm: 'arm',
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
    stateFrameId: 'unity',
    bodyFramePrefix: 'multirotor',
    actuatorChannels: 4,
  },
  truck: {
    type: 'truck',
    displayName: 'Truck',
    aliases: ['car'],
    creatable: true,
    stateFrameId: 'unity',
    bodyFramePrefix: 'truck',
    actuatorChannels: 3,
  },
  msd: {
    type: 'msd',
    displayName: 'Msd',
    aliases: [],
    creatable: true,
    stateFrameId: 'unity',
    bodyFramePrefix: 'msd',
    actuatorChannels: 1,
  },
  cartpole: {
    type: 'cartpole',
    displayName: 'CartPole',
    aliases: [],
    creatable: false,
    stateFrameId: 'unity',
    bodyFramePrefix: 'cartpole',
    actuatorChannels: 1,
  },
  halfdrone: {
    type: 'halfdrone',
    displayName: 'HalfDrone',
    aliases: [],
    creatable: false,
    stateFrameId: 'unity',
    bodyFramePrefix: 'halfdrone',
    actuatorChannels: 2,
  },
  globalhawk: {
    type: 'globalhawk',
    displayName: 'GlobalHawk',
    aliases: ['rq4b'],
    creatable: false,
    stateFrameId: 'unity',
    bodyFramePrefix: 'globalhawk',
    actuatorChannels: 7,
  },
  arm: {
    type: 'arm',
    displayName: 'Arm',
    aliases: [],
    creatable: true,
    stateFrameId: 'unity',
    bodyFramePrefix: 'arm',
    actuatorChannels: 6,
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

/** Body frame id of one robot, e.g. `multirotor_7`. */
export function bodyFrameId(type: RobotType, sysId: number): string {
  return `${CATALOG[type].bodyFramePrefix}_${sysId}`;
}

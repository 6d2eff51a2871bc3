/** The vrobots service verbs with hostile arguments, each bounded by its timeout. */
import type { VirtualRobot } from '../../src/vrobots/index.js';
import { hostileObject, NUMBERS, type NumberName, type ObjectKind, STRINGS, type StringName } from './hostile.js';
import type { Probe } from './probe.js';

/** Budgets the robot was connected with, so each verb's bound is known. */
export interface VrBudgets {
  readonly serviceMs: number;
  readonly cameraMs: number;
}

export interface ServiceCall {
  readonly verb: ServiceVerb;
  readonly wrap: ObjectKind;
  readonly s: StringName;
  readonly n: NumberName;
}

export const SERVICE_VERBS = [
  'setPhysicalParams',
  'setSkin',
  'skin',
  'configureSensors',
  'setFrames',
  'sceneFrame',
  'frameDef',
  'configureDrive',
  'configureRotors',
  'configureMsd',
  'configureCartpole',
  'mountCamera',
  'unmountCamera',
  'openCamera',
] as const;
export type ServiceVerb = (typeof SERVICE_VERBS)[number];

export async function runService(probe: Probe, robot: VirtualRobot, o: ServiceCall, b: VrBudgets): Promise<void> {
  const s = STRINGS[o.s];
  const x = NUMBERS[o.n];
  const fields = hostileObject(o.wrap, {});
  const calls: Record<ServiceVerb, () => Promise<unknown>> = {
    setPhysicalParams: () =>
      robot.setPhysicalParams(hostileObject(o.wrap, { mass: x, principalMoments: [x, x, x] as const })),
    setSkin: () => robot.setSkin(s),
    skin: () => robot.skin(),
    configureSensors: () => robot.configureSensors(fields),
    setFrames: () => robot.setFrames(fields),
    sceneFrame: () => robot.sceneFrame(),
    frameDef: () => robot.frameDef(s),
    configureDrive: () => robot.configureDrive(fields),
    configureRotors: () => robot.configureRotors(fields),
    configureMsd: () => robot.configureMsd(fields),
    configureCartpole: () => robot.configureCartpole(fields),
    mountCamera: () => robot.mountCamera(hostileObject(o.wrap, { name: s })),
    unmountCamera: () => robot.unmountCamera(s),
    openCamera: () => robot.openCamera(s),
  };
  const camera = o.verb === 'mountCamera' || o.verb === 'unmountCamera' || o.verb === 'openCamera';
  await probe.wait(`${o.verb}(${o.wrap}, ${o.s}, ${o.n})`, camera ? b.cameraMs : b.serviceMs, calls[o.verb]);
}

/**
 * What the simulator needs to know per robot type: whether a client may create it, the
 * type-only service segment it serves, and the frame its state is expressed in.
 */
export interface SimTypeEntry {
  readonly key: string;
  readonly creatable: boolean;
  readonly extraSegment: 'drive' | 'rotors' | 'msd' | 'cartpole' | undefined;
  readonly frameId: string;
  readonly defaultName: string;
}

const ENTRIES: readonly SimTypeEntry[] = [
  { key: 'multirotor', creatable: true, extraSegment: 'rotors', frameId: 'unity', defaultName: 'Multirotor' },
  { key: 'truck', creatable: true, extraSegment: 'drive', frameId: 'unity', defaultName: 'Truck' },
  { key: 'msd', creatable: true, extraSegment: 'msd', frameId: 'unity', defaultName: 'Msd' },
  { key: 'cartpole', creatable: false, extraSegment: 'cartpole', frameId: 'unity', defaultName: 'CartPole' },
  { key: 'halfdrone', creatable: false, extraSegment: undefined, frameId: 'unity', defaultName: 'HalfDrone' },
  { key: 'globalhawk', creatable: false, extraSegment: undefined, frameId: 'unity', defaultName: 'GlobalHawk' },
];

export function simTypeOf(key: string): SimTypeEntry | undefined {
  return ENTRIES.find((e) => e.key === key);
}

export function creatableTypes(): readonly string[] {
  return ENTRIES.filter((e) => e.creatable).map((e) => e.key);
}

export function allTypes(): readonly string[] {
  return ENTRIES.map((e) => e.key);
}

/**
 * Helpers for the zenoh backend's integration tests: sessions on the shared router, specs,
 * and waiting for a condition with a budget. Every test uses its own key prefix.
 */
import { inject } from 'vitest';
import type { RmwQos } from '../../src/rmw/qos.js';
import type { RmwEndpointSpec, RmwSession } from '../../src/rmw/rmw.js';
import { openZenohRmwSession } from '../../src/rmw/zenoh/index.js';
import { ROS_DEFAULT_QOS } from '../support/ros-default-qos.js';

export const QOS: RmwQos = ROS_DEFAULT_QOS;

export const STRING_HASH = 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18';
export const ADD_TWO_INTS_HASH = 'RIHS01_e118de6bf5eeb66a2491b5bda11202e7b68f198d6f67922cf30364858239c81a';

let counter = 0;
/** A name prefix no other test (or test run) uses. */
export function uniquePrefix(label: string): string {
  counter += 1;
  return `rmwz_${label}_${process.pid}_${Date.now().toString(36)}_${counter}`;
}

export function sharedLocator(): string {
  return inject('zenohLocator');
}

export function topicSpec(name: string, qos: Partial<RmwQos> = {}): RmwEndpointSpec {
  return { naming: 'ros', name, typeName: 'std_msgs/msg/String', typeHash: STRING_HASH, qos: { ...QOS, ...qos } };
}

export function serviceSpec(name: string, typeName = 'example_interfaces/srv/AddTwoInts'): RmwEndpointSpec {
  return { naming: 'ros', name, typeName, typeHash: ADD_TWO_INTS_HASH, qos: QOS };
}

export function rawSpec(key: string, qos: Partial<RmwQos> = {}): RmwEndpointSpec {
  return {
    naming: 'raw',
    name: key,
    typeName: 'swarmbotix.states.State',
    typeHash: 'TypeHashNotSupported',
    qos: { ...QOS, ...qos },
  };
}

const open: RmwSession[] = [];

/** Opens a session on `locator` (default: the shared router); closed by closeAll(). */
export async function session(locator = sharedLocator(), domainId = 0): Promise<RmwSession> {
  const s = await openZenohRmwSession(locator, { domainId, connectBudgetMs: 5000 });
  if (!s.ok) throw new Error(`cannot open a zenoh rmw session: ${s.error.message}`);
  open.push(s.value);
  return s.value;
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((s) => s.close()));
}

/** Resolves true once `cond()` holds, false when the budget runs out. */
export async function waitFor(cond: () => boolean, budgetMs = 5000, stepMs = 10): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (!cond()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return true;
}

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function text(b: Uint8Array): string {
  return new TextDecoder().decode(b);
}

/** Shared pieces of the rmw/local unit tests. */
import type { RmwQos } from '../../src/rmw/qos.js';
import { ROS_DEFAULT_QOS } from './ros-default-qos.js';

/** Reliable, volatile, keep-last 10: the defaults, with `overrides` applied. */
export function qos(overrides: Partial<RmwQos> = {}): RmwQos {
  return { ...ROS_DEFAULT_QOS, ...overrides };
}

/** Lets a bus flush: a macrotask runs after every queued microtask. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of a Result the test expects to be ok. */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

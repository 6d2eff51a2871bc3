/**
 * Helpers of the deployment tests (mesh, failover, TLS, authentication, ACL): a vrobots robot
 * driven across routers, publishers and witnesses on raw keys, and the race that tells a
 * delivered path from a refused one without a timed assertion.
 */
import { expect } from 'vitest';
import type { RmwPublisher, RmwSession } from '../../src/rmw/rmw.js';
import { type ConnectOptions, type VirtualRobot as Robot, VirtualRobot } from '../../src/vrobots/index.js';
import { startSimulator } from '../../src/vrobots/sim/index.js';
import { bytes, rawSpec, text, waitFor } from './rmw-zenoh-fixtures.js';

/** Whether the publisher sees exactly one subscription (matched across the routers). */
export function subscribed(pub: RmwPublisher): () => boolean {
  return () => {
    const n = pub.subscriptionCount();
    return n.ok && n.value === 1;
  };
}

/**
 * Starts the simulator on `simRouter`, connects a multirotor client with `options` (its
 * router elsewhere), checks that it was created and activated through the simulator and that
 * its states stream, runs `meanwhile` on the connected robot (then checks the stream again),
 * and cleans up.
 */
export async function driveRobotAcross(
  simRouter: string,
  options: ConnectOptions,
  meanwhile: (robot: Robot) => Promise<void> = async () => {},
): Promise<void> {
  const sim = await startSimulator({ robots: [], router: simRouter });
  if (!sim.ok) throw new Error(sim.error.message);
  try {
    const robot = await VirtualRobot.connect('multirotor', undefined, {
      connectTimeoutMs: 15_000,
      serviceTimeoutMs: 10_000,
      ...options,
    });
    expect(robot.ok, robot.ok ? '' : robot.error.message).toBe(true);
    if (!robot.ok) return;
    // created through the manager service, activated through the robot's own service, and
    // its first state arrived (connect returns after it)
    expect(sim.value.robot(robot.value.sysId)?.active).toBe(true);
    expect(robot.value.states().header.sysId).toBe(robot.value.sysId);
    await meanwhile(robot.value);
    const received = robot.value.stats().received;
    expect(await waitFor(() => robot.value.stats().received > received + 3, 20_000)).toBe(true);
    await robot.value.close();
    sim.value.deleteRobot(robot.value.sysId);
  } finally {
    await sim.value.stop();
  }
}

let entities = 0;

function newNode(on: RmwSession, role: string) {
  entities += 1;
  const n = on.createNode({ name: `${role}_${entities}`, namespace: '/', enclave: '/' });
  if (!n.ok) throw new Error(n.error.message);
  return n.value;
}

/** A publisher on a raw key (vrobots keys are raw). */
export function publisher(on: RmwSession, key: string): RmwPublisher {
  const p = newNode(on, 'pub').createPublisher(rawSpec(key));
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** What a subscriber on a raw key receives, as text. */
export function witness(on: RmwSession, key: string): string[] {
  const got: string[] = [];
  const sub = newNode(on, 'sub').createSubscriber(rawSpec(key), (s) => got.push(text(s.payload)));
  if (!sub.ok) throw new Error(sub.error.message);
  return got;
}

/**
 * Publishes on the `denied` and `allowed` paths in turn until `enough` allowed samples reached
 * their witness, then 40 rounds more (the denied path had every chance): answers how many
 * arrived on each. Each publish must be accepted locally (a refused path drops silently).
 */
export async function race(
  allowed: { pub: RmwPublisher; got: string[] },
  denied: { pub: RmwPublisher; got: string[] },
  enough = 5,
): Promise<{ allowed: number; denied: number }> {
  let i = 0;
  const round = () => {
    i += 1;
    expect(allowed.pub.publish(bytes(`ok${i}`)).ok).toBe(true);
    expect(denied.pub.publish(bytes(`no${i}`)).ok).toBe(true);
  };
  const reached = () => {
    round();
    return allowed.got.length >= enough;
  };
  expect(await waitFor(reached, 20_000, 50)).toBe(true);
  for (let k = 0; k < 40; k++) {
    round();
    await new Promise((r) => setTimeout(r, 50));
  }
  return { allowed: allowed.got.length, denied: denied.got.length };
}

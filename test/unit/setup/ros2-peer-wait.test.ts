/**
 * The suite runs while real ROS 2 builds: its files go last and wait on the setup's status
 * file, within the setup's budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { Ros2LastSequencer } from '../../setup/ros2-last-sequencer.js';
import { awaitRos2Peer, readRos2PeerStatus, writeRos2PeerStatus } from '../../setup/ros2-peer-status.js';

const dir = mkdtempSync(join(tmpdir(), 'rclts-ros2-status-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the real-ROS 2 status file', () => {
  it('waits while the setup builds and answers what it built', async () => {
    const file = join(dir, 'ready.json');
    const since = Date.now();
    writeRos2PeerStatus(file, { state: 'building', since, deadline: since + 60_000 });
    const said: string[] = [];
    const waited = awaitRos2Peer(file, (line) => said.push(line));
    setTimeout(() => writeRos2PeerStatus(file, { state: 'ready', rpy: '/cache/rpy' }), 300);
    expect(await waited).toEqual({ state: 'ready', rpy: '/cache/rpy' });
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/waiting for the test setup to finish building real ROS 2 .*at most \d+ min more/);
  });

  it('stops waiting past the setup’s deadline, saying so', async () => {
    const file = join(dir, 'late.json');
    const since = Date.now() - 3 * 3_600_000;
    writeRos2PeerStatus(file, { state: 'building', since, deadline: since + 60_000 });
    const status = await awaitRos2Peer(file, () => {});
    expect(status.state).toBe('missing');
    expect(status.state === 'missing' && status.detail).toMatch(/still building 180 min after it began/);
  });

  it('reads a missing or unreadable file as no peer, naming it', () => {
    const status = readRos2PeerStatus(join(dir, 'absent.json'));
    expect(status.state === 'missing' && status.detail).toContain('absent.json could not be read');
  });
});

describe('Ros2LastSequencer', () => {
  const ctx = {
    config: { root: '/r' },
    cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
  } as unknown as Vitest;
  const spec = (project: string, groupOrder: number, moduleId: string): TestSpecification =>
    ({
      moduleId,
      project: { name: project, config: { sequence: { groupOrder }, isolate: true } },
    }) as unknown as TestSpecification;

  it('puts the real-ROS 2 files last in their group, the rest in vitest’s order', async () => {
    const files = [
      spec('soak', 1, '/r/test/soak/soak-ci.test.ts'),
      spec('suite', 0, '/r/test/interop/ros2/pubsub.test.ts'),
      spec('suite', 0, '/r/test/unit/a.test.ts'),
      spec('suite', 0, '/r/test/interop/ros2/graph.test.ts'),
      spec('suite', 0, '/r/test/interop/zenoh-ext.test.ts'),
    ];
    const sorted = await new Ros2LastSequencer(ctx).sort(files);
    expect(sorted.map((s) => s.moduleId)).toEqual([
      '/r/test/unit/a.test.ts',
      '/r/test/interop/zenoh-ext.test.ts',
      '/r/test/interop/ros2/pubsub.test.ts',
      '/r/test/interop/ros2/graph.test.ts',
      '/r/test/soak/soak-ci.test.ts',
    ]);
  });
});

/**
 * ActorChild against a child that exits as soon as it hears anything: sends racing its exit
 * (the swarm's stop at the end of a run) fail quietly instead of ending the runner with an
 * unheard EPIPE 'error' event, as they ended the first 60-minute run after its last minute.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActorChild } from './child.js';

describe('ActorChild', () => {
  it('survives sends racing the exit of its child', async () => {
    const script = join(tmpdir(), `rclts-actor-child-${process.pid}.mjs`);
    writeFileSync(script, "process.on('message', () => process.exit(0));\nsetInterval(() => {}, 1000);\n");
    const unheard: unknown[] = [];
    const onUncaught = (e: unknown) => unheard.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      for (let round = 0; round < 5; round++) {
        const child = new ActorChild('quitter', script, []);
        await new Promise((r) => setTimeout(r, 300));
        // The child exits on the first message; the event loop is held meanwhile, so the
        // runner has not seen the disconnect yet when it sends again into the closed pipe.
        child.send({ cmd: 'report' });
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
        child.send({ cmd: 'stop' });
        child.send({ cmd: 'stop' });
        await child.stop(2000);
        expect(child.pid).toBeUndefined();
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(unheard).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  }, 30_000);
});

/**
 * `vrobots arm ...` against an arm in a simulator over a real router (run in-process through
 * runCli, with captured output): status, the immediate commands under one control owner
 * across invocations, a refusal's code on stderr, and a short sine sweep.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningRouter, startRouter } from '../../scripts/zenoh-router-lib.mjs';
import { runCli } from '../../src/cli/vrobots/run-cli.js';
import { type Simulator, startSimulator } from '../../src/vrobots/sim/index.js';

let routerProc: RunningRouter;
let sim: Simulator;
let armId: number;

async function cli(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli([...args, '--router', routerProc.locator], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stopRequested: new Promise(() => {}),
  });
  return { code, out, err };
}

beforeAll(async () => {
  routerProc = await startRouter({ binary: inject('routerBinary') });
  const s = await startSimulator({ router: routerProc.locator, serviceDelayMs: 0 });
  if (!s.ok) throw new Error(s.error.message);
  sim = s.value;
  const id = sim.createRobot('arm');
  if (!id.ok) throw new Error(id.error.message);
  armId = id.value;
  await sim.arm(armId)!.streamReady();
});

afterAll(async () => {
  await sim?.stop();
  await routerProc?.stop();
});

describe('vrobots arm', () => {
  it('status, connect, claim, release, disconnect: one owner across invocations', async () => {
    const status = await cli('arm', 'status', String(armId));
    expect(status.code).toBe(0);
    expect(status.out[0]).toContain('mode IDLE');
    expect((await cli('arm', 'connect', String(armId), '--pc-ip', '127.0.0.1', '--rate', '10')).code).toBe(0);
    expect((await cli('arm', 'claim', String(armId))).code).toBe(0);
    const held = await cli('arm', 'claim', String(armId), '--client', 'someone-else');
    expect(held.code).toBe(1);
    expect(held.err.join('\n')).toContain('6101');
    expect((await cli('arm', 'release', String(armId))).code).toBe(0);
    expect((await cli('arm', 'disconnect', String(armId))).code).toBe(0);
    const after = await cli('arm', 'status', String(armId));
    expect(after.out[0]).toContain('mode IDLE');
    expect(after.out[0]).toContain('owner (none)');
  });

  it('sweep streams a sine sweep and reports what came back', async () => {
    const r = await cli('arm', 'sweep', String(armId), '--rate', '10', '--secs', '1', '--pc-ip', '127.0.0.1');
    expect(r.err.join('\n')).not.toContain('stopped early');
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toMatch(/sweep: 10 targets sent, \d+ states received/);
  });
});

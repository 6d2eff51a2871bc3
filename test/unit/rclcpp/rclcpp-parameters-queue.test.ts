/**
 * ParametersClient queues concurrent calls to one service instead of answering TryAgain: they
 * are answered in the order made, each within its own budget, waiting included.
 */
import { describe, expect, it } from 'vitest';
import { ParametersClient } from '../../../src/index.js';
import * as rclSrv from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/srv.js';
import { wireParameterValue } from '../../support/parameter-wire.js';
import { expectErr, makeFixture, unwrap } from '../../support/executor-fixture.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A remote whose get_parameters answers each name as an integer, after `delayMs`, recording the order. */
function slowRemote(delayMs: number) {
  const f = makeFixture();
  const fake = unwrap(f.executor.createNode('slow', { startParameterServices: false }));
  const served: string[] = [];
  unwrap(
    fake.createService(rclSrv.GetParameters, '~/get_parameters', async (req) => {
      served.push(req.names.join(','));
      await sleep(delayMs);
      return { values: req.names.map((_, i) => wireParameterValue(2, { integer_value: BigInt(i) })) };
    }),
  );
  const remote = unwrap(ParametersClient.create(f.node, '/slow'));
  return { f, remote, served };
}

describe('ParametersClient queue', () => {
  it('answers five concurrent calls to one service, in the order made', async () => {
    const { f, remote, served } = slowRemote(5);
    const calls = ['a', 'b', 'c', 'd', 'e'].map((n) => remote.getParameters([n], 3000));
    const answers = await Promise.all(calls);
    expect(answers.map((r) => unwrap(r)[0]?.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(served).toEqual(['a', 'b', 'c', 'd', 'e']);
    await f.executor.shutdown();
  });

  it('a queued call whose budget runs out before its turn answers Timeout naming that budget; the rest go on', async () => {
    const { f, remote, served } = slowRemote(150);
    const first = remote.getParameters(['first'], 3000);
    const hurried = remote.getParameters(['hurried'], 30);
    const third = remote.getParameters(['third'], 3000);
    const late = await hurried;
    expect(expectErr(late)).toBe('Timeout');
    expect(!late.ok && late.error.message).toContain('budget of 30 ms');
    expect(unwrap(await first)[0]?.name).toBe('first');
    expect(unwrap(await third)[0]?.name).toBe('third');
    expect(served).toEqual(['first', 'third']);
    expect(expectErr(await remote.getParameters(['x'], Number.NaN))).toBe('InvalidArgument');
    await f.executor.shutdown();
  });
});

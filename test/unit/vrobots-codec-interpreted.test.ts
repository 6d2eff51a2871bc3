import { describe, expect, it } from 'vitest';
import { startSimulator, VirtualRobot } from '../../src/vrobots/index.js';
import { toWire, toWireInterpreted } from '../../src/vrobots/messages/encode-walk.js';

type Plain = Record<string, unknown>;

function outcome(walk: () => Plain): { ok: true; value: Plain } | { ok: false; error: string } {
  try {
    return { ok: true, value: walk() };
  } catch (thrown) {
    return { ok: false, error: `${(thrown as Error).name}: ${(thrown as Error).message}` };
  }
}

/** Both walks on the same input: the same output, or the same error. */
function same(typeName: string, plain: Plain): void {
  expect(outcome(() => toWireInterpreted(typeName, plain))).toEqual(outcome(() => toWire(typeName, plain)));
}

// Pages whose content security policy refuses 'unsafe-eval' cannot compile the encode walk;
// the interpreted walk they get instead must encode exactly what the compiled one does.
describe('vrobots codec: the interpreted encode walk', () => {
  it('gives what the compiled walk gives for a live State from the simulator', async () => {
    const sim = await startSimulator({ robots: ['multirotor'], sensorNoise: true });
    if (!sim.ok) throw new Error(sim.error.message);
    try {
      const robot = await VirtualRobot.connect('multirotor', 0);
      if (!robot.ok) throw new Error(robot.error.message);
      robot.value.setMrPwm([1600, 1600, 1600, 1600]);
      const state = await robot.value.waitNewState(5000);
      if (!state.ok) throw new Error(state.error.message);
      same('swarmbotix.states.State', state.value as unknown as Plain);
      expect(Object.keys(toWireInterpreted('swarmbotix.states.State', state.value as unknown as Plain))).toContain(
        'kinematics',
      );
      await robot.value.close();
    } finally {
      await sim.value.stop();
    }
  });

  it('gives the same output for commands, arrays, 64-bit values and defaults left out', () => {
    same('swarmbotix.commands.Command', {
      header: { srcId: 122, seq: 2n ** 40n, timestampNs: 1_700_000_000_000_000_000n, name: 'x' },
      id: 300,
      args: { intArr: [1500, 1600, 0, -3], floatArr: [], vec3: { x: 0, y: 1.5, z: -2 } },
    });
    same('swarmbotix.commands.Command', { header: { seq: 0n, name: '' }, id: 0 });
  });

  it('refuses the same inputs with the same errors', () => {
    const bad: Plain[] = [
      { header: { seq: 'seven' } },
      { header: { seq: -1n } },
      { header: { srcId: 2 ** 33 } },
      { header: 5 },
      { id: 1.5 },
      { args: { intArr: 7 } },
      { args: { intArr: [1, 'two'] } },
      { header: { name: 42 } },
    ];
    for (const plain of bad) {
      const interpreted = outcome(() => toWireInterpreted('swarmbotix.commands.Command', plain));
      expect(interpreted.ok).toBe(false);
      same('swarmbotix.commands.Command', plain);
    }
  });
});

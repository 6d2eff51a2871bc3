/**
 * Porter mistakes that used to pass without a word (issue 29) now warn through the node's
 * logger: a whole-number `number` parameter default (a double, where rclcpp would infer an
 * integer), a timer period that looks like seconds, two nodes of one fully qualified name.
 */
import { describe, expect, it } from 'vitest';
import { Duration, ParameterType } from '../../../src/index.js';
import { makeFixture, unwrap } from '../../support/executor-fixture.js';
import { captureConsole } from '../../support/rclcpp-logging-fixture.js';

const captured = captureConsole();
const warnings = (): string[] => captured.lines.filter((l) => l.startsWith('[WARN]'));

describe('declareParameter with a whole-number default', () => {
  it('declares a double, as the number says, and warns naming the bigint form', async () => {
    const { executor, node } = makeFixture();
    const p = unwrap(node.declareParameter('max_speed', 3));
    expect(p.type).toBe(ParameterType.DOUBLE);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("parameter 'max_speed' is declared as a double from the whole number 3");
    expect(warnings()[0]).toContain('3n');
    // Said what was meant: no warning.
    unwrap(node.declareParameter('count', 3n));
    unwrap(node.declareParameter('gain', 0.5));
    unwrap(node.declareParameter('scale', 2, { type: ParameterType.DOUBLE }));
    expect(warnings()).toHaveLength(1);
    await executor.shutdown();
  });
});

describe('timer periods that look like seconds', () => {
  it('createWallTimer(1, cb) warns once per node; a Duration or a longer period does not', async () => {
    const { executor, node } = makeFixture();
    unwrap(node.createWallTimer(1, () => {}));
    unwrap(node.createWallTimer(2, () => {}));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('timer period of 1 ms: periods are milliseconds (1 s is 1000)');
    const other = unwrap(executor.createNode('other_timer_node'));
    unwrap(other.createWallTimer(unwrap(Duration.fromMs(1)), () => {}));
    unwrap(other.createWallTimer(1000, () => {}));
    unwrap(other.createOneShotTimer(1, () => {}));
    expect(warnings()).toHaveLength(1);
    await executor.shutdown();
  });
});

describe('two nodes of one fully qualified name', () => {
  it('warn as rcl does, and not once the first is destroyed', async () => {
    const { executor } = makeFixture();
    const first = unwrap(executor.createNode('talker', { namespace: '/dup' }));
    unwrap(executor.createNode('talker', { namespace: '/other' }));
    expect(warnings()).toEqual([]);
    const second = unwrap(executor.createNode('talker', { namespace: '/dup' }));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("a node named '/dup/talker' already exists in this executor");
    unwrap(first.destroy());
    unwrap(second.destroy());
    unwrap(executor.createNode('talker', { namespace: '/dup' }));
    expect(warnings()).toHaveLength(1);
    await executor.shutdown();
  });
});

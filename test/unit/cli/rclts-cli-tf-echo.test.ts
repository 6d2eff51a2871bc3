// tf echo's lines as tf2_echo prints them (std::fixed, precision 3, " " and std::setw(6) per matrix entry).
import { describe, expect, it } from 'vitest';
import { echoLines } from '../../../src/cli/rclts/cmd-tf-echo.js';

const at = (
  translation: { x: number; y: number; z: number },
  rotation: { x: number; y: number; z: number; w: number },
) => ({
  header: { stamp: { sec: 1700000000, nanosec: 12 } },
  transform: { translation, rotation },
});

describe('rclts tf echo lines', () => {
  it('a half turn about z: the nanoseconds unpadded as tf2_echo prints them, degrees, the matrix columns aligned', () => {
    expect(echoLines(at({ x: -12.3456, y: 0.0004, z: 100 }, { x: 0, y: 0, z: 1, w: 0 }))).toEqual([
      'At time 1700000000.12',
      '- Translation: [-12.346, 0.000, 100.000]',
      '- Rotation: in Quaternion (xyzw) [0.000, 0.000, 1.000, 0.000]',
      '- Rotation: in RPY (radian) [0.000, -0.000, 3.142]',
      '- Rotation: in RPY (degree) [0.000, -0.000, 180.000]',
      '- Matrix:',
      ' -1.000  0.000  0.000 -12.346',
      '  0.000 -1.000  0.000  0.000',
      '  0.000  0.000  1.000 100.000',
      '  0.000  0.000  0.000  1.000',
    ]);
  });

  it('a negative zero keeps its sign, as std::fixed prints it', () => {
    const lines = echoLines(at({ x: -0, y: -0.0001, z: 0 }, { x: 0, y: 0, z: 0, w: 1 }));
    expect(lines[1]).toBe('- Translation: [-0.000, -0.000, 0.000]');
  });
});

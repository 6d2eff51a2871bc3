/** The interface examples run to completion in-process. */
import { describe, expect, it } from 'vitest';
import { main as customInterfaces } from '../../../examples/custom_interfaces.js';
import { main as scanImage } from '../../../examples/scan_image_listener.js';
import { main as teleop } from '../../../examples/teleop_twist.js';

function capture(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}

describe('interface examples', () => {
  it('teleop_twist publishes a scripted square without a terminal', async () => {
    const out = capture();
    expect(await teleop(['--count', '2', '--period-ms', '5'], out.log, false)).toBe(0);
    expect(out.lines).toEqual(['cmd_vel: linear.x 0.50 angular.z 0.00', 'cmd_vel: linear.x 0.00 angular.z 1.57']);
  });

  it('scan_image_listener hears the simulated LaserScan and Image', async () => {
    const out = capture();
    expect(await scanImage(['--count', '2', '--budget-ms', '30000'], out.log)).toBe(0);
    expect(out.lines.filter((l) => l.startsWith('scan'))).toHaveLength(2);
    expect(out.lines).toContain('image 1: 64x48 rgb8, mean 40.0');
  });

  it('custom_interfaces generates a package of its own and uses it (bounds refused, service, topic)', async () => {
    const out = capture();
    expect(await customInterfaces([], out.log)).toBe(0);
    expect(out.lines).toEqual([
      'generated my_robot_msgs (3 interfaces)',
      'a 33-byte message on a string<=32 field: InvalidArgument',
      'SetMode(DRIVE): accepted true, previous mode 0',
      "status: mode 1, battery 12.6 V, 'driving', faults 7 left wheel warm",
    ]);
  });
});

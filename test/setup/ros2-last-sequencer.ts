/**
 * The suite's file order: vitest's own (failed first, then the longest), except that the
 * real-ROS 2 files go last in their group. The global setup builds real ROS 2 beside the suite
 * and those files wait for it, so on a fresh machine every other file runs during the build.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const REAL_ROS2 = /[\\/]test[\\/]interop[\\/]ros2[\\/]/;

export function isRealRos2File(moduleId: string): boolean {
  return REAL_ROS2.test(moduleId);
}

export class Ros2LastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
    const last = (spec: TestSpecification): number => (isRealRos2File(spec.moduleId) ? 1 : 0);
    // Groups, then projects, run in turn (as vitest orders them); Array.prototype.sort is
    // stable, so vitest's order holds within each part.
    return [...sorted].sort(
      (a, b) => group(a) - group(b) || a.project.name.localeCompare(b.project.name) || last(a) - last(b),
    );
  }
}

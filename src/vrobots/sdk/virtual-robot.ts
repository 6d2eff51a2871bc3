/**
 * The public face of the SDK: `VirtualRobot.connect(type, sysId?, options?)`, the vendor's
 * entry point, and the `VirtualRobot` type it answers (robot-api.ts). Everything that can
 * fail answers a VrResult; nothing throws or rejects.
 */
import type { RobotType } from '../robot-type.js';
import { connectRobot } from './connect-flow.js';
import type { ConnectOptions } from './connect-options.js';
import type { VirtualRobot as RobotApi } from './robot-api.js';
import type { VrResultOf } from './vr-error.js';

export type VirtualRobot<T extends RobotType = RobotType> = RobotApi<T>;

export interface VirtualRobotFactory {
  /**
   * Attaches to robot `sysId`, or creates one of `type` when no sysId is given; returns once
   * its state topic speaks. Options are validated before anything touches the network. A
   * catalog key types the handle for that robot type.
   */
  connect<T extends RobotType>(type: T, sysId?: number, options?: ConnectOptions): Promise<VrResultOf<VirtualRobot<T>>>;
  /** An alias (`car`, `rq4b`) or a name known only at run time: a handle for any robot type. */
  connect(type: string, sysId?: number, options?: ConnectOptions): Promise<VrResultOf<VirtualRobot>>;
}

export const VirtualRobot: VirtualRobotFactory = Object.freeze({
  connect(type: string, sysId?: number, options?: ConnectOptions): Promise<VrResultOf<VirtualRobot>> {
    return connectRobot(type, sysId, options);
  },
});

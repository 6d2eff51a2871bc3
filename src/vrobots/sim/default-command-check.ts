/**
 * The simulator's acceptability check of an incoming command (the commands module's
 * simulator-side reading): an unknown id, a wrong argument shape or a non-finite value is
 * ignored and counted, never applied; out-of-range codes are the physics' to clamp.
 */
import { err, ok, type Result } from '../../result.js';
import { commandRejection } from '../commands/index.js';
import type { Command } from '../messages/topic-messages.js';
import type { RobotType } from '../robot-type.js';

export function checkCommandForSim(robotType: RobotType, command: Command): Result {
  const problem = commandRejection(command.id, command.args, robotType);
  return problem === undefined ? ok() : err('InvalidArgument', problem);
}

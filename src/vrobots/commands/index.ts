export {
  CommandId,
  type CommandName,
  commandName,
  describeCommand,
  FW_SURFACE_COUNT,
  FW_THRUST_MAX_N,
  isCommandId,
  PWM_CENTRE_US,
  PWM_MAX_US,
  PWM_MIN_US,
} from './command-id.js';
export { type CmdArgsInput, commandRejection, isCommandAcceptable, validateCommand } from './command-rules.js';

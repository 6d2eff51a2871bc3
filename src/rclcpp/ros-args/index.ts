/**
 * The public face of `--ros-args`: the parser, for programs that read their own arguments
 * (rclcpp's remove_ros_arguments) and want to see what ROS will take from them.
 */
export type { ParamsFileArg, PositionedParamOverride, RosArguments } from './parse-ros-args.js';
export { parseRosArguments, removeRosArguments } from './parse-ros-args.js';
export type { RemapRule } from './remap-rule.js';
export { RemapKind } from './remap-rule.js';
export type { LogLevelRule, ParamOverride } from './rules.js';

/**
 * The ROS 2 interfaces the package root carries, as generated namespaces
 * (`std_msgs.msg.String`, `example_interfaces.srv.AddTwoInts`). Every other bundled package is
 * at `rclts/msgs`; a type of your own comes from `rclts interfaces generate`.
 */
export * as example_interfaces from '../interfaces/generated/example_interfaces/index.js';
export * as std_msgs from '../interfaces/generated/std_msgs/index.js';

/**
 * The ROS 2 interfaces the package root carries: std_msgs and example_interfaces as generated
 * namespaces (`std_msgs.msg.String`), the names rclts exported before the generator, and the
 * hand-written CDR helpers. Every other bundled package is at `rclts/msgs`.
 */
export * as example_interfaces from '../interfaces/generated/example_interfaces/index.js';
export * as std_msgs from '../interfaces/generated/std_msgs/index.js';
export { cdrMessageType, cdrServiceType } from './cdr.js';
export type { AddTwoIntsRequest, AddTwoIntsResponse } from './example-interfaces.js';
export {
  ADD_TWO_INTS_REQUEST_TYPE_HASH,
  ADD_TWO_INTS_RESPONSE_TYPE_HASH,
  ADD_TWO_INTS_TYPE_HASH,
  AddTwoIntsType,
} from './example-interfaces.js';
export type { Int32Message, StringMessage } from './std-msgs.js';
export { INT32_TYPE_HASH, Int32Type, STRING_TYPE_HASH, StringType } from './std-msgs.js';

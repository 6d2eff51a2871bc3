/** Built-in CDR interfaces (ROS 2 message and service types). */
export { cdrMessageType, cdrServiceType } from './cdr.js';
export type { AddTwoIntsRequest, AddTwoIntsResponse } from './example-interfaces.js';
export {
  ADD_TWO_INTS_REQUEST_TYPE_HASH,
  ADD_TWO_INTS_RESPONSE_TYPE_HASH,
  ADD_TWO_INTS_TYPE_HASH,
  AddTwoIntsType,
  example_interfaces,
} from './example-interfaces.js';
export type { Int32Message, StringMessage } from './std-msgs.js';
export { INT32_TYPE_HASH, Int32Type, STRING_TYPE_HASH, StringType, std_msgs } from './std-msgs.js';

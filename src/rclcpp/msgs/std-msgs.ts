/** std_msgs/msg/String and std_msgs/msg/Int32 under the names rclts has always exported. */
import { Int32, String as StdString } from '../interfaces/generated/std_msgs/msg.js';

export type StringMessage = StdString;
export type Int32Message = Int32;

export const StringType = StdString;
export const Int32Type = Int32;
export const STRING_TYPE_HASH: string = StringType.typeHash;
export const INT32_TYPE_HASH: string = Int32Type.typeHash;

/** std_msgs/msg/String and std_msgs/msg/Int32 (RIHS01 hashes, as ROS 2 Jazzy publishes them). */
import type { MessageType } from '../type-support.js';
import { cdrMessageType, int32Field, stringField, writeString } from './cdr.js';

export interface StringMessage {
  readonly data: string;
}

export interface Int32Message {
  readonly data: number;
}

export const STRING_TYPE_HASH = 'RIHS01_df668c740482bbd48fb39d76a70dfd4bd59db1288021743503259e948f6b1a18';
export const INT32_TYPE_HASH = 'RIHS01_b6578ded3c58c626cfe8d1a6fb6e04f706f97e9f03d2727c9ff4e74b1cef0deb';

export const StringType: MessageType<StringMessage> = cdrMessageType<StringMessage>(
  'std_msgs/msg/String',
  STRING_TYPE_HASH,
  (w, m) => writeString(w, stringField('std_msgs/msg/String', 'data', m.data)),
  (r) => ({ data: r.string() }),
);

export const Int32Type: MessageType<Int32Message> = cdrMessageType<Int32Message>(
  'std_msgs/msg/Int32',
  INT32_TYPE_HASH,
  (w, m) => w.int32(int32Field('std_msgs/msg/Int32', 'data', m.data)),
  (r) => ({ data: r.int32() }),
);

/** `std_msgs.msg.String`, as in ROS. */
export const std_msgs = Object.freeze({ msg: Object.freeze({ String: StringType, Int32: Int32Type }) });

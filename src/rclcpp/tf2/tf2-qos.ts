/** tf2_ros's QoS profiles (tf2_ros/qos.hpp), so rclts meets ROS 2 broadcasters and listeners on them. */
import { QoS } from '../qos.js';

/** The topics tf2_ros uses; absolute, so a node's namespace does not move them. */
export const TF_TOPIC = '/tf';
export const TF_STATIC_TOPIC = '/tf_static';

/** DynamicBroadcasterQoS: reliable, volatile, keep last 100. */
export function dynamicBroadcasterQoS(): QoS {
  return QoS.default().keepLast(100);
}

/** DynamicListenerQoS: reliable, volatile, keep last 100. */
export function dynamicListenerQoS(): QoS {
  return QoS.default().keepLast(100);
}

/** StaticBroadcasterQoS: reliable, transient local, keep last 1 (the whole set goes in one message). */
export function staticBroadcasterQoS(): QoS {
  return QoS.default().transientLocal().keepLast(1);
}

/** StaticListenerQoS: reliable, transient local, keep last 100. */
export function staticListenerQoS(): QoS {
  return QoS.default().transientLocal().keepLast(100);
}

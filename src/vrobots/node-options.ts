/**
 * The options of every node vrobots creates: keys as the simulator fixes them (`raw` naming),
 * and none of the ROS built-ins (parameter services, /parameter_events, ~/get_type_description,
 * /rosout). A process often holds hundreds of robots; seven service entries and three publishers
 * each would fill the executor's arena and the router with entities nobody asks.
 */
import type { NodeOptions } from '../rclcpp/index.js';

export const VROBOTS_NODE_OPTIONS: NodeOptions = Object.freeze({
  naming: 'raw',
  startParameterServices: false,
  startParameterEventPublisher: false,
  startTypeDescriptionService: false,
  enableRosout: false,
});

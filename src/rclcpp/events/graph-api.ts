/** The node's graph queries and graph events beyond the counts (part of the public `Node`). */
import type { Result, ResultOf } from '../../result.js';
import type { TopicEndpointInfo } from './topic-endpoint-info.js';

export interface NodeGraphEventsApi {
  /** Servers of the service name (resolved as this node resolves it). */
  countServices(service: string): ResultOf<number>;
  countClients(service: string): ResultOf<number>;
  /** rclcpp's get_publishers_info_by_topic: node, type and hash, GID and QoS per publisher. */
  getPublishersInfoByTopic(topic: string): ResultOf<readonly TopicEndpointInfo[]>;
  getSubscriptionsInfoByTopic(topic: string): ResultOf<readonly TopicEndpointInfo[]>;
  /** rclcpp's wait_for_graph_change: Ok at the next change of the graph, Timeout after the budget. */
  waitForGraphChange(budgetMs: number): Promise<Result>;
  /** `callback` runs in spin after graph changes; answers the function that stops it. */
  onGraphChange(callback: () => unknown): ResultOf<() => void>;
}

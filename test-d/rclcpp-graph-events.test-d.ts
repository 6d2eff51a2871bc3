// Compile-time contract of QoS and graph events: matched callbacks get a MatchedInfo, the events
// rmw_zenoh cannot produce do not type-check, and the graph queries answer rclcpp's shapes.
import { expectError, expectType } from 'tsd';
import {
  type MatchedInfo,
  type Node,
  type Result,
  type ResultOf,
  std_msgs,
  type TopicEndpointInfo,
  waitForMessage,
} from '../src/index.js';

declare const node: Node;
node.createPublisher(std_msgs.msg.String, 't', undefined, {
  events: { matched: (i) => expectType<MatchedInfo>(i) },
});
node.createSubscription(std_msgs.msg.String, 't', () => {}, undefined, {
  events: { incompatibleType: (s) => expectType<number>(s.totalCount) },
});
expectError(node.createPublisher(std_msgs.msg.String, 't', undefined, { events: { deadline: () => {} } }));
expectError(node.createPublisher(std_msgs.msg.String, 't', undefined, { events: { matched: 3 } }));
expectType<ResultOf<readonly TopicEndpointInfo[]>>(node.getPublishersInfoByTopic('t'));
expectType<Uint8Array>((null as unknown as TopicEndpointInfo).endpointGid);
expectType<ResultOf<number>>(node.countClients('s'));
expectType<Promise<Result>>(node.waitForGraphChange(100));
expectType<ResultOf<() => void>>(node.onGraphChange(() => {}));
expectType<Promise<ResultOf<{ data: string }>>>(waitForMessage(std_msgs.msg.String, node, 't', 100));
expectError(node.waitForGraphChange());

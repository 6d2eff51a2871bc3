export type {
  IncompatibleTypeStatus,
  MatchedInfo,
  PublisherEventCallbacks,
  PublisherOptions,
  SubscriptionEventCallbacks,
  SubscriptionEventOptions,
} from './endpoint-events.js';
export type { NodeGraphEventsApi } from './graph-api.js';
export type { MessageLostStatus } from './message-lost.js';
export { EndpointType, type TopicEndpointInfo } from './topic-endpoint-info.js';
export { waitForMessage } from './wait-for-message.js';

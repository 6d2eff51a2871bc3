export type {
  EndpointEventCallbacks,
  EndpointOptions,
  IncompatibleTypeStatus,
  MatchedInfo,
} from './endpoint-events.js';
export type { NodeGraphEventsApi } from './graph-api.js';
export { EndpointType, type TopicEndpointInfo } from './topic-endpoint-info.js';
export { waitForMessage } from './wait-for-message.js';

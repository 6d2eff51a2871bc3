/** Service introspection (rcl's service event publisher): what the service and client entries use. */
export {
  isIntrospectionState,
  SERVICE_EVENT_SUFFIX,
  ServiceEventType,
  ServiceIntrospectionState,
} from './introspection-state.js';
export {
  configureIntrospection,
  type IntrospectionTarget,
  rememberEventType,
  ServiceEventPublisher,
} from './service-event-publisher.js';

/**
 * Node options without the built-ins every node has by default (parameter services,
 * /parameter_events, ~/get_type_description, /rosout), for tests that count exactly what a
 * node declares or how many arena entries it takes.
 */
export const BARE_NODE = Object.freeze({
  startParameterServices: false,
  startParameterEventPublisher: false,
  startTypeDescriptionService: false,
  enableRosout: false,
});

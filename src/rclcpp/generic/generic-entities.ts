/**
 * rclcpp's GenericPublisher / GenericSubscription (and a generic client): entities made from a
 * type name the registry resolves at run time. On the wire they are the real type (its name and
 * RIHS01 hash), so typed rclts entities and rmw_zenoh peers match them.
 */

import { err, ok, type Result, type ResultOf } from '../../result.js';
import type {
  ClientHandle,
  GenericClientOptions,
  GenericEntityOptions,
  GenericPublisher,
  GenericSubscriptionOptions,
  Node,
  Publisher,
  QoSLike,
  ResponseHandler,
  SubscriptionHandle,
  SubscriptionHandler,
} from '../api.js';
import { PublisherDecorator } from '../publisher-decorator.js';
import { readOptions } from '../type-check.js';
import { checkSerialized, serializedType } from './serialized.js';
import { type GenericMessage, TypeRegistry } from './type-registry.js';

class GenericPublisherImpl extends PublisherDecorator<GenericMessage> implements GenericPublisher {
  constructor(
    readonly typeName: string,
    inner: Publisher<GenericMessage>,
  ) {
    super(inner);
  }
  override publishRaw(bytes: Uint8Array): Result {
    const checked = checkSerialized(bytes, `${this.typeName} for '${this.inner.getTopicName()}'`);
    return checked.ok ? this.inner.publishRaw(bytes) : checked;
  }
}

/** The registry of `options` (checked), else the bundled one. */
function registryOf(
  options: unknown,
  keys: readonly string[] = [],
): ResultOf<{ registry: TypeRegistry; raw: boolean }> {
  const o = readOptions('options', options, ['registry', 'raw', ...keys]);
  if (!o.ok) return o;
  const { registry, raw } = o.value;
  if (registry !== undefined && !(registry instanceof TypeRegistry)) {
    return err(
      'InvalidArgument',
      'options.registry must be a TypeRegistry (TypeRegistry.bundled() or TypeRegistry.load())',
    );
  }
  if (raw !== undefined && typeof raw !== 'boolean') return err('InvalidArgument', 'options.raw must be a boolean');
  return ok({ registry: registry ?? TypeRegistry.bundled(), raw: raw === true });
}

export function createGenericPublisher(
  node: Node,
  typeName: string,
  topic: string,
  qos?: QoSLike,
  options?: GenericEntityOptions,
): ResultOf<GenericPublisher> {
  const o = registryOf(options);
  if (!o.ok) return o;
  const type = o.value.registry.message(typeName);
  if (!type.ok) return type;
  const publisher = node.createPublisher(type.value, topic, qos);
  return publisher.ok ? ok(new GenericPublisherImpl(type.value.typeName, publisher.value)) : publisher;
}

export function createGenericSubscription(
  node: Node,
  typeName: string,
  topic: string,
  handler: SubscriptionHandler<Uint8Array> | SubscriptionHandler<GenericMessage>,
  qos?: QoSLike,
  options?: GenericSubscriptionOptions,
): ResultOf<SubscriptionHandle> {
  const o = registryOf(options);
  if (!o.ok) return o;
  const type = o.value.registry.message(typeName);
  if (!type.ok) return type;
  if (o.value.raw) {
    return node.createSubscription(serializedType(type.value), topic, handler as SubscriptionHandler<Uint8Array>, qos);
  }
  return node.createSubscription(type.value, topic, handler as SubscriptionHandler<GenericMessage>, qos);
}

export function createGenericClient(
  node: Node,
  typeName: string,
  service: string,
  onResponse: ResponseHandler<GenericMessage>,
  options?: GenericClientOptions,
): ResultOf<ClientHandle<GenericMessage, GenericMessage>> {
  const o = registryOf(options, ['qos', 'requestBudgetMs', 'maxRequestsInFlight']);
  if (!o.ok) return o;
  const type = o.value.registry.service(typeName);
  if (!type.ok) return type;
  const { qos, requestBudgetMs, maxRequestsInFlight } = options ?? {};
  return node.createClient(type.value, service, onResponse, { qos, requestBudgetMs, maxRequestsInFlight });
}

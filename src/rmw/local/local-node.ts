/** A local node: its presence on the bus graph and the factory of its endpoints. */
import { describeValue, err, ok, type ResultOf } from '../../result.js';
import { checkEndpointSpec } from '../endpoint-check.js';
import type {
  EndpointKind,
  RmwEndpointSpec,
  RmwNode,
  RmwNodeInfo,
  RmwPublisher,
  RmwReply,
  RmwRequest,
  RmwSample,
  RmwServiceClient,
  RmwServiceServer,
  RmwSubscriber,
  RmwSubscriberOptions,
} from '../rmw.js';
import type { BusNode, BusSessionLink, LocalBus } from './local-bus.js';
import type { EntityOwner, LocalEntity } from './local-entity.js';
import { LocalPublisher, LocalSubscriber } from './local-pub-sub.js';
import { localActualQos } from './local-qos.js';
import { LocalServiceClient } from './local-service-client.js';
import { LocalServiceServer } from './local-service-server.js';

export class LocalNode implements RmwNode, EntityOwner {
  private readonly busNode: BusNode;
  /** Each open entity; the entity is its own record on the bus graph. */
  private readonly entities = new Set<LocalEntity>();
  private closed = false;

  constructor(
    readonly bus: LocalBus,
    readonly session: BusSessionLink,
    readonly info: RmwNodeInfo,
    private readonly onClose: () => void,
  ) {
    this.busNode = { domainId: session.domainId, info };
    bus.addNode(this.busNode);
  }

  entityClosed(entity: LocalEntity): void {
    if (!this.entities.delete(entity)) return;
    this.bus.removeEndpoint(entity);
  }

  createPublisher(spec: RmwEndpointSpec): ResultOf<RmwPublisher> {
    return this.declare(spec, 'publisher', (key, qos) => new LocalPublisher(this, key, spec, qos));
  }

  createSubscriber(
    spec: RmwEndpointSpec,
    onSample: (sample: RmwSample) => void,
    options?: RmwSubscriberOptions,
  ): ResultOf<RmwSubscriber> {
    if (typeof onSample !== 'function')
      return err('InvalidArgument', `onSample for subscription '${describeValue(spec?.name)}' must be a function`);
    let readsAttachment = true;
    try {
      readsAttachment = options?.readsAttachment !== false;
    } catch {
      // options whose getter throws: the default, as for no options
    }
    return this.declare(
      spec,
      'subscription',
      (key, qos) => new LocalSubscriber(this, key, spec, qos, onSample, readsAttachment),
    );
  }

  createServiceServer(spec: RmwEndpointSpec, onRequest: (request: RmwRequest) => void): ResultOf<RmwServiceServer> {
    if (typeof onRequest !== 'function')
      return err('InvalidArgument', `onRequest for service '${describeValue(spec?.name)}' must be a function`);
    return this.declare(spec, 'service', (key, qos) => new LocalServiceServer(this, key, spec, qos, onRequest));
  }

  createServiceClient(spec: RmwEndpointSpec, onReply: (reply: RmwReply) => void): ResultOf<RmwServiceClient> {
    if (typeof onReply !== 'function')
      return err('InvalidArgument', `onReply for client '${describeValue(spec?.name)}' must be a function`);
    return this.declare(spec, 'client', (key, qos) => new LocalServiceClient(this, key, spec, qos, onReply));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const entity of [...this.entities]) entity.close();
    this.bus.removeNode(this.busNode);
    this.onClose();
  }

  /** Validates the spec, builds the entity, and puts it on the graph until it closes. */
  private declare<E extends LocalEntity>(
    spec: RmwEndpointSpec,
    kind: EndpointKind,
    build: (key: string, qos: ReturnType<typeof localActualQos>) => E,
  ): ResultOf<E> {
    if (this.closed)
      return err(
        'NotInitialized',
        `node '${this.fullName()}' is closed; cannot create ${kind} '${describeValue(spec?.name)}'`,
      );
    const key = checkEndpointSpec(this.session.domainId, spec, kind);
    if (!key.ok) return key;
    const entity = build(key.value, localActualQos(spec.qos));
    this.entities.add(entity);
    this.bus.addEndpoint(entity);
    return ok(entity);
  }

  private fullName(): string {
    const ns = this.info.namespace === '/' ? '' : this.info.namespace;
    return `${ns}/${this.info.name}`;
  }
}

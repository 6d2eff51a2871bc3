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
} from '../rmw.js';
import type { BusEndpoint, BusNode, BusSessionLink, LocalBus } from './local-bus.js';
import type { LocalEntity } from './local-entity.js';
import { LocalPublisher, LocalSubscriber } from './local-pub-sub.js';
import { localActualQos } from './local-qos.js';
import { LocalServiceClient } from './local-service-client.js';
import { LocalServiceServer } from './local-service-server.js';

export class LocalNode implements RmwNode {
  private readonly busNode: BusNode;
  /** Each open entity and its place on the graph. */
  private readonly entities = new Map<LocalEntity, BusEndpoint>();
  private readonly entityClosed = (entity: LocalEntity): void => {
    const endpoint = this.entities.get(entity);
    if (endpoint === undefined) return;
    this.entities.delete(entity);
    this.bus.removeEndpoint(endpoint);
  };
  private closed = false;

  constructor(
    private readonly bus: LocalBus,
    private readonly session: BusSessionLink,
    readonly info: RmwNodeInfo,
    private readonly onClose: () => void,
  ) {
    this.busNode = { domainId: session.domainId, info };
    bus.addNode(this.busNode);
  }

  createPublisher(spec: RmwEndpointSpec): ResultOf<RmwPublisher> {
    return this.declare(
      spec,
      'publisher',
      (key, qos, done) => new LocalPublisher(this.bus, key, qos, spec.naming === 'ros', done),
    );
  }

  createSubscriber(spec: RmwEndpointSpec, onSample: (sample: RmwSample) => void): ResultOf<RmwSubscriber> {
    if (typeof onSample !== 'function')
      return err('InvalidArgument', `onSample for subscription '${describeValue(spec?.name)}' must be a function`);
    return this.declare(
      spec,
      'subscription',
      (key, qos, done) => new LocalSubscriber(this.bus, key, qos, this.session, onSample, done),
    );
  }

  createServiceServer(spec: RmwEndpointSpec, onRequest: (request: RmwRequest) => void): ResultOf<RmwServiceServer> {
    if (typeof onRequest !== 'function')
      return err('InvalidArgument', `onRequest for service '${describeValue(spec?.name)}' must be a function`);
    return this.declare(
      spec,
      'service',
      (key, qos, done) => new LocalServiceServer(this.bus, key, qos, this.session, onRequest, done),
    );
  }

  createServiceClient(spec: RmwEndpointSpec, onReply: (reply: RmwReply) => void): ResultOf<RmwServiceClient> {
    if (typeof onReply !== 'function')
      return err('InvalidArgument', `onReply for client '${describeValue(spec?.name)}' must be a function`);
    return this.declare(
      spec,
      'client',
      (key, qos, done) =>
        new LocalServiceClient(this.bus, key, qos, spec.naming === 'ros', this.session, onReply, done),
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const entity of [...this.entities.keys()]) entity.close();
    this.bus.removeNode(this.busNode);
    this.onClose();
  }

  /** Validates the spec, builds the entity, and puts it on the graph until it closes. */
  private declare<E extends LocalEntity>(
    spec: RmwEndpointSpec,
    kind: EndpointKind,
    build: (key: string, qos: ReturnType<typeof localActualQos>, done: (entity: LocalEntity) => void) => E,
  ): ResultOf<E> {
    if (this.closed)
      return err(
        'NotInitialized',
        `node '${this.fullName()}' is closed; cannot create ${kind} '${describeValue(spec?.name)}'`,
      );
    const key = checkEndpointSpec(this.session.domainId, spec, kind);
    if (!key.ok) return key;
    const qos = localActualQos(spec.qos);
    const endpoint: BusEndpoint = {
      domainId: this.session.domainId,
      info: {
        kind,
        node: this.info,
        naming: spec.naming,
        name: spec.name,
        typeName: spec.typeName,
        typeHash: spec.typeHash,
        qos,
      },
    };
    const entity = build(key.value, qos, this.entityClosed);
    this.entities.set(entity, endpoint);
    this.bus.addEndpoint(endpoint);
    return ok(entity);
  }

  private fullName(): string {
    const ns = this.info.namespace === '/' ? '' : this.info.namespace;
    return `${ns}/${this.info.name}`;
  }
}

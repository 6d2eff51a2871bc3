/**
 * A node: its `NN` liveliness token (always, so `ros2 node list` shows it) and the factory
 * of its endpoints, which it closes with itself.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { err, ok, type ResultOf } from '../../result.js';
import { validateKeyExpr } from '../key-expr.js';
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
import { nodeToken, type TokenOwner } from '../wire/liveliness-token.js';
import { type ResolvedEndpoint, resolveEndpoint } from './endpoint-spec.js';
import { type SessionContext, tokenStep } from './session-context.js';
import { advancedPublisherKey, TransientLocalCache } from './transient-local.js';
import { declareSteps, type Undeclarable, ZenohEntity } from './zenoh-entity.js';
import { ZenohPublisher } from './zenoh-publisher.js';
import { ZenohServiceClient } from './zenoh-service-client.js';
import { ZenohServiceServer } from './zenoh-service-server.js';
import { ZenohSubscriber } from './zenoh-subscriber.js';

/** Checks node info and builds the node's token; InvalidArgument naming what is wrong. */
export function checkNodeInfo(owner: TokenOwner): ResultOf<string> {
  const info = owner.node;
  if (typeof info !== 'object' || info === null) return err('InvalidArgument', 'node info must be an object');
  for (const f of ['name', 'namespace', 'enclave'] as const) {
    if (typeof info[f] !== 'string') return err('InvalidArgument', `node ${f} must be a string, got ${typeof info[f]}`);
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(info.name)) {
    return err(
      'InvalidArgument',
      `node name '${info.name}' is not a valid ROS node name (letters, digits, '_'; not starting with a digit)`,
    );
  }
  if (info.namespace !== '' && !info.namespace.startsWith('/')) {
    return err('InvalidArgument', `node namespace '${info.namespace}' of node '${info.name}' must start with '/'`);
  }
  const token = nodeToken(owner);
  const valid = validateKeyExpr(token, `liveliness token of node '${info.name}'`);
  return valid.ok ? ok(token) : valid;
}

interface Closable {
  close(): void;
  isOpen(): boolean;
}

export class ZenohNode extends ZenohEntity implements RmwNode {
  private readonly owner: TokenOwner;
  private readonly endpoints = new Set<Closable>();

  constructor(
    private readonly session: SessionContext,
    readonly info: RmwNodeInfo,
    nodeId: string,
    private readonly token: string,
  ) {
    super(token, session, `node '${info.name}'`);
    this.owner = { domainId: session.domainId, sessionId: session.sessionId, nodeId, node: info };
    session.graph.addLocal(token);
    this.start();
  }

  createPublisher(spec: RmwEndpointSpec): ResultOf<RmwPublisher> {
    const e = this.resolve(spec, 'publisher');
    if (!e.ok) return e;
    const durable = e.value.spec.qos.durability === 'transient_local';
    const cache = durable
      ? new TransientLocalCache(
          this.session.zenoh,
          e.value.key,
          advancedPublisherKey(e.value.key, this.session.sessionId),
          e.value.spec.qos,
        )
      : undefined;
    return this.track(new ZenohPublisher(this.session, e.value, cache));
  }

  createSubscriber(spec: RmwEndpointSpec, onSample: (sample: RmwSample) => void): ResultOf<RmwSubscriber> {
    if (typeof onSample !== 'function') return err('InvalidArgument', 'onSample must be a function');
    const e = this.resolve(spec, 'subscription');
    if (!e.ok) return e;
    return this.track(new ZenohSubscriber(this.session, e.value, onSample));
  }

  createServiceServer(spec: RmwEndpointSpec, onRequest: (request: RmwRequest) => void): ResultOf<RmwServiceServer> {
    if (typeof onRequest !== 'function') return err('InvalidArgument', 'onRequest must be a function');
    const e = this.resolve(spec, 'service');
    if (!e.ok) return e;
    return this.track(new ZenohServiceServer(this.session, e.value, onRequest));
  }

  createServiceClient(spec: RmwEndpointSpec, onReply: (reply: RmwReply) => void): ResultOf<RmwServiceClient> {
    if (typeof onReply !== 'function') return err('InvalidArgument', 'onReply must be a function');
    const e = this.resolve(spec, 'client');
    if (!e.ok) return e;
    return this.track(new ZenohServiceClient(this.session, e.value, onReply));
  }

  override close(): void {
    for (const e of [...this.endpoints]) e.close();
    this.endpoints.clear();
    super.close();
  }

  protected declare(session: Session): Promise<Undeclarable[]> {
    return declareSteps(session, [tokenStep(session, this.token)]);
  }

  protected override onDetached(reason: 'lost' | 'closed' | 'failed'): void {
    if (reason !== 'lost') this.session.graph.removeLocal(this.token);
  }

  private resolve(spec: RmwEndpointSpec, kind: EndpointKind): ResultOf<ResolvedEndpoint> {
    const bad = this.unusable();
    if (bad !== undefined) return bad;
    if (this.session.connection.isClosed())
      return err('NotInitialized', `node '${this.info.name}': the rmw session is closed`);
    return resolveEndpoint(this.owner, this.session.ids.next(), spec, kind);
  }

  private track<T extends Closable>(entity: T): ResultOf<T> {
    // Endpoints closed on their own are pruned here rather than tracked back.
    for (const e of this.endpoints) if (!e.isOpen()) this.endpoints.delete(e);
    this.endpoints.add(entity);
    return ok(entity);
  }
}

/**
 * What publishers, subscribers, servers and clients share on top of the declaration life:
 * the endpoint's liveliness token (ros naming) — entered into the graph at creation and
 * declared after the endpoint's own zenoh objects — and its granted QoS.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import type { RmwActualQos } from '../qos.js';
import type { ResolvedEndpoint } from './endpoint-spec.js';
import { zenohActualQos } from './qos-mapping.js';
import { type SessionContext, tokenStep } from './session-context.js';
import { declareSteps, type Undeclarable, ZenohEntity } from './zenoh-entity.js';

export abstract class ZenohEndpoint extends ZenohEntity {
  protected readonly session: SessionContext;

  protected constructor(
    session: SessionContext,
    protected readonly endpoint: ResolvedEndpoint,
    role: string,
  ) {
    super(endpoint.key, session, role);
    this.session = session;
    if (endpoint.token !== undefined) session.graph.addLocal(endpoint.token);
  }

  actualQos(): RmwActualQos {
    return zenohActualQos(this.endpoint.spec.qos);
  }

  /** The zenoh objects of this endpoint, in declaration order (the token follows them). */
  protected abstract declareObjects(session: Session): Array<() => Promise<Undeclarable | undefined>>;

  protected override declare(session: Session): Promise<Undeclarable[]> {
    const steps = this.declareObjects(session);
    if (this.endpoint.token !== undefined) steps.push(tokenStep(session, this.endpoint.token));
    return declareSteps(session, steps);
  }

  protected override onDetached(reason: 'lost' | 'closed' | 'failed'): void {
    if (reason !== 'lost' && this.endpoint.token !== undefined) this.session.graph.removeLocal(this.endpoint.token);
    this.detached(reason);
  }

  /** Subclass hook for onDetached. */
  protected detached(_reason: 'lost' | 'closed' | 'failed'): void {}
}

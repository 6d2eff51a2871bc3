/**
 * Drives another node's lifecycle through its services (what `ros2 lifecycle` does), every
 * call with a budget; one call per service in flight at a time (a second answers TryAgain).
 */

import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node, PollClient } from '../api.js';
import type * as lcMsg from '../interfaces/generated/lifecycle_msgs/msg.js';
import * as lcSrv from '../interfaces/generated/lifecycle_msgs/srv.js';
import { RemoteNodeClients } from '../remote-node-clients.js';
import type { ServiceType } from '../type-support.js';
import type { LifecycleState, TransitionDescription } from './state-machine.js';

type Client<S> = S extends ServiceType<infer Req, infer Res> ? PollClient<Req, Res> : never;

const fromDescription = (d: lcMsg.TransitionDescription): TransitionDescription => ({
  transition: { id: d.transition.id, label: d.transition.label },
  start: { id: d.start_state.id, label: d.start_state.label },
  goal: { id: d.goal_state.id, label: d.goal_state.label },
});

export class LifecycleClient {
  private constructor(
    private readonly clients: RemoteNodeClients,
    private readonly change: Client<typeof lcSrv.ChangeState>,
    private readonly state: Client<typeof lcSrv.GetState>,
    private readonly states: Client<typeof lcSrv.GetAvailableStates>,
    private readonly transitions: Client<typeof lcSrv.GetAvailableTransitions>,
    private readonly graph: Client<typeof lcSrv.GetAvailableTransitions>,
  ) {}

  /** Clients of the lifecycle services of `remoteNode` (fully qualified, e.g. `/ns/talker`). */
  static create(node: Node, remoteNode: string): ResultOf<LifecycleClient> {
    const opened = RemoteNodeClients.open(node, remoteNode, 'lifecycle services');
    if (!opened.ok) return opened;
    const r = opened.value;
    const c = r.client(lcSrv.ChangeState, 'change_state');
    const s = c.ok ? r.client(lcSrv.GetState, 'get_state') : c;
    const a = s.ok ? r.client(lcSrv.GetAvailableStates, 'get_available_states') : s;
    const t = a.ok ? r.client(lcSrv.GetAvailableTransitions, 'get_available_transitions') : a;
    const g = t.ok ? r.client(lcSrv.GetAvailableTransitions, 'get_transition_graph') : t;
    if (!c.ok || !s.ok || !a.ok || !t.ok || !g.ok) {
      r.releaseAll();
      return g.ok ? err('Error', 'creating the lifecycle clients failed') : g;
    }
    return ok(new LifecycleClient(r, c.value, s.value, a.value, t.value, g.value));
  }

  get remoteNode(): string {
    return this.clients.remoteNode;
  }

  waitForService(budgetMs: number): Promise<Result> {
    return this.clients.waitForService(budgetMs);
  }

  async getState(budgetMs: number): Promise<ResultOf<LifecycleState>> {
    const r = await this.state.call({}, budgetMs);
    return r.ok ? ok({ id: r.value.current_state.id, label: r.value.current_state.label }) : this.failed(r);
  }

  async getAvailableStates(budgetMs: number): Promise<ResultOf<readonly LifecycleState[]>> {
    const r = await this.states.call({}, budgetMs);
    return r.ok ? ok(r.value.available_states.map((x) => ({ id: x.id, label: x.label }))) : this.failed(r);
  }

  async getAvailableTransitions(budgetMs: number): Promise<ResultOf<readonly TransitionDescription[]>> {
    const r = await this.transitions.call({}, budgetMs);
    return r.ok ? ok(r.value.available_transitions.map(fromDescription)) : this.failed(r);
  }

  async getTransitionGraph(budgetMs: number): Promise<ResultOf<readonly TransitionDescription[]>> {
    const r = await this.graph.call({}, budgetMs);
    return r.ok ? ok(r.value.available_transitions.map(fromDescription)) : this.failed(r);
  }

  /**
   * Requests a transition by id or label (`configure`, `activate`, `shutdown` ...). Rejected
   * when the remote node answers success = false (not available there, or its callback did not
   * succeed).
   */
  async changeState(transition: number | string, budgetMs: number): Promise<Result> {
    const request =
      typeof transition === 'string'
        ? { transition: { id: 0, label: transition } }
        : { transition: { id: transition, label: '' } };
    const r = await this.change.call(request, budgetMs);
    if (!r.ok) return this.failed(r);
    return r.value.success
      ? ok()
      : err('Rejected', `'${this.remoteNode}' did not complete transition ${describeValue(transition)}`);
  }

  destroy(): void {
    this.clients.releaseAll();
  }

  private failed(r: Parameters<RemoteNodeClients['failed']>[0]) {
    return this.clients.failed(r);
  }
}

/**
 * Drives another node's lifecycle through its services (what `ros2 lifecycle` does), every
 * call with a budget; one call per service in flight at a time (a second answers TryAgain).
 */

import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node, PollClient } from '../api.js';
import type * as lcMsg from '../interfaces/generated/lifecycle_msgs/msg.js';
import * as lcSrv from '../interfaces/generated/lifecycle_msgs/srv.js';
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
    readonly remoteNode: string,
    private readonly change: Client<typeof lcSrv.ChangeState>,
    private readonly state: Client<typeof lcSrv.GetState>,
    private readonly states: Client<typeof lcSrv.GetAvailableStates>,
    private readonly transitions: Client<typeof lcSrv.GetAvailableTransitions>,
    private readonly graph: Client<typeof lcSrv.GetAvailableTransitions>,
  ) {}

  /** Clients of the lifecycle services of `remoteNode` (fully qualified, e.g. `/ns/talker`). */
  static create(node: Node, remoteNode: string): ResultOf<LifecycleClient> {
    if (typeof remoteNode !== 'string' || !remoteNode.startsWith('/') || remoteNode.length < 2) {
      return err(
        'InvalidArgument',
        `remoteNode must be a fully qualified node name (/ns/name), got ${describeValue(remoteNode)}`,
      );
    }
    const made: Array<{ handle: { reset(): Result } }> = [];
    const make = <Req, Res>(type: ServiceType<Req, Res>, service: string): ResultOf<PollClient<Req, Res>> => {
      const c = node.createPollClient(type, `${remoteNode}/${service}`, { maxRequestsInFlight: 1 });
      if (c.ok) made.push(c.value);
      return c;
    };
    const c = make(lcSrv.ChangeState, 'change_state');
    const s = c.ok ? make(lcSrv.GetState, 'get_state') : c;
    const a = s.ok ? make(lcSrv.GetAvailableStates, 'get_available_states') : s;
    const t = a.ok ? make(lcSrv.GetAvailableTransitions, 'get_available_transitions') : a;
    const g = t.ok ? make(lcSrv.GetAvailableTransitions, 'get_transition_graph') : t;
    if (!c.ok || !s.ok || !a.ok || !t.ok || !g.ok) {
      for (const m of made) m.handle.reset();
      return g.ok ? err('Error', 'creating the lifecycle clients failed') : g;
    }
    return ok(new LifecycleClient(remoteNode, c.value, s.value, a.value, t.value, g.value));
  }

  async waitForService(budgetMs: number): Promise<Result> {
    const deadline = performance.now() + budgetMs;
    for (const c of [this.change, this.state, this.states, this.transitions, this.graph]) {
      const w = await c.waitForService(Math.max(1, deadline - performance.now()));
      if (!w.ok) return err(w.error.name, `lifecycle services of '${this.remoteNode}': ${w.error.message}`);
    }
    return ok();
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
    for (const c of [this.change, this.state, this.states, this.transitions, this.graph]) c.handle.reset();
  }

  private failed(r: {
    readonly ok: false;
    readonly error: { readonly name: Parameters<typeof err>[0]; readonly message: string };
  }) {
    return err(r.error.name, `lifecycle service of '${this.remoteNode}': ${r.error.message}`);
  }
}

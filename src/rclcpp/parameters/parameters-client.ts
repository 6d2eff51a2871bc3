/**
 * A client of another node's parameter services (rclcpp's AsyncParametersClient, with a budget
 * on every call and errors as values). Each service has one PollClient, so one call per
 * service is in flight at a time; calls made meanwhile wait their turn in order, each within
 * its own budget (counted from the call, waiting included).
 */

import { checkBudget } from '../../budget.js';
import { err, ok, type Result, type ResultOf } from '../../result.js';
import type { Executor, Node, PollClient } from '../api.js';
import type * as rclMsg from '../interfaces/generated/rcl_interfaces/msg.js';
import * as rclSrv from '../interfaces/generated/rcl_interfaces/srv.js';
import { QoS } from '../qos.js';
import { RemoteNodeClients } from '../remote-node-clients.js';
import type { ServiceType } from '../type-support.js';
import type { ParameterUpdate, SetParametersResult } from './parameter-types.js';
import { coerceValue, fromValueMsg, type Parameter, type ParameterType, toValueMsg, typeOfValue } from './value.js';

type Client<S> = S extends ServiceType<infer Req, infer Res> ? PollClient<Req, Res> : never;

function toParameterMsgs(updates: readonly ParameterUpdate[]): ResultOf<rclMsg.Parameter[]> {
  const out: rclMsg.Parameter[] = [];
  for (const u of updates) {
    const t = typeOfValue(`value of parameter '${u.name}'`, u.value);
    if (!t.ok) return t;
    out.push({ name: u.name, value: toValueMsg(t.value, u.value) });
  }
  return ok(out);
}

/** Resolves true when `turn` settles within `ms`, false when the time runs out first. */
function within(turn: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void turn.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export class ParametersClient {
  /** Per service client, the end of its queue: settles when the last call queued on it has ended. */
  private readonly tails = new Map<object, Promise<void>>();

  private constructor(
    private readonly executor: Executor,
    private readonly clients: RemoteNodeClients,
    private readonly describeC: Client<typeof rclSrv.DescribeParameters>,
    private readonly typesC: Client<typeof rclSrv.GetParameterTypes>,
    private readonly getC: Client<typeof rclSrv.GetParameters>,
    private readonly listC: Client<typeof rclSrv.ListParameters>,
    private readonly setC: Client<typeof rclSrv.SetParameters>,
    private readonly atomicC: Client<typeof rclSrv.SetParametersAtomically>,
  ) {}

  /** Clients of the services of `remoteNode` (its fully qualified name, e.g. `/ns/talker`). */
  static create(node: Node, remoteNode: string): ResultOf<ParametersClient> {
    const opened = RemoteNodeClients.open(node, remoteNode, 'parameter services');
    if (!opened.ok) return opened;
    const r = opened.value;
    const qos = QoS.parameters();
    const d = r.client(rclSrv.DescribeParameters, 'describe_parameters', qos);
    const t = d.ok ? r.client(rclSrv.GetParameterTypes, 'get_parameter_types', qos) : d;
    const g = t.ok ? r.client(rclSrv.GetParameters, 'get_parameters', qos) : t;
    const l = g.ok ? r.client(rclSrv.ListParameters, 'list_parameters', qos) : g;
    const s = l.ok ? r.client(rclSrv.SetParameters, 'set_parameters', qos) : l;
    const a = s.ok ? r.client(rclSrv.SetParametersAtomically, 'set_parameters_atomically', qos) : s;
    if (!d.ok || !t.ok || !g.ok || !l.ok || !s.ok || !a.ok) {
      r.releaseAll();
      return a.ok ? err('Error', 'creating the parameter clients failed') : a;
    }
    return ok(new ParametersClient(node.executor, r, d.value, t.value, g.value, l.value, s.value, a.value));
  }

  get remoteNode(): string {
    return this.clients.remoteNode;
  }

  /** Waits (spinning) until the remote node's services are visible; Timeout after the budget. */
  waitForService(budgetMs: number): Promise<Result> {
    return this.clients.waitForService(budgetMs);
  }

  async getParameters(names: readonly string[], budgetMs: number): Promise<ResultOf<readonly Parameter[]>> {
    const r = await this.call(this.getC, { names: [...names] }, budgetMs);
    if (!r.ok) return r;
    if (r.value.values.length !== names.length) {
      return err(
        'ServiceFailed',
        `'${this.remoteNode}' answered ${r.value.values.length} values for ${names.length} names`,
      );
    }
    const out: Parameter[] = [];
    for (const [i, v] of r.value.values.entries()) {
      const value = fromValueMsg(v);
      if (!value.ok) return value;
      out.push(Object.freeze({ name: names[i] as string, type: v.type as ParameterType, value: value.value }));
    }
    return ok(out);
  }

  async getParameterTypes(names: readonly string[], budgetMs: number): Promise<ResultOf<readonly ParameterType[]>> {
    const r = await this.call(this.typesC, { names: [...names] }, budgetMs);
    return r.ok ? ok([...r.value.types] as ParameterType[]) : r;
  }

  async describeParameters(
    names: readonly string[],
    budgetMs: number,
  ): Promise<ResultOf<readonly rclMsg.ParameterDescriptor[]>> {
    const r = await this.call(this.describeC, { names: [...names] }, budgetMs);
    return r.ok ? ok(r.value.descriptors) : r;
  }

  async listParameters(
    prefixes: readonly string[],
    depth: number,
    budgetMs: number,
  ): Promise<ResultOf<{ readonly names: readonly string[]; readonly prefixes: readonly string[] }>> {
    const r = await this.call(this.listC, { prefixes: [...prefixes], depth: BigInt(depth) }, budgetMs);
    return r.ok ? ok(r.value.result) : r;
  }

  /**
   * One result per update. A number is sent as a double, which an rclcpp node refuses for an
   * integer parameter (an rclts node takes a whole one); pass a bigint, or use setParameter.
   */
  async setParameters(
    updates: readonly ParameterUpdate[],
    budgetMs: number,
  ): Promise<ResultOf<readonly SetParametersResult[]>> {
    const msgs = toParameterMsgs(updates);
    if (!msgs.ok) return msgs;
    const r = await this.call(this.setC, { parameters: msgs.value }, budgetMs);
    return r.ok ? ok(r.value.results) : r;
  }

  async setParametersAtomically(
    updates: readonly ParameterUpdate[],
    budgetMs: number,
  ): Promise<ResultOf<SetParametersResult>> {
    const msgs = toParameterMsgs(updates);
    if (!msgs.ok) return msgs;
    const r = await this.call(this.atomicC, { parameters: msgs.value }, budgetMs);
    return r.ok ? ok(r.value.result) : r;
  }

  /**
   * Sets one parameter, converting a number to the remote type first (so `5` sets an integer
   * parameter); Rejected with the remote node's reason when refused.
   */
  async setParameter(name: string, value: ParameterUpdate['value'], budgetMs: number): Promise<Result> {
    const started = performance.now();
    const types = await this.getParameterTypes([name], budgetMs);
    if (!types.ok) return types;
    const coerced = coerceValue(value, types.value[0] ?? 0);
    const left = Math.max(1, budgetMs - (performance.now() - started));
    const r = await this.setParameters([{ name, value: coerced }], left);
    if (!r.ok) return r;
    const result = r.value[0];
    return result?.successful
      ? ok()
      : err('Rejected', `'${this.remoteNode}' refused '${name}': ${result?.reason ?? 'no result'}`);
  }

  /** Releases the six clients. */
  destroy(): void {
    this.clients.releaseAll();
  }

  /** One call, after the calls queued before it on the same service have ended. */
  private async call<Req, Res>(client: PollClient<Req, Res>, request: Req, budgetMs: number): Promise<ResultOf<Res>> {
    const before = this.tails.get(client);
    let release: () => void = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before === undefined ? mine : before.then(() => mine);
    this.tails.set(client, tail);
    try {
      let left = budgetMs;
      if (before !== undefined) {
        const bad = checkBudget('budgetMs', budgetMs);
        if (!bad.ok) return bad;
        if (this.executor.inHandler()) {
          return err(
            'Reentrant',
            `a ParametersClient call of '${this.remoteNode}' inside a handler would never return`,
          );
        }
        const started = performance.now();
        if (!(await within(before, budgetMs))) {
          return this.clients.failed(
            err('Timeout', `the calls queued before this one did not end within its budget of ${budgetMs} ms`),
          );
        }
        left = Math.max(0, budgetMs - (performance.now() - started));
      }
      const r = await client.call(request, left);
      return r.ok ? r : this.clients.failed(r);
    } finally {
      release();
      if (this.tails.get(client) === tail) this.tails.delete(client);
    }
  }
}

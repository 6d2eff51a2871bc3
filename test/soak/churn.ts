/**
 * The random churn of one worker: nodes that come and go, and on them publishers,
 * subscriptions, services, clients, action servers and clients, timers and parameters created
 * and destroyed at random (seeded). Churned clients call the stable services and action
 * servers of the other workers; their calls are tracked like the stable ones, and abandoned
 * when the client goes first.
 */
import {
  CancelResponse,
  type Executor,
  example_interfaces,
  GoalResponse,
  type Node,
  type Result,
  type ResultOf,
} from '../../src/index.js';
import type { CallTracker } from './call-tracker.js';
import { EchoType, StampedType, type WorkerCounters } from './messages.js';
import { between, pick } from './random.js';

const Fibonacci = example_interfaces.action.Fibonacci;
const KINDS = [
  'publisher',
  'subscription',
  'service',
  'client',
  'action_server',
  'action_client',
  'timer',
  'parameter',
] as const;
type Kind = (typeof KINDS)[number];
const MAX_NODES = 10;
const MAX_ENTITIES_PER_NODE = 8;
const CHURN_TOPICS = 4;

interface Entity {
  readonly kind: Kind;
  /** Destroys it; the calls it owes are abandoned. */
  destroy(): void;
  /** One bit of work (publish, call, set a parameter). */
  poke?(): void;
}

interface ChurnNode {
  readonly node: Node;
  readonly entities: Entity[];
}

export interface ChurnTargets {
  /** Names of stable services and action servers of the other workers. */
  services(): readonly string[];
  actions(): readonly string[];
}

export class Churn {
  private readonly nodes: ChurnNode[] = [];
  private serial = 0;

  constructor(
    private readonly exec: Executor,
    private readonly random: () => number,
    private readonly prefix: string,
    private readonly calls: CallTracker,
    private readonly counters: WorkerCounters,
    private readonly targets: ChurnTargets,
    private readonly budgets: { requestMs: number; goalMs: number },
  ) {}

  /** One random operation. */
  step(): void {
    const r = this.random();
    if (this.nodes.length === 0 || (r < 0.08 && this.nodes.length < MAX_NODES)) this.addNode();
    else if (r < 0.14) this.removeNode(between(this.random, 0, this.nodes.length - 1));
    else {
      const n = pick(this.random, this.nodes);
      if (r < 0.6 && n.entities.length < MAX_ENTITIES_PER_NODE) this.addEntity(n, pick(this.random, KINDS));
      else if (r < 0.8 && n.entities.length > 0) {
        const i = between(this.random, 0, n.entities.length - 1);
        const [e] = n.entities.splice(i, 1);
        this.destroyed(e!);
      } else if (n.entities.length > 0) pick(this.random, n.entities).poke?.();
    }
  }

  /** Destroys everything (at the end). */
  clear(): void {
    while (this.nodes.length > 0) this.removeNode(0);
  }

  private created(kind: string, r: ResultOf<unknown> | Result): boolean {
    if (!r.ok) {
      this.counters.createFailures += 1;
      return false;
    }
    this.counters.entitiesCreated += 1;
    this.counters.byKind[kind] = (this.counters.byKind[kind] ?? 0) + 1;
    return true;
  }

  private destroyed(e: Entity): void {
    e.destroy();
    this.counters.entitiesDestroyed += 1;
  }

  private addNode(): void {
    const name = `${this.prefix}_c${this.serial++}`;
    const node = this.exec.createNode(name, { namespace: '/soak_churn' });
    if (this.created('node', node) && node.ok) this.nodes.push({ node: node.value, entities: [] });
  }

  private removeNode(i: number): void {
    const [n] = this.nodes.splice(i, 1);
    if (n === undefined) return;
    // Each entity first, so that its calls are abandoned before the node goes.
    for (const e of n.entities) this.destroyed(e);
    n.node.destroy();
    this.counters.entitiesDestroyed += 1;
  }

  private addEntity(n: ChurnNode, kind: Kind): void {
    const e = this.make(n.node, kind);
    if (e !== undefined) n.entities.push(e);
  }

  private make(node: Node, kind: Kind): Entity | undefined {
    const id = `${this.prefix}_${kind}_${this.serial++}`;
    const topic = `/soak_churn/t${between(this.random, 0, CHURN_TOPICS - 1)}`;
    switch (kind) {
      case 'publisher': {
        const p = node.createPublisher(StampedType, topic);
        if (!this.created(kind, p) || !p.ok) return undefined;
        let seq = 0;
        return {
          kind,
          destroy: () => p.value.destroy(),
          poke: () => void p.value.publish({ pub: id, seq: seq++, t: Date.now() }),
        };
      }
      case 'subscription': {
        const s = node.createSubscription(StampedType, topic, () => {
          this.counters.delivered += 1;
        });
        if (!this.created(kind, s) || !s.ok) return undefined;
        return { kind, destroy: () => s.value.reset() };
      }
      case 'service': {
        const s = node.createService(EchoType, `/soak_churn/${id}`, (req) => req);
        if (!this.created(kind, s) || !s.ok) return undefined;
        return { kind, destroy: () => s.value.reset() };
      }
      case 'client':
        return this.makeClient(node, kind, id);
      case 'action_server': {
        const s = node.createActionServer(Fibonacci, `/soak_churn/${id}`, {
          goal: () => GoalResponse.AcceptAndExecute,
          cancel: () => CancelResponse.Accept,
          accepted: (h) => void h.succeed({ sequence: new Int32Array([0, 1]) }),
        });
        if (!this.created(kind, s) || !s.ok) return undefined;
        return { kind, destroy: () => s.value.destroy() };
      }
      case 'action_client':
        return this.makeActionClient(node, kind);
      case 'timer': {
        const t = node.createWallTimer(between(this.random, 20, 200), () => {
          this.counters.timerFires += 1;
        });
        if (!this.created(kind, t) || !t.ok) return undefined;
        return { kind, destroy: () => t.value.reset() };
      }
      case 'parameter':
        return this.makeParameter(node, kind);
    }
  }

  private makeClient(node: Node, kind: Kind, id: string): Entity | undefined {
    const services = this.targets.services();
    if (services.length === 0) return undefined;
    const service = pick(this.random, services);
    const c = node.createClient(EchoType, service, () => undefined, {
      requestBudgetMs: this.budgets.requestMs,
    });
    if (!this.created(kind, c) || !c.ok) return undefined;
    const owed = new Set<number>();
    let seq = 0;
    return {
      kind,
      destroy: () => {
        this.calls.abandon(owed);
        c.value.reset();
      },
      poke: () => {
        const ready = c.value.serviceIsReady();
        if (!ready.ok || !ready.value) return;
        const call = this.calls.open('request', this.budgets.requestMs, true, `churned ${service}`);
        const sent = c.value.asyncSendRequest(
          { pub: id, seq: seq++, t: Date.now() },
          {
            onResponse: (res) => {
              owed.delete(call);
              this.calls.answer(call, res.ok ? 'ok' : res.error.name);
            },
          },
        );
        if (sent.ok) owed.add(call);
        else this.calls.refused(call);
      },
    };
  }

  private makeActionClient(node: Node, kind: Kind): Entity | undefined {
    const actions = this.targets.actions();
    if (actions.length === 0) return undefined;
    const action = pick(this.random, actions);
    const a = node.createActionClient(Fibonacci, action, {
      requestBudgetMs: this.budgets.goalMs,
      resultBudgetMs: this.budgets.goalMs,
    });
    if (!this.created(kind, a) || !a.ok) return undefined;
    const owed = new Set<number>();
    return {
      kind,
      destroy: () => {
        this.calls.abandon(owed);
        a.value.destroy();
      },
      poke: () => {
        const ready = a.value.actionServerIsReady();
        if (!ready.ok || !ready.value) return;
        const call = this.calls.open('goal', this.budgets.goalMs * 2, true, `churned ${action}`);
        const answer = (code: string): void => {
          owed.delete(call);
          this.calls.answer(call, code);
        };
        const sent = a.value.sendGoal(
          { order: 3 },
          {
            goalResponse: (accepted) => {
              // An error also reaches the result handler (which answers it); a rejection does not.
              if (accepted.ok && !accepted.value) answer('Rejected');
            },
            result: (res) => answer(res.ok ? 'ok' : res.error.name),
          },
        );
        if (sent.ok) owed.add(call);
        else this.calls.refused(call);
      },
    };
  }

  private makeParameter(node: Node, kind: Kind): Entity | undefined {
    const name = `p${this.serial++}`;
    let value = BigInt(between(this.random, 0, 1_000_000));
    const d = node.declareParameter(name, value);
    if (!this.created(kind, d) || !d.ok) return undefined;
    return {
      kind,
      destroy: () => void node.undeclareParameter(name),
      poke: () => {
        value += 1n;
        node.setParameter(name, value);
        const got = node.getParameter(name);
        this.counters.parameterChecks += 1;
        if (!got.ok || got.value.value !== value) this.counters.parameterMismatches += 1;
      },
    };
  }
}

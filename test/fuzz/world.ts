/**
 * One fuzz run's world: the executor under test and everything the ops created, plus the
 * closing checks every run ends with (each accepted request answered exactly once, the
 * executor still dispatches, shutdown ends every pending wait).
 */
import {
  type ClientHandle,
  type EntityHandle,
  Executor,
  type ExecutorOptions,
  type example_interfaces,
  type Future,
  type Node,
  type PollClient,
  type PollSubscription,
  type Publisher,
  std_msgs,
} from '../../src/index.js';
import { CAP_MS, type Probe, SLACK_MS, safeDescribe, turn, validBudget } from './probe.js';
import { BARE_NODE } from '../support/bare-node.js';

export interface TrackedClient {
  readonly node: Node;
  readonly client: ClientHandle<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response>;
  /** Accepted sequence number -> handler calls for it. */
  readonly accepted: Map<bigint, number>;
  /** Handler calls for sequence numbers never accepted. */
  strays: number;
  /** The request budget it was created with, when the run can wait that long. */
  readonly budgetMs: number | undefined;
  released: boolean;
}

export interface LongWait {
  readonly label: string;
  readonly promise: Promise<unknown>;
  readonly shape: 'result' | 'any';
}

let runCounter = 0;

export class World {
  readonly run = ++runCounter;
  readonly nodes: Node[] = [];
  readonly publishers: Publisher<std_msgs.msg.String>[] = [];
  readonly handles: EntityHandle[] = [];
  readonly clients: TrackedClient[] = [];
  readonly pollSubs: PollSubscription<std_msgs.msg.String>[] = [];
  readonly pollClients: PollClient<
    example_interfaces.srv.AddTwoInts_Request,
    example_interfaces.srv.AddTwoInts_Response
  >[] = [];
  readonly futures: Future<example_interfaces.srv.AddTwoInts_Response>[] = [];
  /** Waits whose valid budget is too long to sit through: they must end when the executor shuts down. */
  readonly longWaits: LongWait[] = [];
  spinning: Promise<unknown> | undefined;

  constructor(
    readonly probe: Probe,
    readonly executor: Executor,
    readonly options: ExecutorOptions,
  ) {}

  pick<T>(list: readonly T[], i: number): T | undefined {
    return list.length === 0 ? undefined : list[i % list.length];
  }

  /** Registers a client's accepted request; counts a handler call for a sequence number. */
  answered(tracked: TrackedClient, seq: unknown): void {
    if (typeof seq !== 'bigint' || !tracked.accepted.has(seq)) {
      tracked.strays++;
      return;
    }
    tracked.accepted.set(seq, (tracked.accepted.get(seq) ?? 0) + 1);
  }

  /**
   * A wait with a budget: refused at once when the budget is invalid, over within the budget
   * (plus slack) when it is short; a valid budget too long to sit through must end when the
   * executor shuts down (checked in `close`).
   */
  async budgeted(
    label: string,
    budget: number,
    fn: () => Promise<unknown>,
    shape: 'result' | 'any' = 'result',
  ): Promise<void> {
    const valid = validBudget(budget);
    if (valid === undefined || valid <= CAP_MS) {
      await this.probe.wait(label, valid ?? 0, fn, shape);
      return;
    }
    this.startLong(label, fn, shape);
  }

  startLong(label: string, fn: () => Promise<unknown>, shape: 'result' | 'any' = 'result'): void {
    try {
      const promise = fn();
      // Observed now, judged in close(): an early rejection must not count as unhandled here.
      promise.catch(() => undefined);
      this.longWaits.push({ label, promise, shape });
    } catch (e) {
      this.probe.fail(`${label} threw ${safeDescribe(e)}`);
    }
  }

  /** Ends a background spin() (the run's own, started by an op). */
  async stopSpinning(): Promise<void> {
    if (this.spinning === undefined) return;
    this.executor.cancel();
    await this.probe.wait('background executor.spin() after cancel()', 0, () => this.spinning as Promise<unknown>);
    this.spinning = undefined;
  }

  /** Spins until every accepted request of a live client with a short budget has its answer. */
  async drainRequests(): Promise<void> {
    const waiting = this.clients.filter((c) => !c.released && c.budgetMs !== undefined);
    const longest = Math.max(0, ...waiting.map((c) => c.budgetMs ?? 0));
    const deadline = performance.now() + longest + SLACK_MS;
    const pending = () => waiting.some((c) => [...c.accepted.values()].some((n) => n === 0));
    while (pending() && !this.executor.isShutdown() && performance.now() < deadline) {
      await this.probe.wait('executor.spinOnce(20) (drain)', 20, () => this.executor.spinOnce(20));
      await turn();
    }
    for (const c of this.clients) {
      for (const [seq, n] of c.accepted) {
        if (n > 1) this.probe.fail(`request ${seq} was answered ${n} times`);
        if (n === 0 && !c.released && c.budgetMs !== undefined && !this.executor.isShutdown()) {
          this.probe.fail(`request ${seq} (budget ${c.budgetMs} ms) was accepted and never answered`);
        }
      }
      if (c.strays > 0) this.probe.fail(`a response handler ran ${c.strays} time(s) for a request never accepted`);
    }
  }

  /** A fresh subscription on a live executor receives a published message within a bound. */
  async checkDispatches(executor: Executor, boundMs: number): Promise<void> {
    const { probe } = this;
    const node = probe.call('createNode (dispatch check)', () =>
      executor.createNode(`fuzz_check_${this.run}`, BARE_NODE),
    );
    if (node === undefined || !node.ok) return probe.fail(`dispatch check: createNode answered ${describe(node)}`);
    const topic = `/fuzz_check_topic_${this.run}`;
    let received = 0;
    const sub = node.value.createSubscription(std_msgs.msg.String, topic, () => {
      received++;
    });
    const pub = node.value.createPublisher(std_msgs.msg.String, topic);
    if (!sub.ok || !pub.ok) return probe.fail(`dispatch check: could not create (${describe(sub)}, ${describe(pub)})`);
    const deadline = performance.now() + boundMs;
    while (received === 0 && performance.now() < deadline) {
      probe.call('publish (dispatch check)', () => pub.value.publish({ data: 'still alive' }));
      await probe.wait('spinOnce(50) (dispatch check)', 50, () => executor.spinOnce(50));
      await turn();
    }
    if (received === 0) probe.fail(`the executor no longer dispatches: nothing received within ${boundMs} ms`);
    probe.call('destroy check node', () => node.value.destroy());
  }

  /** Closing checks; always ends with the executor shut down. */
  async close(dispatchBoundMs: number): Promise<void> {
    const { probe, executor } = this;
    await this.stopSpinning();
    await this.drainRequests();
    if (!executor.isShutdown()) {
      await this.checkDispatches(executor, dispatchBoundMs);
    } else {
      // Shut down from inside: verbs answer an error, and a new executor still works.
      const late = probe.call('createNode after shutdown', () => executor.createNode('late'));
      if (late?.ok === true) probe.fail('createNode after shutdown answered ok');
      const fresh = await probe.wait('Executor.create (after shutdown)', dispatchBoundMs, () =>
        Executor.create(this.options),
      );
      if (fresh?.ok === true) {
        await this.checkDispatches(fresh.value, dispatchBoundMs);
        await probe.wait('shutdown of the fresh executor', 0, () => fresh.value.shutdown());
      }
    }
    await probe.wait('executor.shutdown()', 0, () => executor.shutdown());
    for (const w of this.longWaits.splice(0)) {
      await probe.wait(`${w.label} (pending at shutdown)`, 0, () => w.promise, w.shape);
    }
  }
}

export function describe(r: unknown): string {
  if (typeof r === 'object' && r !== null && (r as { ok?: unknown }).ok === false) {
    return safeDescribe((r as { error: { message: unknown } }).error.message);
  }
  return safeDescribe(r);
}

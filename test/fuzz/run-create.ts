/** The creating ops: nodes and every kind of entity, with hostile arguments. */
import type { ClientOptions, EntityHandle, example_interfaces, Node, ServiceHandler } from '../../src/index.js';
import { messageType, period, qosLike, serviceType } from './build.js';
import { type Behaviour, makeCallback } from './callbacks.js';
import {
  hostileObject,
  NUMBERS,
  type NumberName,
  neverThenable,
  revoked,
  STRINGS,
  throwingThenable,
  thrownValue,
} from './hostile.js';
import type { Op, Reply } from './ops.js';
import { CAP_MS } from './probe.js';
import type { TrackedClient, World } from './world.js';

type CreateOp = Extract<
  Op,
  {
    op:
      | 'createNode'
      | 'createPublisher'
      | 'createSubscription'
      | 'createPollSubscription'
      | 'createService'
      | 'createClient'
      | 'createPollClient'
      | 'createTimer'
      | 'createGuard';
  }
>;

/** The request budget of a client: 'short' is one a run can wait for. */
export const SHORT_REQUEST_BUDGET_MS = 300;

function clientOptions(
  budget: NumberName | 'short' | 'absent',
  wrap: Parameters<typeof hostileObject>[0],
): ClientOptions | undefined {
  if (budget === 'absent') return wrap === 'plain' ? undefined : hostileObject(wrap, {});
  const ms = budget === 'short' ? SHORT_REQUEST_BUDGET_MS : NUMBERS[budget];
  return hostileObject(wrap, { requestBudgetMs: ms });
}

/** The budget a run may wait for its answers, when the client was created with a valid short one. */
function waitableBudget(budget: NumberName | 'short' | 'absent'): number | undefined {
  const ms = budget === 'short' ? SHORT_REQUEST_BUDGET_MS : budget === 'absent' ? undefined : NUMBERS[budget];
  return ms !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= CAP_MS ? ms : undefined;
}

function serviceHandler(
  w: World,
  reply: Reply,
  self: () => EntityHandle | undefined,
): ServiceHandler<example_interfaces.srv.AddTwoInts_Request, example_interfaces.srv.AddTwoInts_Response> {
  const sum = (r: example_interfaces.srv.AddTwoInts_Request): example_interfaces.srv.AddTwoInts_Response => ({
    sum: r.a + r.b,
  });
  const handler = (req: example_interfaces.srv.AddTwoInts_Request): unknown => {
    switch (reply) {
      case 'sum':
        return sum(req);
      case 'sumAsync':
        return new Promise((r) => setTimeout(() => r(sum(req)), 1));
      case 'undefined':
        return undefined;
      case 'null':
        return null;
      case 'overflow':
        return { sum: 2n ** 64n };
      case 'wrapped':
        return hostileObject('throwingGetters', { sum: 1n });
      case 'throw':
        throw thrownValue('error');
      case 'reject':
        return Promise.reject(thrownValue('nullProto'));
      case 'thenableThrows':
        return throwingThenable(new Error('fuzz: then throws'));
      case 'thenableNever':
        return neverThenable();
      case 'thenableProxy':
        return revoked({});
      case 'resetSelf': {
        const h = self();
        if (h !== undefined) w.probe.call('service handler: reset own handle', () => h.reset());
        return sum(req);
      }
      case 'shutdown':
        w.probe.background('service handler: executor.shutdown()', CAP_MS, () => w.executor.shutdown());
        return sum(req);
      case 'spinSome':
        w.probe.call('service handler: executor.spinSome()', () => w.executor.spinSome());
        return sum(req);
    }
  };
  return handler as ServiceHandler<
    example_interfaces.srv.AddTwoInts_Request,
    example_interfaces.srv.AddTwoInts_Response
  >;
}

export function runCreate(w: World, o: CreateOp): void {
  const { probe, executor } = w;
  if (o.op === 'createNode') {
    const opts =
      o.ns === 'absent' && !o.raw
        ? undefined
        : hostileObject(o.wrap, {
            ...(o.ns === 'absent' ? {} : { namespace: STRINGS[o.ns] }),
            ...(o.raw ? { naming: 'raw' as const } : {}),
          });
    const r = probe.call(`createNode(${o.name})`, () => executor.createNode(STRINGS[o.name], opts));
    if (r?.ok) w.nodes.push(r.value);
    return;
  }
  const node: Node | undefined = w.pick(w.nodes, o.node);
  if (node === undefined) return;
  let self: EntityHandle | undefined;
  const ctx = (cb: Behaviour) => makeCallback<() => void>(cb, { probe, executor, self: () => self });
  switch (o.op) {
    case 'createPublisher': {
      const r = probe.call(`createPublisher(${o.type}/${o.wrap}, ${o.topic})`, () =>
        node.createPublisher(messageType(o.type, o.wrap, o.topic), STRINGS[o.topic], qosLike(o.qos)),
      );
      if (r?.ok) w.publishers.push(r.value);
      return;
    }
    case 'createSubscription': {
      const r = probe.call(`createSubscription(${o.type}/${o.wrap}, ${o.topic}, ${o.cb.act})`, () =>
        node.createSubscription(messageType(o.type, o.wrap, o.topic), STRINGS[o.topic], ctx(o.cb), qosLike(o.qos)),
      );
      if (r?.ok) w.handles.push((self = r.value));
      return;
    }
    case 'createPollSubscription': {
      const r = probe.call(`createPollSubscription(${o.type}/${o.wrap}, ${o.topic})`, () =>
        node.createPollSubscription(messageType(o.type, o.wrap, o.topic), STRINGS[o.topic], qosLike(o.qos)),
      );
      if (r?.ok) {
        w.pollSubs.push(r.value);
        w.handles.push(r.value.handle);
      }
      return;
    }
    case 'createService': {
      const r = probe.call(`createService(${o.wrap}, ${o.name}, ${o.reply})`, () =>
        node.createService(
          serviceType(o.wrap),
          STRINGS[o.name],
          serviceHandler(w, o.reply, () => self),
          qosLike(o.qos),
        ),
      );
      if (r?.ok) w.handles.push((self = r.value));
      return;
    }
    case 'createClient': {
      let tracked: TrackedClient | undefined;
      const onResponse = makeCallback<(r: unknown, seq: bigint) => void>(o.cb, {
        probe,
        executor,
        self: () => self,
        onRun: (args) => {
          if (tracked !== undefined) w.answered(tracked, args[1]);
        },
      });
      const r = probe.call(`createClient(${o.wrap}, ${o.name}, ${o.cb.act}, ${o.budget}/${o.optsWrap})`, () =>
        node.createClient(serviceType(o.wrap), STRINGS[o.name], onResponse, clientOptions(o.budget, o.optsWrap)),
      );
      if (r?.ok) {
        self = r.value;
        tracked = {
          node,
          client: r.value,
          accepted: new Map(),
          strays: 0,
          budgetMs: waitableBudget(o.budget),
          released: false,
        };
        // A callback that resets its own client or shuts down may legitimately end it early.
        if (o.cb.act === 'resetSelf' || o.cb.act === 'resetSelfTwice' || o.cb.act === 'shutdown')
          tracked.released = true;
        w.clients.push(tracked);
        w.handles.push(r.value);
      }
      return;
    }
    case 'createPollClient': {
      const r = probe.call(`createPollClient(${o.wrap}, ${o.name}, ${o.budget})`, () =>
        node.createPollClient(serviceType(o.wrap), STRINGS[o.name], clientOptions(o.budget, 'plain')),
      );
      if (r?.ok) {
        w.pollClients.push(r.value);
        w.handles.push(r.value.handle);
      }
      return;
    }
    case 'createTimer': {
      const verb = o.oneShot ? 'createOneShotTimer' : 'createWallTimer';
      const r = probe.call(`${verb}(${o.period}${o.asDuration ? ' as Duration' : ''}, ${o.cb.act})`, () =>
        o.oneShot
          ? node.createOneShotTimer(period(o.period, o.asDuration), ctx(o.cb))
          : node.createWallTimer(period(o.period, o.asDuration), ctx(o.cb)),
      );
      if (r?.ok) w.handles.push((self = r.value));
      return;
    }
    case 'createGuard': {
      const r = probe.call(`createGuardCondition(${o.cb.act})`, () => node.createGuardCondition(ctx(o.cb)));
      if (r?.ok) w.handles.push((self = r.value));
      return;
    }
  }
}

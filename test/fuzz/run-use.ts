/** The using ops: publish, requests, takes, timers, handles, graph, spin verbs, events, shutdown. */
import type { EntityHandle } from '../../src/index.js';
import { message, request, resetReceiver, wrapHandle } from './build.js';
import { makeCallback } from './callbacks.js';
import { bytesValue, NUMBERS, STRINGS } from './hostile.js';
import type { Op } from './ops.js';
import { CAP_MS, safeDescribe } from './probe.js';
import { runCreate } from './run-create.js';
import type { World } from './world.js';

function has<K extends string>(h: EntityHandle, key: K): h is EntityHandle & Record<K, (...a: unknown[]) => unknown> {
  return typeof (h as unknown as Record<string, unknown>)[key] === 'function';
}

function markReleased(w: World, h: EntityHandle): void {
  for (const c of w.clients) if (c.client === h || c.client.handleId === h.handleId) c.released = true;
}

export async function runOp(w: World, o: Op): Promise<void> {
  const { probe, executor } = w;
  switch (o.op) {
    case 'createNode':
    case 'createPublisher':
    case 'createSubscription':
    case 'createPollSubscription':
    case 'createService':
    case 'createClient':
    case 'createPollClient':
    case 'createTimer':
    case 'createGuard':
      return runCreate(w, o);
    case 'publish': {
      const p = w.pick(w.publishers, o.pub);
      if (p) probe.call(`publish(${o.msg.wrap}/${o.msg.text})`, () => p.publish(message(o.msg)));
      return;
    }
    case 'publishRaw': {
      const p = w.pick(w.publishers, o.pub);
      if (p) probe.call(`publishRaw(${o.bytes})`, () => p.publishRaw(bytesValue(o.bytes)));
      return;
    }
    case 'publisherQuery': {
      const p = w.pick(w.publishers, o.pub);
      if (!p) return;
      probe.call('getTopicName', () => p.getTopicName(), 'any');
      probe.call('getActualQos', () => p.getActualQos(), 'any');
      probe.call('getSubscriptionCount', () => p.getSubscriptionCount());
      await w.budgeted(`publisher.ready(${o.budget})`, NUMBERS[o.budget], () => p.ready(NUMBERS[o.budget]));
      return;
    }
    case 'publisherDestroy': {
      const p = w.pick(w.publishers, o.pub);
      if (p) probe.call('publisher.destroy()', () => p.destroy());
      return;
    }
    case 'send': {
      const c = w.pick(w.clients, o.client);
      if (!c) return;
      for (let i = 0; i < o.times; i++) {
        const r = probe.call(`asyncSendRequest(${o.req.wrap}/${o.req.big}) #${i + 1}`, () =>
          c.client.asyncSendRequest(request(o.req)),
        );
        if (!r?.ok) continue;
        if (typeof r.value !== 'bigint')
          probe.fail(`asyncSendRequest answered ok(${safeDescribe(r.value)}), not a bigint`);
        else if (c.accepted.has(r.value)) probe.fail(`asyncSendRequest answered sequence number ${r.value} twice`);
        else c.accepted.set(r.value, 0);
      }
      return;
    }
    case 'clientQuery': {
      const c = w.pick(w.clients, o.client);
      if (!c) return;
      probe.call('client.serviceIsReady()', () => c.client.serviceIsReady());
      await w.budgeted(`client.waitForService(${o.budget})`, NUMBERS[o.budget], () =>
        c.client.waitForService(NUMBERS[o.budget]),
      );
      return;
    }
    case 'pollSend': {
      const c = w.pick(w.pollClients, o.client);
      if (!c) return;
      const args = o.budget === 'absent' ? [] : [NUMBERS[o.budget]];
      const r = probe.call(`pollClient.sendRequest(${o.req.wrap}/${o.req.big}, ${o.budget})`, () =>
        c.sendRequest(request(o.req), ...(args as [number?])),
      );
      if (r?.ok) w.futures.push(r.value);
      return;
    }
    case 'futureUse': {
      const f = w.pick(w.futures, o.future);
      if (!f) return;
      probe.call('future.isReady()', () => f.isReady(), 'any');
      probe.call('future.take()', () => f.take());
      await w.budgeted(`future.wait(${o.budget})`, NUMBERS[o.budget], () => f.wait(NUMBERS[o.budget]));
      return;
    }
    case 'pollCall': {
      const c = w.pick(w.pollClients, o.client);
      if (c)
        await w.budgeted(`pollClient.call(${o.req.wrap}, ${o.budget})`, NUMBERS[o.budget], () =>
          c.call(request(o.req), NUMBERS[o.budget]),
        );
      return;
    }
    case 'pollWaitForService': {
      const c = w.pick(w.pollClients, o.client);
      if (!c) return;
      probe.call('pollClient.serviceIsReady()', () => c.serviceIsReady());
      await w.budgeted(`pollClient.waitForService(${o.budget})`, NUMBERS[o.budget], () =>
        c.waitForService(NUMBERS[o.budget]),
      );
      return;
    }
    case 'take': {
      const s = w.pick(w.pollSubs, o.sub);
      if (!s) return;
      if (o.how === 'take') probe.call('poll.take()', () => s.take());
      else if (o.how === 'takeWithInfo') probe.call('poll.takeWithInfo()', () => s.takeWithInfo());
      else if (o.how === 'takeWithin')
        await w.budgeted(`poll.takeWithin(${o.budget})`, NUMBERS[o.budget], () => s.takeWithin(NUMBERS[o.budget]));
      // An iterator step waits for a message; it must end at the latest when the executor shuts down.
      else w.startLong('poll[Symbol.asyncIterator]().next()', () => s[Symbol.asyncIterator]().next(), 'any');
      return;
    }
    case 'timerUse': {
      const t = w.pick(
        w.handles.filter((h) => has(h, 'restart')),
        o.handle,
      );
      if (!t || !has(t, 'restart') || !has(t, 'cancel') || !has(t, 'overrunCount') || !has(t, 'isCanceled')) return;
      if (o.how === 'cancel') probe.call('timer.cancel()', () => t.cancel());
      else if (o.how === 'restart') probe.call('timer.restart()', () => t.restart());
      else {
        probe.call('timer.isCanceled()', () => t.isCanceled(), 'any');
        const n = probe.call('timer.overrunCount()', () => t.overrunCount(), 'any');
        if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
          probe.fail(`timer.overrunCount() answered ${safeDescribe(n)}`);
      }
      return;
    }
    case 'trigger': {
      const g = w.pick(
        w.handles.filter((h) => has(h, 'trigger')),
        o.handle,
      );
      if (g && has(g, 'trigger')) probe.call('guard.trigger()', () => g.trigger());
      return;
    }
    case 'reset': {
      const h = w.pick(w.handles, o.handle);
      if (!h) return;
      markReleased(w, h);
      const receiver = resetReceiver(h, o.receiver);
      probe.call(`handle.reset() via ${o.receiver}`, () => receiver.reset());
      return;
    }
    case 'entityQuery': {
      const n = w.pick(w.nodes, o.node);
      const h = w.pick(w.handles, o.handle);
      if (!n || !h) return;
      const wrapped = wrapHandle(h, o.wrap);
      probe.call(`getEntityName(${o.wrap})`, () => n.getEntityName(wrapped));
      probe.call(`getEntityQos(${o.wrap})`, () => n.getEntityQos(wrapped));
      const valid = probe.call(`isValid(${o.wrap})`, () => n.isValid(wrapped), 'any');
      if (valid !== undefined && typeof valid !== 'boolean') probe.fail(`isValid answered ${safeDescribe(valid)}`);
      return;
    }
    case 'graph': {
      const n = w.pick(w.nodes, o.node);
      if (!n) return;
      probe.call('getNodeNames()', () => n.getNodeNames());
      probe.call('getTopicNamesAndTypes()', () => n.getTopicNamesAndTypes());
      probe.call('getServiceNamesAndTypes()', () => n.getServiceNamesAndTypes());
      probe.call(`countPublishers(${o.topic})`, () => n.countPublishers(STRINGS[o.topic]));
      probe.call(`countSubscribers(${o.topic})`, () => n.countSubscribers(STRINGS[o.topic]));
      probe.call('getEndpoints()', () => n.getEndpoints());
      return;
    }
    case 'names': {
      const n = w.pick(w.nodes, o.node);
      if (!n) return;
      probe.call(`resolveName(${o.name})`, () => n.resolveName(STRINGS[o.name]));
      for (const [label, f] of [
        ['getName', () => n.getName()],
        ['getNamespace', () => n.getNamespace()],
        ['getFullyQualifiedName', () => n.getFullyQualifiedName()],
        ['now', () => n.now()],
        ['getClock().now()', () => n.getClock().now()],
      ] as const satisfies readonly (readonly [string, () => unknown])[]) {
        probe.call<unknown>(`node.${label}`, f, 'any');
      }
      return;
    }
    case 'nodeDestroy': {
      const n = w.pick(w.nodes, o.node);
      if (!n) return;
      for (const c of w.clients) if (c.node === n) c.released = true;
      probe.call('node.destroy()', () => n.destroy());
      return;
    }
    case 'spinOnce':
      return w.budgeted(`spinOnce(${o.budget})`, NUMBERS[o.budget], () => executor.spinOnce(NUMBERS[o.budget]));
    case 'spinSome':
      probe.call('spinSome()', () => executor.spinSome());
      return;
    case 'spinFor':
      return w.budgeted(`spinFor(${o.budget})`, NUMBERS[o.budget], () => executor.spinFor(NUMBERS[o.budget]));
    case 'spinBackground':
      if (w.spinning === undefined) {
        try {
          w.spinning = executor.spin();
          w.spinning.catch(() => undefined);
        } catch (e) {
          probe.fail(`spin() threw ${safeDescribe(e)}`);
        }
      }
      return;
    case 'cancel':
      probe.call('cancel()', () => executor.cancel(), 'any');
      return;
    case 'ping':
      return w.budgeted(`ping(${o.budget})`, NUMBERS[o.budget], () => executor.ping(NUMBERS[o.budget]));
    case 'onEvent':
    case 'shutdownCallback': {
      const cb = makeCallback<() => void>(o.cb, { probe, executor, self: () => undefined });
      const off =
        o.op === 'onEvent'
          ? probe.call(`onEvent(${o.cb.act})`, () => executor.onEvent(cb), 'any')
          : probe.call(`addShutdownCallback(${o.cb.act})`, () => executor.addShutdownCallback(cb), 'any');
      if (typeof off !== 'function') probe.fail(`${o.op} answered ${safeDescribe(off)}, not a remover`);
      else if (o.remove) {
        probe.call(`${o.op} remover`, () => off(), 'any');
        probe.call(`${o.op} remover again`, () => off(), 'any');
      }
      return;
    }
    case 'queries':
      for (const [label, f] of [
        ['isSpinning', () => executor.isSpinning()],
        ['inHandler', () => executor.inHandler()],
        ['isShutdown', () => executor.isShutdown()],
        ['usage', () => executor.usage()],
        ['stats', () => executor.stats()],
      ] as const satisfies readonly (readonly [string, () => unknown])[]) {
        probe.call<unknown>(`executor.${label}()`, f, 'any');
      }
      return;
    case 'shutdown':
      await probe.wait('executor.shutdown()', CAP_MS, () => executor.shutdown());
      return;
  }
}

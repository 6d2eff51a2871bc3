/**
 * The page's side of the session worker: starts it, feeds its sample batches and arm statuses
 * to the models, and turns actions into request/reply messages. Every reply is an Outcome; a
 * worker that dies answers its pending requests with the error instead of leaving them waiting.
 */

import type { ArmModel } from './arm-model.js';
import type { FromWorker, Outcome, SessionOp, ToWorker } from './session-protocol.js';
import type { SwarmModel } from './swarm-model.js';

export class ConsoleSession {
  private readonly waiting = new Map<number, (outcome: Outcome) => void>();
  private nextId = 1;

  private constructor(private readonly worker: Worker) {}

  /** Starts the worker and opens its session; answers the mode (`router …` / `in-page simulator`). */
  static open(
    router: string | undefined,
    model: SwarmModel,
    arms: ArmModel,
    onTransport: (message: string, healthy: boolean | undefined) => void,
  ): Promise<{ session: ConsoleSession; opened: Outcome }> {
    const worker = new Worker(new URL('./session-worker.ts', import.meta.url), { type: 'module' });
    const session = new ConsoleSession(worker);
    return new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        switch (message.type) {
          case 'samples':
            model.acceptBatch(message.packed);
            break;
          case 'arms':
            for (const status of message.statuses) arms.accept(status);
            break;
          case 'reply':
            session.waiting.get(message.id)?.(message.outcome);
            session.waiting.delete(message.id);
            break;
          case 'transport':
            onTransport(message.message, message.healthy);
            break;
          case 'opened':
            resolve({ session, opened: { ok: true, value: message.mode } });
            break;
          case 'failed':
            resolve({ session, opened: { ok: false, message: message.message } });
            break;
        }
      };
      worker.onerror = (event) => {
        const message = `session worker failed: ${event.message}`;
        resolve({ session, opened: { ok: false, message } });
        for (const answer of session.waiting.values()) answer({ ok: false, message });
        session.waiting.clear();
      };
      const open: ToWorker = { type: 'open', router };
      worker.postMessage(open);
    });
  }

  call(request: SessionOp): Promise<Outcome> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const message: ToWorker = { type: 'call', id, request };
      this.worker.postMessage(message);
    });
  }
}

/**
 * Declarations and undeclarations of one session go through a window of at most
 * MAX_REQUESTS_IN_FLIGHT requests waiting for the plugin's answer. The remote-api plugin
 * handles a session's messages one at a time, in order; 14 000 declarations sent at once
 * (1000 simulated robots) queue there for longer than zenoh-ts's request timeout and
 * thousands fail although the link is healthy. With the window every request waits its
 * turn here, where no timer runs, and the plugin's queue stays short (pings, which bypass
 * the window, keep answering, so the heartbeat does not mistake a busy plugin for a hung one).
 *
 * A declaration that still times out (the plugin is slow, not gone) is retried a few times
 * with back-off. A timed-out declaration is not known to have failed: the plugin answers it
 * later, and its object would live on the router with nobody holding it (a subscriber whose
 * samples still cross the WebSocket, a queryable that never answers, a liveliness token in
 * everyone's graph). So before each retry the timed-out id is undeclared; the plugin handles
 * that after the late declaration, in order.
 */
import type { Session } from '@eclipse-zenoh/zenoh-ts';
import { describeThrown } from '../../result.js';
import { requestWhenDrained, type SentRequest, withSentRequest } from './zenoh-ts/index.js';

/** Requests of one session waiting for the plugin's answer at once. */
export const MAX_REQUESTS_IN_FLIGHT = 32;
/** Tries of one declaration step (the first and the retries) when the plugin answers too late. */
const DECLARATION_ATTEMPTS = 4;
/** Back-off before the first retry; doubles for every further one. */
const RETRY_FIRST_MS = 250;

/** zenoh-ts's words for "no answer within the request timeout". */
function isRequestTimeout(thrown: unknown): boolean {
  return describeThrown(thrown).includes('Remote api request timeout');
}

class RequestWindow {
  private inFlight = 0;
  private readonly queue: Array<{ go: () => void; stop: (e: Error) => void }> = [];
  private closedBecause: string | undefined;

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.closedBecause !== undefined) throw new Error(this.closedBecause);
    if (this.inFlight >= MAX_REQUESTS_IN_FLIGHT) {
      await new Promise<void>((go, stop) => this.queue.push({ go, stop }));
    } else {
      this.inFlight += 1;
    }
    try {
      return await call();
    } finally {
      // The slot passes to the next waiter as is (inFlight unchanged), so the order is FIFO.
      const next = this.queue.shift();
      if (next !== undefined) next.go();
      else this.inFlight -= 1;
    }
  }

  /** The session is gone: whatever waits fails now instead of after the requests ahead time out. */
  close(why: string): void {
    this.closedBecause = why;
    for (const w of this.queue.splice(0)) w.stop(new Error(why));
  }
}

const windows = new WeakMap<Session, RequestWindow>();

function windowOf(session: Session): RequestWindow {
  let w = windows.get(session);
  if (w === undefined) {
    w = new RequestWindow();
    windows.set(session, w);
  }
  return w;
}

/** Ends the window of a session that was lost or closed. */
export function closeRequestWindow(session: Session, why: string): void {
  windowOf(session).close(why);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * One declaration request (declare, matching listener, matching status) through the window,
 * retried after a request timeout once the timed-out declaration is undeclared. Throws what
 * the last try threw; a closed socket is never retried.
 */
export async function declarationRequest<T>(session: Session, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const last: { sent: SentRequest } = { sent: { kind: 'unknown' } };
    try {
      return await windowOf(session).run(() =>
        requestWhenDrained(session, () => {
          const call = withSentRequest(session, step);
          last.sent = call.sent;
          return call.result;
        }),
      );
    } catch (thrown) {
      const { sent } = last;
      // Unknown: zenoh-ts's internals moved, so a late declaration could not be undone.
      if (!isRequestTimeout(thrown) || attempt >= DECLARATION_ATTEMPTS || sent.kind === 'unknown') throw thrown;
      if (sent.kind === 'declaration') undeclarationRequest(session, sent.undeclare);
      await sleep(RETRY_FIRST_MS * 2 ** (attempt - 1));
    }
  }
}

/** One undeclaration through the window; quiet, since the session may be going away. */
export function undeclarationRequest(session: Session, undeclare: () => Promise<void>): void {
  windowOf(session)
    .run(() => requestWhenDrained(session, undeclare))
    .catch(() => {});
}

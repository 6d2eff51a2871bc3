/**
 * Answers the remote-api plugin sends after zenoh-ts gave up waiting for them. zenoh-ts keeps
 * the requests waiting for an answer in `pendingMessageResponses` and forgets one whose
 * REQUEST_TIMEOUT_MS ran out; when the answer comes after all (a plugin busy for seconds under
 * load) it writes "Received unexpected response" on the console. The caller was already
 * answered with the timeout (and a late declaration is undone, request-tap.ts), so that line
 * tells the user nothing: this table stands in for zenoh-ts's, remembers the ids that timed out
 * and takes their late answers quietly, counting them.
 */

import { RecentIds } from './recent-ids.js';

type Answer = (arg: unknown) => void;

const takeQuietly: Answer = () => {};

class PendingAnswers extends Map<number, Answer> {
  /** Late answers taken quietly so far. */
  late = 0;
  private readonly expired = new RecentIds();
  /** The id zenoh-ts is answering: it reads the entry, calls it, then deletes it. */
  private answering: number | undefined;

  override get(id: number): Answer | undefined {
    const waiting = super.get(id);
    if (waiting !== undefined) {
      this.answering = id;
      return waiting;
    }
    if (this.expired.take(id)) {
      this.late++;
      return takeQuietly;
    }
    return undefined;
  }

  override delete(id: number): boolean {
    const answered = this.answering === id;
    this.answering = undefined;
    // A delete that did not follow an answer is zenoh-ts's timeout giving the request up.
    if (!answered && super.has(id)) this.expired.add(id);
    return super.delete(id);
  }
}

/**
 * Installs PendingAnswers on a session's inner (before or after requests were sent: those
 * waiting move over). False when zenoh-ts keeps its requests elsewhere (then nothing changes).
 */
export function takeLateAnswersQuietly(inner: object): boolean {
  const holder = inner as { pendingMessageResponses?: unknown };
  const current = holder.pendingMessageResponses;
  if (current instanceof PendingAnswers) return true;
  if (!(current instanceof Map)) return false;
  const table = new PendingAnswers();
  for (const [id, answer] of current as Map<number, Answer>) table.set(id, answer);
  holder.pendingMessageResponses = table;
  return true;
}

/** How many late plugin answers a session's inner took quietly (0 without the table). */
export function lateAnswersTaken(inner: object): number {
  const table = (inner as { pendingMessageResponses?: unknown }).pendingMessageResponses;
  return table instanceof PendingAnswers ? table.late : 0;
}

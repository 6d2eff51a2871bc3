/**
 * Every request and goal a churn worker sends, tracked to its single answer: answered once
 * (ok or an error value), twice, late (after budget + slack), never, or abandoned (its client
 * destroyed first, which frees it from answering).
 */
export type CallWhat = 'request' | 'goal';

interface Pending {
  readonly what: CallWhat;
  readonly sentMs: number;
  readonly budgetMs: number;
  /** Stable calls report their error values (to be judged against the fault windows). */
  readonly stable: boolean;
  /** What was called (for the failure line). */
  readonly target: string;
  answers: number;
  overdue: boolean;
  abandoned: boolean;
  /** A plain timer set for the deadline: when it fired is the earliest the loop could answer. */
  witness?: ReturnType<typeof setTimeout>;
  witnessFiredMs?: number;
}

export interface CallTally {
  sent: number;
  ok: number;
  error: number;
  twice: number;
  late: number;
  /** Late, but by no more than the event loop of this process was stalled after the deadline. */
  lateByLag: number;
  /** The latest answer past budget + slack (lag-excused or not), ms past the budget. */
  maxLateMs: number;
  /**
   * Of the answers past budget + slack, the longest one came after a plain timer set for its
   * deadline had fired, ms: the time rclts itself took once the event loop reached the deadline
   * (its own Timeout is such a timer, so this is queueing in rclts, not a starved loop).
   */
  maxOwnDelayMs: number;
  /** The late answers (excused or not) by what they were: 'ok' or the error's name. */
  lateCodes: Record<string, number>;
  unanswered: number;
  abandoned: number;
}

const emptyTally = (): CallTally => ({
  sent: 0,
  ok: 0,
  error: 0,
  twice: 0,
  late: 0,
  lateByLag: 0,
  maxLateMs: 0,
  maxOwnDelayMs: 0,
  lateCodes: {},
  unanswered: 0,
  abandoned: 0,
});

export class CallTracker {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Answered calls are forgotten after this long (a second answer later than that goes unseen). */
  private readonly done = new Map<number, { what: CallWhat; atMs: number }>();
  readonly tally: Record<CallWhat, CallTally> = { request: emptyTally(), goal: emptyTally() };

  constructor(
    private readonly lateSlackMs: number,
    private readonly onFailed: (what: CallWhat, code: string, sentMs: number, target: string) => void,
    /** How long the event loop was stalled between the deadline and the answer (no timer fires meanwhile). */
    private readonly lagBetween: (fromMs: number, toMs: number) => number = () => 0,
  ) {}

  /** Registers a call; answer(id, ...) exactly once is expected. */
  open(what: CallWhat, budgetMs: number, stable: boolean, target: string): number {
    const id = this.nextId++;
    const sentMs = Date.now();
    const p: Pending = { what, sentMs, budgetMs, stable, target, answers: 0, overdue: false, abandoned: false };
    p.witness = setTimeout(() => {
      p.witnessFiredMs = Date.now();
    }, budgetMs);
    p.witness.unref?.();
    this.pending.set(id, p);
    this.tally[what].sent += 1;
    return id;
  }

  /** The send itself was refused (nothing went out): forget it. */
  refused(id: number): void {
    const p = this.pending.get(id);
    if (p === undefined) return;
    this.pending.delete(id);
    this.tally[p.what].sent -= 1;
  }

  answer(id: number, code: 'ok' | string): void {
    const p = this.pending.get(id);
    if (p === undefined) {
      const d = this.done.get(id);
      if (d !== undefined) this.tally[d.what].twice += 1;
      return;
    }
    const t = this.tally[p.what];
    this.pending.delete(id);
    clearTimeout(p.witness);
    this.done.set(id, { what: p.what, atMs: Date.now() });
    if (p.abandoned) return;
    const now = Date.now();
    const deadline = p.sentMs + p.budgetMs;
    if (p.overdue) t.unanswered -= 1;
    if (now > deadline + this.lateSlackMs) {
      t.maxLateMs = Math.max(t.maxLateMs, now - deadline);
      t.lateCodes[code] = (t.lateCodes[code] ?? 0) + 1;
      // Not fired yet: the loop has not reached the deadline's timers, so neither has rclts's.
      const loopAtDeadline = p.witnessFiredMs ?? now;
      t.maxOwnDelayMs = Math.max(t.maxOwnDelayMs, now - loopAtDeadline);
      const excused = Math.max(loopAtDeadline - deadline, this.lagBetween(deadline, now));
      if (now <= deadline + this.lateSlackMs + excused) t.lateByLag += 1;
      else t.late += 1;
    }
    if (code === 'ok') t.ok += 1;
    else {
      t.error += 1;
      if (p.stable) this.onFailed(p.what, code, p.sentMs, p.target);
    }
  }

  /** The client went away first: the call owes no answer. */
  abandon(ids: Iterable<number>): void {
    for (const id of ids) {
      const p = this.pending.get(id);
      if (p === undefined || p.abandoned) continue;
      p.abandoned = true;
      clearTimeout(p.witness);
      this.tally[p.what].abandoned += 1;
      if (p.overdue) this.tally[p.what].unanswered -= 1;
      this.pending.delete(id);
    }
  }

  /** Marks calls past budget + slack as unanswered (a later answer turns one into late). */
  sweep(now = Date.now()): void {
    for (const p of this.pending.values()) {
      if (!p.overdue && now > p.sentMs + p.budgetMs + this.lateSlackMs) {
        p.overdue = true;
        this.tally[p.what].unanswered += 1;
      }
    }
    for (const [id, d] of this.done) {
      if (now - d.atMs > 60_000) this.done.delete(id);
      else break;
    }
  }

  inFlight(): number {
    return this.pending.size;
  }
}

/** The soak's summary as markdown: what ran, what was judged, and every failure. */
import type { ActorReport, FaultWindow } from './contract.js';
import { isRcltsProcess, percentile, type Verdict } from './verdict.js';

export interface MinuteRow {
  readonly minute: number;
  readonly entities: number;
  readonly delivered: number;
  readonly calls: number;
  readonly cpuMsPerMessage: number | undefined;
  readonly faults: number;
}

export interface RunFacts {
  readonly seed: number;
  readonly minutes: number;
  readonly workers: number;
  readonly startedIso: string;
  readonly wallMs: number;
  readonly loadAverage: readonly number[];
  readonly windows: readonly FaultWindow[];
  readonly actors: readonly ActorReport[];
  readonly minutesRows: readonly MinuteRow[];
  readonly workerExitMs: readonly number[];
  readonly workerShutdownMs: readonly number[];
  readonly notes: readonly string[];
}

const f = (n: number | undefined, digits = 0): string => (n === undefined ? '-' : n.toFixed(digits));
const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  );

function codes(byCode: Readonly<Record<string, number>> | undefined): string {
  const parts = Object.entries(byCode ?? {}).map(([code, n]) => `${code} ${n}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

function stats(values: readonly number[]): string {
  return `${f(percentile(values, 0.5))} / ${f(percentile(values, 0.99))} / ${f(values.length ? Math.max(...values) : undefined)}`;
}

export function renderSummary(facts: RunFacts, v: Verdict): string {
  const c = v.counters;
  const byFault = new Map<string, FaultWindow[]>();
  for (const w of facts.windows) byFault.set(w.fault, [...(byFault.get(w.fault) ?? []), w]);
  const out: string[] = [];
  out.push(`## Soak summary: seed ${facts.seed}, ${facts.minutes} min, ${facts.workers} churn workers`);
  out.push(
    `started ${facts.startedIso}, wall ${(facts.wallMs / 60_000).toFixed(1)} min, load average at the end ${facts.loadAverage.map((x) => x.toFixed(2)).join(' ')}`,
  );
  out.push(v.failures.length === 0 ? '\n**PASS**' : `\n**FAIL: ${v.failures.length} failures**`);
  out.push('');
  out.push(
    table(
      ['what', 'value'],
      [
        ['entities created / destroyed', `${c?.entitiesCreated ?? 0} / ${c?.entitiesDestroyed ?? 0}`],
        [
          'entities by kind',
          Object.entries(c?.byKind ?? {})
            .map(([k, n]) => `${k} ${n}`)
            .join(', '),
        ],
        ['create refusals', c?.createFailures ?? 0],
        [
          'stable keep-all drops / other (keep-last) queue drops',
          `${c?.queueDropped ?? 0} / ${c?.queueDroppedOther ?? 0}`,
        ],
        ['samples published (stable) / delivered (all)', `${c?.published ?? 0} / ${c?.delivered ?? 0}`],
        ['lost outside fault windows (gaps + tail)', `${v.loss.outside} + ${v.loss.tail}`],
        ['lost inside fault windows (+grace)', v.loss.inFault],
        ['duplicates', v.loss.duplicates],
        [
          'requests sent / ok / error / twice / late (by event-loop lag) / never / abandoned',
          `${c?.requestsSent ?? 0} / ${c?.requestsAnsweredOk ?? 0} / ${c?.requestsAnsweredError ?? 0} / ${c?.requestsTwice ?? 0} / ${c?.requestsLate ?? 0} (${c?.requestsLateByLag ?? 0}) / ${c?.requestsUnanswered ?? 0} / ${c?.requestsAbandoned ?? 0}`,
        ],
        [
          'goals sent / succeeded / error / twice / late (by event-loop lag) / never / abandoned',
          `${c?.goalsSent ?? 0} / ${c?.goalsSucceeded ?? 0} / ${c?.goalsError ?? 0} / ${c?.goalsTwice ?? 0} / ${c?.goalsLate ?? 0} (${c?.goalsLateByLag ?? 0}) / ${c?.goalsUnanswered ?? 0} / ${c?.goalsAbandoned ?? 0}`,
        ],
        [
          'call errors inside / outside fault windows',
          `${v.failedCalls.inFault} / ${v.failedCalls.outside} (${
            Object.entries(v.failedCalls.byCode)
              .map(([k, n]) => `${k} ${n}`)
              .join(', ') || 'none'
          })`,
        ],
        [
          'timer fires / parameter checks (wrong)',
          `${c?.timerFires ?? 0} / ${c?.parameterChecks ?? 0} (${c?.parameterMismatches ?? 0})`,
        ],
        [
          'escaped throws (uncaught / unhandled / handler errors)',
          `${c?.uncaughtExceptions ?? 0} / ${c?.unhandledRejections ?? 0} / ${c?.handlerErrors ?? 0}`,
        ],
        ['worst event-loop lag in a worker, ms', c?.maxEventLoopLagMs ?? 0],
        [
          'worst stable sample latency / request delay to its server, ms',
          `${c?.maxSampleLatencyMs ?? 0} / ${c?.maxRequestDelayMs ?? 0}`,
        ],
        ['stable requests that reached their server after the budget', c?.requestsArrivedAfterBudget ?? 0],
        [
          'latest answer past its budget (request / goal), ms',
          `${c?.requestsMaxLateMs ?? 0} / ${c?.goalsMaxLateMs ?? 0}`,
        ],
        [
          'late answers by what they were (request / goal)',
          `${codes(c?.requestsLateCodes)} / ${codes(c?.goalsLateCodes)}`,
        ],
        [
          "a late answer's longest wait after a timer set for its deadline fired (request / goal), ms",
          `${c?.maxRequestOwnDelayMs ?? 0} / ${c?.maxGoalOwnDelayMs ?? 0}`,
        ],
        ['reconnect after fault (probe) p50 / p99 / max, ms', stats(v.reconnect.probeMs)],
        ['worker router loss to reconnected p50 / p99 / max, ms', stats(v.reconnect.workerMs)],
        [
          'worker Executor.shutdown at the end, ms (max)',
          f(facts.workerShutdownMs.length ? Math.max(...facts.workerShutdownMs) : undefined),
        ],
        [
          'worker exit after stop, ms (max)',
          f(facts.workerExitMs.length ? Math.max(...facts.workerExitMs) : undefined),
        ],
      ],
    ),
  );
  out.push('\n### Faults\n');
  out.push(
    table(
      ['fault', 'injected', 'reconnect p50 / p99 / max ms', 'last detail'],
      [...byFault].map(([name, ws]) => [
        name,
        ws.length,
        stats(ws.flatMap((w) => (w.reconnectMs === undefined ? [] : [w.reconnectMs]))),
        (ws.at(-1)?.detail ?? '').replaceAll('|', '/'),
      ]),
    ),
  );
  out.push('\n### Memory after warm-up (heap after a full GC; RSS from /proc)\n');
  out.push(
    table(
      ['process', 'pid', 'what', 'mean KiB', 'slope KiB/min', 'bound KiB/min', 'judged'],
      v.memory.map((m) => [
        m.label,
        m.pid,
        m.what,
        f(m.meanKiB),
        f(m.slopeKiBPerMin, 1),
        f(m.boundKiBPerMin, 1),
        m.judged ? 'yes' : isRcltsProcess(m.label) ? 'no (short life or run)' : 'shown',
      ]),
    ),
  );
  out.push('\n### Over time\n');
  out.push(
    table(
      ['minute', 'entities churned', 'events delivered', 'calls', 'CPU ms per message', 'faults'],
      facts.minutesRows.map((r) => [r.minute, r.entities, r.delivered, r.calls, f(r.cpuMsPerMessage, 3), r.faults]),
    ),
  );
  for (const a of facts.actors) {
    out.push(`\n### Actor ${a.name}\n`);
    out.push(
      table(
        ['what', 'value'],
        Object.entries(a.rows).map(([k, x]) => [k, String(x)]),
      ),
    );
  }
  if (facts.notes.length > 0) out.push(`\n### Notes\n\n${facts.notes.map((n) => `- ${n}`).join('\n')}`);
  if (v.failures.length > 0) {
    const shown = v.failures.slice(0, 50);
    out.push(`\n### Failures\n\n${shown.map((x) => `- ${x.replaceAll('\n', ' / ')}`).join('\n')}`);
    if (v.failures.length > shown.length) out.push(`- ... and ${v.failures.length - shown.length} more`);
  }
  return out.join('\n');
}

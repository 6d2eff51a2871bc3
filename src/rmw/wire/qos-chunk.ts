/**
 * The QoS chunk of an rmw_zenoh liveliness token:
 * `R:D:H,depth:DLs,DLns:LSs,LSns:LV,LVs,LVns`. A field equal to rmw_zenoh's default
 * (reliable, volatile, keep-last, depth 42, infinite durations, automatic liveliness) is
 * written empty, exactly as rmw_zenoh's `qos_to_keyexpr` does, so that tokens compare equal.
 */
import type { RmwActualQos, RmwQos } from '../qos.js';

/** rmw's numeric policy values as they appear on the wire. */
const RELIABILITY = { reliable: 1, best_effort: 2 } as const;
const DURABILITY = { transient_local: 1, volatile: 2 } as const;
const HISTORY = { keep_last: 1, keep_all: 2 } as const;
const LIVELINESS = { automatic: 1, manual_by_topic: 3 } as const;

/** rmw_zenoh's default depth (its `RMW_ZENOH_DEFAULT_HISTORY_DEPTH`), written empty. */
export const RMW_ZENOH_DEFAULT_DEPTH = 42;
/** RMW_DURATION_INFINITE as `{sec, nsec}`: the default of deadline, lifespan and lease. */
const INFINITE_SEC = '9223372036';
const INFINITE_NSEC = '854775807';

function durationFields(ms: number): [string, string] {
  if (ms <= 0 || !Number.isFinite(ms)) return ['', ''];
  const sec = Math.floor(ms / 1000);
  const nsec = Math.round((ms - sec * 1000) * 1e6);
  return [String(sec), String(nsec)];
}

export function encodeQosChunk(qos: RmwQos): string {
  const r = qos.reliability === 'reliable' ? '' : String(RELIABILITY[qos.reliability]);
  const d = qos.durability === 'volatile' ? '' : String(DURABILITY[qos.durability]);
  const h = qos.history === 'keep_last' ? '' : String(HISTORY[qos.history]);
  const depth = qos.depth === RMW_ZENOH_DEFAULT_DEPTH ? '' : String(qos.depth);
  const [dls, dlns] = durationFields(qos.deadlineMs);
  const [lss, lsns] = durationFields(qos.lifespanMs);
  const lv = qos.liveliness === 'automatic' ? '' : String(LIVELINESS[qos.liveliness]);
  const [lvs, lvns] = durationFields(qos.livelinessLeaseMs);
  return `${r}:${d}:${h},${depth}:${dls},${dlns}:${lss},${lsns}:${lv},${lvs},${lvns}`;
}

function lookup<V extends string>(table: Record<V, number>, field: string, dflt: V): V | 'unknown' | undefined {
  if (field === '') return dflt;
  if (!/^\d+$/.test(field)) return undefined;
  const n = Number(field);
  const hit = (Object.entries(table) as [V, number][]).find(([, v]) => v === n);
  return hit === undefined ? 'unknown' : hit[0];
}

function parseCount(field: string, dflt: number): number | undefined {
  if (field === '') return dflt;
  return /^\d+$/.test(field) ? Number(field) : undefined;
}

/** `{sec, nsec}` back to milliseconds; infinite (or both empty) is 0, rclts's "infinite". */
function parseDuration(sec: string, nsec: string): number | undefined {
  if ((sec === '' || sec === INFINITE_SEC) && (nsec === '' || nsec === INFINITE_NSEC)) return 0;
  const s = parseCount(sec === INFINITE_SEC ? '' : sec, 0);
  const ns = parseCount(nsec === INFINITE_NSEC ? '' : nsec, 0);
  if (s === undefined || ns === undefined) return undefined;
  return s * 1000 + ns / 1e6;
}

/** Parses a QoS chunk; undefined when it is not one (rmw_zenoh ignores such tokens too). */
export function decodeQosChunk(chunk: string): RmwActualQos | undefined {
  const parts = chunk.split(':');
  if (parts.length < 6) return undefined;
  const [r, d, hist, dl, ls, lv] = parts as [string, string, string, string, string, string];
  const h = hist.split(',');
  const dlp = dl.split(',');
  const lsp = ls.split(',');
  const lvp = lv.split(',');
  if (h.length < 2 || dlp.length < 2 || lsp.length < 2 || lvp.length < 3) return undefined;
  const reliability = lookup(RELIABILITY, r, 'reliable');
  const durability = lookup(DURABILITY, d, 'volatile');
  const history = lookup(HISTORY, h[0] as string, 'keep_last');
  const liveliness = lookup(LIVELINESS, lvp[0] as string, 'automatic');
  const depth = parseCount(h[1] as string, RMW_ZENOH_DEFAULT_DEPTH);
  const deadlineMs = parseDuration(dlp[0] as string, dlp[1] as string);
  const lifespanMs = parseDuration(lsp[0] as string, lsp[1] as string);
  const livelinessLeaseMs = parseDuration(lvp[1] as string, lvp[2] as string);
  if (
    reliability === undefined ||
    durability === undefined ||
    history === undefined ||
    liveliness === undefined ||
    depth === undefined ||
    deadlineMs === undefined ||
    lifespanMs === undefined ||
    livelinessLeaseMs === undefined
  ) {
    return undefined;
  }
  return { reliability, durability, history, depth, deadlineMs, lifespanMs, liveliness, livelinessLeaseMs };
}

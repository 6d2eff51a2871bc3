/**
 * The QoS chunk of an rmw_zenoh liveliness token:
 * `R:D:H,depth:DLs,DLns:LSs,LSns:LV,LVs,LVns`. A field equal to rmw_zenoh's default
 * (reliable, volatile, keep-last, depth 42, infinite durations, automatic liveliness) is
 * written empty, exactly as rmw_zenoh's `qos_to_keyexpr` does, so that tokens compare equal.
 * Keep-all has no depth: rclcpp asks it with depth 0, which rmw_zenoh replaces by its default
 * 42 before writing, so a keep-all token reads `::2,:...` and parses back as depth 42.
 */
import {
  type QosPolicy,
  type QosValue,
  qosValueOfWireNumber,
  qosWireNumber,
  type RmwActualQos,
  type RmwQos,
} from '../qos.js';

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
  const r = qos.reliability === 'reliable' ? '' : String(qosWireNumber('reliability', qos.reliability));
  const d = qos.durability === 'volatile' ? '' : String(qosWireNumber('durability', qos.durability));
  const h = qos.history === 'keep_last' ? '' : String(qosWireNumber('history', qos.history));
  const depth = qos.history === 'keep_all' || qos.depth === RMW_ZENOH_DEFAULT_DEPTH ? '' : String(qos.depth);
  const [dls, dlns] = durationFields(qos.deadlineMs);
  const [lss, lsns] = durationFields(qos.lifespanMs);
  const lv = qos.liveliness === 'automatic' ? '' : String(qosWireNumber('liveliness', qos.liveliness));
  const [lvs, lvns] = durationFields(qos.livelinessLeaseMs);
  return `${r}:${d}:${h},${depth}:${dls},${dlns}:${lss},${lsns}:${lv},${lvs},${lvns}`;
}

function lookup<P extends QosPolicy>(policy: P, field: string, dflt: QosValue<P>): QosValue<P> | 'unknown' | undefined {
  if (field === '') return dflt;
  if (!/^\d+$/.test(field)) return undefined;
  return qosValueOfWireNumber(policy, Number(field)) ?? 'unknown';
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
  const reliability = lookup('reliability', r, 'reliable');
  const durability = lookup('durability', d, 'volatile');
  const history = lookup('history', h[0] as string, 'keep_last');
  const liveliness = lookup('liveliness', lvp[0] as string, 'automatic');
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

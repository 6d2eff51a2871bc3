/**
 * Text of `vrobots topic list` and `vrobots topic hz`: pure formatting of the tools'
 * structured results, so the layout is testable without a network.
 */
import type { RateReport, TopicListing } from '../../vrobots/index.js';

const secondsText = (ms: number): string => `${Number((ms / 1000).toFixed(3))}s`;

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text.padEnd(width);
}

/** `wire  Hz  bytes  topic`, one row per key, then the count line; `(no topics)` plus hints. */
export function formatTopicList(listing: TopicListing, router: string | undefined): string[] {
  if (listing.rows.length === 0) {
    return [
      '(no topics)',
      `hint: nothing was published on vrobots/** during ${secondsText(listing.windowMs)}.`,
      `hint: is a simulator running on ${router ?? 'the router'}? try: vrobots sim --router ${router ?? 'ws/127.0.0.1:10000'}`,
      'hint: a longer window (-t 5) helps with slow topics; a keyword (-k) may have filtered everything out.',
    ];
  }
  const lines = [`${pad('wire', 6)}${pad('Hz', 9)}${pad('bytes', 8)}topic`];
  for (const r of listing.rows) {
    lines.push(`${pad(`[${r.wire}]`, 6)}${pad(r.hz.toFixed(1), 9)}${pad(String(Math.round(r.bytes)), 8)}${r.key}`);
  }
  lines.push(`${listing.rows.length} topic(s); zenoh observed over ${secondsText(listing.windowMs)}`);
  return lines;
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;

function sizeText(bytesPerSecond: number): string {
  return bytesPerSecond >= 1024 ? `${(bytesPerSecond / 1024).toFixed(1)} KiB/s` : `${bytesPerSecond.toFixed(0)} B/s`;
}

/** The rate block of one key. */
export function formatRateReport(r: RateReport): string[] {
  const lines = [
    `${r.key} over ${secondsText(r.windowMs)}`,
    `  rate      ${r.rateHz.toFixed(2)} Hz (${r.samples} samples)`,
  ];
  if (r.interval !== undefined) {
    const i = r.interval;
    lines.push(`  interval  mean ${ms(i.meanMs)}  min ${ms(i.minMs)}  max ${ms(i.maxMs)}  jitter ${ms(i.jitterMs)}`);
  }
  if (r.latency !== undefined) {
    const l = r.latency;
    lines.push(`  latency   mean ${ms(l.meanMs)}  min ${ms(l.minMs)}  max ${ms(l.maxMs)}  (arrival - header stamp)`);
  } else {
    lines.push('  latency   n/a (no header stamp decoded)');
  }
  if (r.seq !== undefined) {
    const s = r.seq;
    const restarts = s.restarts > 0 ? `, ${s.restarts} restart(s)` : '';
    lines.push(`  seq       ${s.first} -> ${s.last}, ${s.gaps} gap(s), ${s.missed} missed${restarts}`);
  }
  if (r.payload !== undefined) {
    const p = r.payload;
    lines.push(
      `  payload   ${Math.round(p.meanBytes)} B (min ${p.minBytes}, max ${p.maxBytes}), ${sizeText(p.bytesPerSecond)}`,
    );
  }
  return lines;
}

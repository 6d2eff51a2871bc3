/**
 * The top-down map: every robot's track over the ground plane (x right, z up the screen; Unity
 * keeps y for height), the selected robot drawn in the accent colour, a metre grid labelled
 * with its step. The view fits all tracks, with a floor on the span so a robot at rest does
 * not fill the screen. Past MAX_TRACK_VERTICES points in all, the bounds pass and the drawing
 * thin the tracks evenly (the selected one is drawn whole), so a frame's cost stays bounded
 * whatever the swarm's size. Tracks and heads of one colour go into one path each (a stroke
 * per colour, not per robot), read straight off the rings' arrays.
 */
import { prepare, type Theme } from './canvas-surface.js';
import { niceStep } from './format.js';
import type { RingBuffer } from './ring-buffer.js';
import type { RobotRecord } from './swarm-model.js';

const MIN_SPAN_M = 10;
/** Track vertices drawn per frame, over all robots: past it, tracks are thinned evenly. */
export const MAX_TRACK_VERTICES = 8_000;
const MARGIN_PX = 24;

/** Adds one robot's track (every `every`-th point, then its current position) to the open path. */
function tracePath(
  ctx: CanvasRenderingContext2D,
  r: RobotRecord,
  every: number,
  ox: number,
  oy: number,
  scale: number,
): void {
  const xs = r.trackX.raw;
  const zs = r.trackZ.raw;
  const n = r.trackX.length;
  if (n === 0) return;
  const cap = r.trackX.capacity;
  for (let i = 0; i < n; i += every) {
    let j = xs.start + i;
    if (j >= cap) j -= cap;
    const px = ox + (xs.data[j] as number) * scale;
    const py = oy - (zs.data[j] as number) * scale;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.lineTo(ox + r.position.x * scale, oy - r.position.z * scale);
}

function boundsOf(ring: RingBuffer, stride: number, into: [number, number]): void {
  const { data, start } = ring.raw;
  const cap = ring.capacity;
  let lo = into[0];
  let hi = into[1];
  for (let i = 0; i < ring.length; i += stride) {
    let j = start + i;
    if (j >= cap) j -= cap;
    const v = data[j] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  into[0] = lo;
  into[1] = hi;
}

export function drawMap(
  canvas: HTMLCanvasElement,
  records: readonly RobotRecord[],
  selected: number | undefined,
  theme: Theme,
): void {
  const { ctx, width, height } = prepare(canvas);
  let vertices = 0;
  for (const r of records) vertices += r.trackX.length;
  const stride = Math.max(1, Math.ceil(vertices / MAX_TRACK_VERTICES));
  const xb: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const zb: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const r of records) {
    if (r.trackX.length === 0) continue;
    // Thinned like the drawing, and the robot's current position always counts.
    boundsOf(r.trackX, stride, xb);
    boundsOf(r.trackZ, stride, zb);
    xb[0] = Math.min(xb[0], r.position.x);
    xb[1] = Math.max(xb[1], r.position.x);
    zb[0] = Math.min(zb[0], r.position.z);
    zb[1] = Math.max(zb[1], r.position.z);
  }
  let [minX, maxX] = xb;
  let [minZ, maxZ] = zb;
  if (!Number.isFinite(minX)) {
    minX = -MIN_SPAN_M / 2;
    maxX = MIN_SPAN_M / 2;
    minZ = -MIN_SPAN_M / 2;
    maxZ = MIN_SPAN_M / 2;
  }
  const cx = (minX + maxX) / 2;
  const cz = (minZ + maxZ) / 2;
  const span = Math.max(MIN_SPAN_M, maxX - minX, maxZ - minZ) * 1.1;
  const scale = Math.min(width - 2 * MARGIN_PX, height - 2 * MARGIN_PX) / span;
  const sx = (x: number) => width / 2 + (x - cx) * scale;
  const sy = (z: number) => height / 2 - (z - cz) * scale;

  const step = niceStep(span, 8);
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1;
  ctx.fillStyle = theme.muted;
  ctx.font = '11px system-ui, sans-serif';
  ctx.beginPath();
  for (let x = Math.ceil((cx - span) / step) * step; x <= cx + span; x += step) {
    ctx.moveTo(sx(x), 0);
    ctx.lineTo(sx(x), height);
  }
  for (let z = Math.ceil((cz - span) / step) * step; z <= cz + span; z += step) {
    ctx.moveTo(0, sy(z));
    ctx.lineTo(width, sy(z));
  }
  ctx.stroke();
  ctx.fillText(`grid ${step} m · x (m) →, z (m) ↑`, 6, height - 6);

  // x_screen = ox + x * scale, y_screen = oy - z * scale.
  const ox = width / 2 - cx * scale;
  const oy = height / 2 + cz * scale;
  const palette = theme.series.length > 0 ? theme.series : [theme.fg];
  let chosen: RobotRecord | undefined;
  ctx.lineWidth = 1;
  ctx.globalAlpha = 0.7;
  for (let c = 0; c < palette.length; c++) {
    ctx.strokeStyle = palette[c] as string;
    ctx.beginPath();
    for (const r of records) {
      if (r.sysId === selected) chosen = r;
      else if (r.sysId % palette.length === c) tracePath(ctx, r, stride, ox, oy, scale);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  for (let c = 0; c < palette.length; c++) {
    ctx.fillStyle = palette[c] as string;
    ctx.beginPath();
    for (const r of records) {
      if (r.sysId === selected || r.sysId % palette.length !== c || r.trackX.length === 0) continue;
      const hx = ox + r.position.x * scale;
      const hy = oy - r.position.z * scale;
      ctx.moveTo(hx + 3, hy);
      ctx.arc(hx, hy, 3, 0, 2 * Math.PI);
    }
    ctx.fill();
  }
  if (records.length <= 20) {
    ctx.fillStyle = theme.fg;
    for (const r of records) {
      if (r.sysId !== selected && r.trackX.length > 0)
        ctx.fillText(`#${r.sysId}`, ox + r.position.x * scale + 6, oy - r.position.z * scale - 6);
    }
  }
  if (chosen !== undefined && chosen.trackX.length > 0) {
    ctx.strokeStyle = theme.accent;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    tracePath(ctx, chosen, 1, ox, oy, scale);
    ctx.stroke();
    const hx = ox + chosen.position.x * scale;
    const hy = oy - chosen.position.z * scale;
    ctx.fillStyle = theme.accent;
    ctx.beginPath();
    ctx.arc(hx, hy, 5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = theme.fg;
    ctx.fillText(`#${chosen.sysId}`, hx + 6, hy - 6);
  }
}

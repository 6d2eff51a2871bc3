/**
 * The top-down map: every robot's track over the ground plane (x right, z up the screen; Unity
 * keeps y for height), the selected robot drawn in the accent colour, a metre grid labelled
 * with its step. The view fits all tracks, with a floor on the span so a robot at rest does
 * not fill the screen. Past MAX_TRACK_VERTICES points in all, the bounds pass and the drawing
 * thin the tracks evenly (the selected one is drawn whole), so a frame's cost stays bounded
 * whatever the swarm's size.
 */
import { prepare, type Theme } from './canvas-surface.js';
import { niceStep } from './format.js';
import type { RobotRecord } from './swarm-model.js';

const MIN_SPAN_M = 10;
/** Track vertices drawn per frame, over all robots: past it, tracks are thinned evenly. */
export const MAX_TRACK_VERTICES = 20_000;
const MARGIN_PX = 24;

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
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  const include = (x: number, z: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  };
  for (const r of records) {
    // Thinned like the drawing, and the robot's current position always counts.
    for (let i = 0; i < r.trackX.length; i += stride) include(r.trackX.at(i), r.trackZ.at(i));
    if (r.trackX.length > 0) include(r.position.x, r.position.z);
  }
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

  for (const r of records) {
    const isSelected = r.sysId === selected;
    const every = isSelected ? 1 : stride;
    ctx.strokeStyle = isSelected ? theme.accent : (theme.series[r.sysId % theme.series.length] ?? theme.fg);
    ctx.lineWidth = isSelected ? 2.5 : 1;
    ctx.globalAlpha = isSelected ? 1 : 0.7;
    ctx.beginPath();
    const n = r.trackX.length;
    for (let i = 0; i < n; i += every) {
      const px = sx(r.trackX.at(i));
      const py = sy(r.trackZ.at(i));
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    if (n > 0) ctx.lineTo(sx(r.position.x), sy(r.position.z));
    ctx.stroke();
    ctx.globalAlpha = 1;
    const hx = sx(r.position.x);
    const hy = sy(r.position.z);
    ctx.fillStyle = ctx.strokeStyle;
    ctx.beginPath();
    ctx.arc(hx, hy, isSelected ? 5 : 3, 0, 2 * Math.PI);
    ctx.fill();
    if (isSelected || records.length <= 20) {
      ctx.fillStyle = theme.fg;
      ctx.fillText(`#${r.sysId}`, hx + 6, hy - 6);
    }
  }
}

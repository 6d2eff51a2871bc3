/**
 * Time plots on one canvas: panels stacked top to bottom, each a few series over the last 20 s
 * with its own y range and grid, and a legend with each series' latest value and unit. The
 * robot plots (plot-view.ts) and the arm's joint plots (arm-plot.ts) draw through it.
 */
import { prepare, type Theme } from './canvas-surface.js';
import { fixed, niceStep } from './format.js';
import type { RingBuffer } from './ring-buffer.js';

export const WINDOW_MS = 20_000;

export interface PlotSeries {
  readonly label: string;
  readonly unit: string;
  readonly ring: RingBuffer;
  /** Drawn value = stored value x scale (rad stored, deg shown). */
  readonly scale?: number;
}

export interface PlotPanel {
  readonly title: string;
  readonly series: readonly PlotSeries[];
}

/** The unit the panel's y axis can carry: the one all its series share, or none. */
function sharedUnit(panel: PlotPanel): string {
  const units = new Set(panel.series.map((s) => s.unit));
  return units.size === 1 ? (panel.series[0]?.unit ?? '') : '';
}

function range(time: RingBuffer, panel: PlotPanel, from: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of panel.series) {
    const scale = s.scale ?? 1;
    for (let i = 0; i < s.ring.length; i++) {
      if (time.at(i) < from) continue;
      const v = s.ring.at(i) * scale;
      if (Number.isNaN(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (!Number.isFinite(lo)) return [-1, 1];
  const pad = Math.max((hi - lo) * 0.1, 0.5);
  return [lo - pad, hi + pad];
}

function line(
  ctx: CanvasRenderingContext2D,
  time: RingBuffer,
  s: PlotSeries,
  x: (t: number) => number,
  y: (v: number) => number,
  from: number,
): void {
  const scale = s.scale ?? 1;
  ctx.beginPath();
  let started = false;
  for (let i = 0; i < s.ring.length; i++) {
    const t = time.at(i);
    const v = s.ring.at(i) * scale;
    if (t < from || Number.isNaN(v)) continue;
    if (!started) ctx.moveTo(x(t), y(v));
    else ctx.lineTo(x(t), y(v));
    started = true;
  }
  ctx.stroke();
}

/** A plot area with nothing to plot yet: the sentence says why. */
export function drawEmpty(canvas: HTMLCanvasElement, text: string, theme: Theme): void {
  const { ctx } = prepare(canvas);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = theme.muted;
  ctx.fillText(text, 12, 20);
}

/** Draws `panels` against the arrival times in `time` (one entry per sample of every ring). */
export function drawPanels(
  canvas: HTMLCanvasElement,
  time: RingBuffer,
  panels: readonly PlotPanel[],
  nowMs: number,
  theme: Theme,
): void {
  const { ctx, width, height } = prepare(canvas);
  ctx.font = '11px system-ui, sans-serif';
  const from = nowMs - WINDOW_MS;
  const panelHeight = height / panels.length;
  const left = 56;
  const right = width - 8;
  const x = (t: number) => left + ((t - from) / WINDOW_MS) * (right - left);
  panels.forEach((panel, index) => {
    const unit = sharedUnit(panel);
    const top = index * panelHeight + 16;
    const bottom = (index + 1) * panelHeight - 14;
    const [lo, hi] = range(time, panel, from);
    const y = (v: number) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);
    ctx.strokeStyle = theme.grid;
    ctx.fillStyle = theme.muted;
    ctx.lineWidth = 1;
    const step = niceStep(hi - lo, 4);
    ctx.beginPath();
    for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
      ctx.moveTo(left, y(v));
      ctx.lineTo(right, y(v));
      ctx.fillText(`${fixed(v, step < 1 ? 2 : 0)} ${unit}`, 4, y(v) + 4);
    }
    ctx.stroke();
    ctx.fillStyle = theme.fg;
    const title = `${panel.title} (${unit === '' ? 'units per series' : unit}), last ${WINDOW_MS / 1000} s`;
    ctx.fillText(title, left, top - 4);
    let legendX = left + ctx.measureText(title).width + 16;
    panel.series.forEach((s, i) => {
      // A series with no value (a robot with fewer actuators than the panel has): no line, no legend.
      if (Number.isNaN(s.ring.last())) return;
      const colour = theme.series[i % theme.series.length] ?? theme.fg;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1.5;
      line(ctx, time, s, x, y, from);
      ctx.fillStyle = colour;
      const text = `${s.label} ${fixed(s.ring.last() * (s.scale ?? 1), 2)} ${s.unit}`;
      ctx.fillText(text, legendX, top - 4);
      legendX += ctx.measureText(text).width + 12;
    });
  });
  ctx.fillStyle = theme.muted;
  ctx.fillText(`time (s) →, ${WINDOW_MS / 1000} s window ending now`, left, height - 2);
}

/**
 * Time plots of the selected robot: position (m), velocity (m/s) and actuators (what they
 * deliver now, in the robot type's unit), each over the last 20 s with its own y range.
 */
import { prepare, type Theme } from './canvas-surface.js';
import { fixed, niceStep } from './format.js';
import type { RingBuffer } from './ring-buffer.js';
import type { RobotRecord, SeriesName } from './swarm-model.js';

const WINDOW_MS = 20_000;

interface Series {
  readonly name: SeriesName;
  readonly label: string;
  readonly unit: string;
}

interface Panel {
  readonly title: string;
  readonly series: readonly Series[];
}

const PANELS: readonly Panel[] = [
  {
    title: 'position',
    series: [
      { name: 'px', label: 'x', unit: 'm' },
      { name: 'py', label: 'y', unit: 'm' },
      { name: 'pz', label: 'z', unit: 'm' },
    ],
  },
  {
    title: 'velocity',
    series: [
      { name: 'vx', label: 'x', unit: 'm/s' },
      { name: 'vy', label: 'y', unit: 'm/s' },
      { name: 'vz', label: 'z', unit: 'm/s' },
    ],
  },
];

const ACTUATOR_SERIES = ['a0', 'a1', 'a2', 'a3'] as const;

/** What State.actuator.measured holds per robot type (the simulator's physics models), first four. */
const ACTUATORS: Readonly<Record<string, readonly (readonly [label: string, unit: string])[]>> = {
  multirotor: [
    ['rotor 0', 'N'],
    ['rotor 1', 'N'],
    ['rotor 2', 'N'],
    ['rotor 3', 'N'],
  ],
  halfdrone: [
    ['rotor 0', 'N'],
    ['rotor 1', 'N'],
  ],
  truck: [
    ['steer', 'rad'],
    ['speed', 'm/s'],
    ['brake', 'N'],
  ],
  msd: [['force', 'N']],
  cartpole: [['force', 'N']],
  globalhawk: [
    ['surface 0', 'rad'],
    ['surface 1', 'rad'],
    ['surface 2', 'rad'],
    ['surface 3', 'rad'],
  ],
};

/** The actuator panel of a robot type: one series per measured actuator, each with its unit. */
export function actuatorPanel(robotType: string): Panel {
  const known = ACTUATORS[robotType] ?? [];
  return {
    title: 'actuators (measured)',
    series: ACTUATOR_SERIES.map((name, i) => ({
      name,
      label: known[i]?.[0] ?? `#${i}`,
      unit: known[i]?.[1] ?? '',
    })),
  };
}

/** The unit the panel's y axis can carry: the one all its series share, or none. */
function sharedUnit(panel: Panel): string {
  const units = new Set(panel.series.map((s) => s.unit));
  return units.size === 1 ? (panel.series[0]?.unit ?? '') : '';
}

function range(record: RobotRecord, panel: Panel, from: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of panel.series) {
    const ring = record.series[s.name];
    for (let i = 0; i < ring.length; i++) {
      if (record.time.at(i) < from) continue;
      const v = ring.at(i);
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
  ring: RingBuffer,
  x: (t: number) => number,
  y: (v: number) => number,
  from: number,
): void {
  ctx.beginPath();
  let started = false;
  for (let i = 0; i < ring.length; i++) {
    const t = time.at(i);
    const v = ring.at(i);
    if (t < from || Number.isNaN(v)) continue;
    if (!started) ctx.moveTo(x(t), y(v));
    else ctx.lineTo(x(t), y(v));
    started = true;
  }
  ctx.stroke();
}

export function drawPlots(
  canvas: HTMLCanvasElement,
  record: RobotRecord | undefined,
  nowMs: number,
  theme: Theme,
): void {
  const { ctx, width, height } = prepare(canvas);
  ctx.font = '11px system-ui, sans-serif';
  if (record === undefined) {
    ctx.fillStyle = theme.muted;
    ctx.fillText('select a robot in the table to plot its state', 12, 20);
    return;
  }
  const from = nowMs - WINDOW_MS;
  const panels = [...PANELS, actuatorPanel(record.robotType)];
  const panelHeight = height / panels.length;
  const left = 56;
  const right = width - 8;
  const x = (t: number) => left + ((t - from) / WINDOW_MS) * (right - left);
  panels.forEach((panel, index) => {
    const unit = sharedUnit(panel);
    const top = index * panelHeight + 16;
    const bottom = (index + 1) * panelHeight - 14;
    const [lo, hi] = range(record, panel, from);
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
      // A robot with fewer actuators than the panel has series: no line, no legend.
      if (Number.isNaN(record.series[s.name].last())) return;
      const colour = theme.series[i % theme.series.length] ?? theme.fg;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1.5;
      line(ctx, record.time, record.series[s.name], x, y, from);
      ctx.fillStyle = colour;
      const text = `${s.label} ${fixed(record.series[s.name].last(), 2)} ${s.unit}`;
      ctx.fillText(text, legendX, top - 4);
      legendX += ctx.measureText(text).width + 12;
    });
  });
  ctx.fillStyle = theme.muted;
  ctx.fillText(`time (s) →, ${WINDOW_MS / 1000} s window ending now`, left, height - 2);
}

/**
 * Time plots of the selected robot: position (m), velocity (m/s) and actuators (what they
 * deliver now, in the robot type's unit), each over the last 20 s with its own y range.
 */
import type { Theme } from './canvas-surface.js';
import type { RobotRecord, SeriesName } from './swarm-model.js';
import { drawEmpty, drawPanels, type PlotPanel } from './time-plot.js';

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

export function drawPlots(
  canvas: HTMLCanvasElement,
  record: RobotRecord | undefined,
  nowMs: number,
  theme: Theme,
): void {
  if (record === undefined) {
    drawEmpty(canvas, 'select a robot in the table to plot its state', theme);
    return;
  }
  const panels = [...PANELS, actuatorPanel(record.robotType)].map(
    (panel): PlotPanel => ({
      title: panel.title,
      series: panel.series.map((s) => ({ label: s.label, unit: s.unit, ring: record.series[s.name] })),
    }),
  );
  drawPanels(canvas, record.time, panels, nowMs, theme);
}

/**
 * The selected arm's joints over time: positions, and velocities where the canvas is tall
 * enough for a second panel, in the unit the arm panel shows (rad or deg).
 */
import type { ArmRecord } from './arm-model.js';
import type { Theme } from './canvas-surface.js';
import { ANGLE_UNITS, type AngleUnit } from './format.js';
import type { RingBuffer } from './ring-buffer.js';
import { drawEmpty, drawPanels, type PlotPanel } from './time-plot.js';

/** Below this height (CSS px) one panel reads better than two squeezed ones. */
const TWO_PANELS_MIN_PX = 220;

function joints(title: string, rings: readonly RingBuffer[], unit: string, scale: number): PlotPanel {
  return { title, series: rings.map((ring, j) => ({ label: `J${j + 1}`, unit, ring, scale })) };
}

export function drawArmPlots(
  canvas: HTMLCanvasElement,
  record: ArmRecord | undefined,
  angle: AngleUnit,
  nowMs: number,
  theme: Theme,
): void {
  if (record === undefined) {
    drawEmpty(canvas, 'waiting for the arm status (vrobots/{id}/z/arm_status)', theme);
    return;
  }
  const a = ANGLE_UNITS[angle];
  const panels = [joints('joint positions', record.positions, a.unit, a.scale)];
  if (canvas.clientHeight >= TWO_PANELS_MIN_PX) {
    panels.push(joints('joint velocities', record.velocities, `${a.unit}/s`, a.scale));
  }
  drawPanels(canvas, record.time, panels, nowMs, theme);
}

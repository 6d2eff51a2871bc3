/** Numbers as the console shows them: fixed decimals and always a unit. */

export function fixed(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '–';
}

export function withUnit(value: number, decimals: number, unit: string): string {
  return `${fixed(value, decimals)} ${unit}`;
}

export function vec3(v: { x: number; y: number; z: number }, decimals: number, unit: string): string {
  return `${fixed(v.x, decimals)}, ${fixed(v.y, decimals)}, ${fixed(v.z, decimals)} ${unit}`;
}

/** A "nice" grid step (1, 2 or 5 x 10^n) for a span drawn over about `ticks` lines. */
export function niceStep(span: number, ticks: number): number {
  const raw = Math.max(span, 1e-9) / Math.max(1, ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** Joint angles as the arm panel shows them: stored in rad, shown in rad or deg. */
export const ANGLE_UNITS = {
  rad: { unit: 'rad', scale: 1, decimals: 3 },
  deg: { unit: '°', scale: 180 / Math.PI, decimals: 1 },
} as const;
export type AngleUnit = keyof typeof ANGLE_UNITS;

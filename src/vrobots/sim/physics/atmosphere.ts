/**
 * International Standard Atmosphere (troposphere and the isothermal layer above it): what
 * the fixed wing's aerodynamics and the barometer read at an altitude.
 */
import { GRAVITY } from './physics-model.js';

export const SEA_LEVEL_PRESSURE_PA = 101_325;
export const SEA_LEVEL_TEMPERATURE_K = 288.15;
export const LAPSE_RATE_K_PER_M = 0.0065;
/** Specific gas constant of dry air, J/(kg K). */
export const R_AIR = 287.053;
const TROPOPAUSE_M = 11_000;
const EXPONENT = GRAVITY / (R_AIR * LAPSE_RATE_K_PER_M); // ~5.2559

export interface AirState {
  /** Pa. */
  readonly pressure: number;
  /** K. */
  readonly temperature: number;
  /** kg/m^3. */
  readonly density: number;
}

/** ISA at geopotential altitude `h` m above mean sea level (clamped below -500 m). */
export function isa(h: number): AirState {
  const alt = Math.max(-500, h);
  if (alt <= TROPOPAUSE_M) {
    const temperature = SEA_LEVEL_TEMPERATURE_K - LAPSE_RATE_K_PER_M * alt;
    const pressure = SEA_LEVEL_PRESSURE_PA * (temperature / SEA_LEVEL_TEMPERATURE_K) ** EXPONENT;
    return { pressure, temperature, density: pressure / (R_AIR * temperature) };
  }
  const top = isa(TROPOPAUSE_M);
  const pressure = top.pressure * Math.exp((-GRAVITY * (alt - TROPOPAUSE_M)) / (R_AIR * top.temperature));
  return { pressure, temperature: top.temperature, density: pressure / (R_AIR * top.temperature) };
}

/**
 * Pressure altitude against a sea-level setting (troposphere inverse of `isa`): what an
 * altimeter set to `qnhHpa` shows at `pressurePa`.
 */
export function pressureAltitude(pressurePa: number, qnhHpa: number): number {
  const ratio = pressurePa / (qnhHpa * 100);
  return (SEA_LEVEL_TEMPERATURE_K / LAPSE_RATE_K_PER_M) * (1 - ratio ** (1 / EXPONENT));
}

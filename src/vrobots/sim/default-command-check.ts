/**
 * The simulator's acceptability check of an incoming command: a command with non-finite
 * values or the wrong argument shape is ignored (and counted), never applied.
 */
import { err, ok, type Result } from '../../result.js';
import type { Command } from '../messages/topic-messages.js';

function finiteVec(v: { x: number; y: number; z: number; w?: number } | undefined): boolean {
  return v === undefined || [v.x, v.y, v.z, v.w ?? 0].every(Number.isFinite);
}

export function checkCommandForSim(_robotType: string, command: Command): Result {
  const a = command.args;
  const finite =
    (a.floatVal === undefined || Number.isFinite(a.floatVal)) &&
    a.floatArr.every(Number.isFinite) &&
    finiteVec(a.vec3) &&
    finiteVec(a.vec4) &&
    a.vec3Arr.every(finiteVec) &&
    a.vec4Arr.every(finiteVec);
  if (!finite) return err('InvalidArgument', `command ${command.id} carries a non-finite value`);
  return ok();
}

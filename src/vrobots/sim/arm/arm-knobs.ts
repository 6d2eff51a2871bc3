/**
 * The simulator's knobs on the arm (the `arm_*` verbs): enable, home, latch or clear an
 * error, hold or release control as another client, stall the real-time controller. They
 * stand in for a real arm's pendant and faults, so that every refusal can be provoked.
 */
import type { ArgValue } from '../../arm/arm-args.js';
import type { ArmVerb } from '../../arm/arm-verbs.js';
import { type ArmAnswer, done, refuse } from './arm-answer.js';

/** What a knob changes on the arm (the controller, seen from here). */
export interface KnobTarget {
  enabled: boolean;
  homed: boolean;
  error: string | undefined;
  owner: string | undefined;
  rtStalled: boolean;
  readonly session: { readonly claimed: boolean } | undefined;
  readonly motion: { home(): void };
  /** Ends the claim (the joints ramp down). */
  stop(reason: string): void;
}

/** Turns one knob; a verb that is not a knob is a bug (INTERNAL). */
export function applyKnob(arm: KnobTarget, verb: ArmVerb, v: readonly ArgValue[]): ArmAnswer {
  switch (verb) {
    case 'arm_enable':
      arm.enabled = v[0] as boolean;
      if (!arm.enabled && arm.session?.claimed === true) arm.stop('disabled');
      return done(arm.enabled ? 'enabled' : 'disabled');
    case 'arm_home':
      if (arm.session?.claimed === true) return refuse('COMMAND_NOT_ALLOWED', 'cannot home while a PC drives the arm');
      arm.motion.home();
      arm.homed = true;
      return done('homed');
    case 'arm_latch_error':
      arm.error = (v[0] as string) || 'error';
      if (arm.session?.claimed === true) arm.stop(`error: ${arm.error}`);
      return done(`error latched: ${arm.error}`);
    case 'arm_clear_error':
      arm.error = undefined;
      return done('error cleared');
    case 'arm_hold_control':
      arm.owner = (v[0] as string) || 'another client';
      return done(`control held by '${arm.owner}'`);
    case 'arm_release_control':
      arm.owner = undefined;
      return done('control released');
    case 'arm_rt_stall':
      arm.rtStalled = v[0] as boolean;
      return done(arm.rtStalled ? 'the real-time controller stops answering' : 'the real-time controller answers');
    default:
      return refuse('INTERNAL', `no handler for ${verb}`);
  }
}

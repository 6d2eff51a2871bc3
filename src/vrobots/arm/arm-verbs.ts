/**
 * The arm's immediate commands, each a service segment under `vrobots/{id}/z/srv/`: the
 * vendor's RTI verbs, then the simulator's knobs (enable, home, latch or clear an error, hold
 * or release control as another client, stall the real-time controller) that let a test or
 * a user provoke every refusal. Each carries ArmRequest and answers ArmReply.
 */
import type { SlotKind } from './arm-args.js';

export const RTI_VERBS = {
  /** (pc_ip?, rate_hz?, transport?): pair, hold still, take control. */
  rti_connect: ['text?', 'number?', 'text?'],
  rti_claim: [],
  rti_release: [],
  rti_disconnect: [],
  /** (seconds) */
  rti_set_command_timeout: ['number'],
  /** (name): linear | cubic */
  rti_set_servo_generator: ['text'],
  latest_status: [],
} as const satisfies { readonly [verb: string]: readonly SlotKind[] };

export const ARM_KNOBS = {
  /** (on) */
  arm_enable: ['flag'],
  arm_home: [],
  /** (reason) */
  arm_latch_error: ['text'],
  arm_clear_error: [],
  /** (client): another client takes control. */
  arm_hold_control: ['text'],
  arm_release_control: [],
  /** (on): the real-time controller stops answering immediate commands within 1 s. */
  arm_rt_stall: ['flag'],
} as const satisfies { readonly [verb: string]: readonly SlotKind[] };

export type RtiVerb = keyof typeof RTI_VERBS;
export type ArmKnob = keyof typeof ARM_KNOBS;
export type ArmVerb = RtiVerb | ArmKnob;

export const ARM_VERBS: readonly ArmVerb[] = [
  ...(Object.keys(RTI_VERBS) as RtiVerb[]),
  ...(Object.keys(ARM_KNOBS) as ArmKnob[]),
];

export function slotsOf(verb: ArmVerb): readonly SlotKind[] {
  return verb in RTI_VERBS ? RTI_VERBS[verb as RtiVerb] : ARM_KNOBS[verb as ArmKnob];
}

export const armSrvKey = (sysId: number, verb: ArmVerb): string => `vrobots/${sysId}/z/srv/${verb}`;
/** The arm's status (ArmStatus), published with the robot's state. */
export const armStatusKey = (sysId: number): string => `vrobots/${sysId}/z/arm_status`;
/** Every arm's status, for a watcher of all arms (a web console). */
export const ARM_STATUS_KEY_EXPR = 'vrobots/*/z/arm_status';

/** The parameter vocabulary shared by the store, the node's verbs and the public surface (types only). */

import type { Parameter, ParameterType, ParameterValue } from './value.js';

export interface IntegerRange {
  readonly from: bigint;
  readonly to: bigint;
  /** 0 (the default): any value in range; else the value must be `from + k*step` or `to`. */
  readonly step?: bigint | undefined;
}

export interface FloatingPointRange {
  readonly from: number;
  readonly to: number;
  /** 0 (the default): any value in range. */
  readonly step?: number | undefined;
}

/** What declareParameter accepts as descriptor (every field optional). */
export interface ParameterDescriptorOptions {
  /** The declared type when the default does not say it (no default, an empty array). */
  readonly type?: ParameterType | undefined;
  readonly description?: string | undefined;
  readonly additionalConstraints?: string | undefined;
  /** Set only by declaration and overrides; setParameter answers Rejected. */
  readonly readOnly?: boolean | undefined;
  /** Lets a set change the type (refused otherwise, as in rclcpp). */
  readonly dynamicTyping?: boolean | undefined;
  readonly integerRange?: IntegerRange | undefined;
  readonly floatingPointRange?: FloatingPointRange | undefined;
}

/** Whether a set was applied, and why not (rcl_interfaces/msg/SetParametersResult). */
export interface SetParametersResult {
  readonly successful: boolean;
  readonly reason: string;
}

/** A value to set; `undefined` unsets a dynamically typed parameter. */
export interface ParameterUpdate {
  readonly name: string;
  readonly value: ParameterValue | undefined;
}

/**
 * Validates the parameters about to be set (already checked against their descriptors);
 * answering `successful: false` refuses the whole set with `reason`. Runs synchronously
 * inside the set; a throw counts as a refusal.
 */
export type OnSetParametersCallback = (parameters: readonly Parameter[]) => SetParametersResult;

export interface ParameterChanges {
  readonly added: readonly Parameter[];
  readonly changed: readonly Parameter[];
  readonly deleted: readonly Parameter[];
}

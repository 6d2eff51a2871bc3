/** The parameter verbs every Node has (rclcpp's NodeParametersInterface, errors as values). */

import type { Result, ResultOf } from '../../result.js';
import type { ParameterDescriptor as DescriptorMsg } from '../interfaces/generated/rcl_interfaces/msg.js';
import type {
  OnSetParametersCallback,
  ParameterDescriptorOptions,
  ParameterUpdate,
  SetParametersResult,
} from './parameter-types.js';
import type { Parameter, ParameterValue } from './value.js';

export interface ParametersApi {
  /**
   * Declares a parameter; an override (node options, `-p`, params file) replaces the default.
   * The type is the default's (bigint: integer, number: double) or `descriptor.type`; a later
   * set of another type is refused unless `descriptor.dynamicTyping`. AlreadyExists when
   * declared twice; InvalidArgument for a default or override outside the descriptor's range;
   * Rejected when an on-set callback refuses it.
   */
  declareParameter(
    name: string,
    defaultValue?: ParameterValue,
    descriptor?: ParameterDescriptorOptions,
  ): ResultOf<Parameter>;
  /** NotFound when undeclared; NotAllowed when read-only. */
  undeclareParameter(name: string): Result;
  hasParameter(name: string): boolean;
  /** NotFound when undeclared. */
  getParameter(name: string): ResultOf<Parameter>;
  /** NotFound naming the first undeclared one. */
  getParameters(names: readonly string[]): ResultOf<readonly Parameter[]>;
  /** Rejected, with the reason, when refused (undeclared, read-only, type, range, callback). */
  setParameter(name: string, value: ParameterValue | undefined): Result;
  /** Each on its own, one result each. */
  setParameters(updates: readonly ParameterUpdate[]): readonly SetParametersResult[];
  /** All or none. */
  setParametersAtomically(updates: readonly ParameterUpdate[]): SetParametersResult;
  /** Names under the prefixes (all when none), at most `depth` dot-levels deep (0: any). */
  listParameters(
    prefixes?: readonly string[],
    depth?: number,
  ): { readonly names: readonly string[]; readonly prefixes: readonly string[] };
  /** The descriptor in its wire form (rcl_interfaces/msg/ParameterDescriptor). NotFound when undeclared. */
  describeParameter(name: string): ResultOf<DescriptorMsg>;
  /**
   * Adds a validation run on every set and declaration before it applies; answers the function
   * that removes it. InvalidArgument when not a function.
   */
  addOnSetParametersCallback(callback: OnSetParametersCallback): ResultOf<() => void>;
}

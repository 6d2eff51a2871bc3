/**
 * An rcl_interfaces/ParameterValue as it travels: every field at its default except `type` and
 * the ones given. Written out here, not built by src/, so tests of the wire form catch a wrong one.
 */
import type { ParameterValue } from '../../src/rclcpp/interfaces/generated/rcl_interfaces/msg.js';

export function wireParameterValue(type: number, fields: Partial<ParameterValue> = {}): ParameterValue {
  return {
    type,
    bool_value: false,
    integer_value: 0n,
    double_value: 0,
    string_value: '',
    byte_array_value: new Uint8Array(0),
    bool_array_value: [],
    integer_array_value: [],
    double_array_value: [],
    string_array_value: [],
    ...fields,
  };
}

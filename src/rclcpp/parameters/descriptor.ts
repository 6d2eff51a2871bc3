/**
 * Parameter descriptors: the options a user gives, read once into the wire form
 * (rcl_interfaces/msg/ParameterDescriptor), and the checks a new value must pass against one
 * (type unless dynamic typing, read-only, ranges), with the reasons rclcpp gives.
 */

import { describeValue, err, ok, type ResultOf } from '../../result.js';
import type { ParameterDescriptor as DescriptorMsg } from '../interfaces/generated/rcl_interfaces/msg.js';
import { readOptions } from '../type-check.js';
import type { ParameterDescriptorOptions } from './parameter-types.js';
import { type ParameterType, type ParameterValue, ParameterType as PT, parameterTypeName } from './value.js';

export type { FloatingPointRange, IntegerRange, ParameterDescriptorOptions } from './parameter-types.js';

const KEYS: ReadonlyArray<keyof ParameterDescriptorOptions> = [
  'type',
  'description',
  'additionalConstraints',
  'readOnly',
  'dynamicTyping',
  'integerRange',
  'floatingPointRange',
];

function optionalString(what: string, v: unknown): ResultOf<string> {
  if (v === undefined) return ok('');
  return typeof v === 'string' ? ok(v) : err('InvalidArgument', `${what} must be a string, got ${describeValue(v)}`);
}

function optionalBool(what: string, v: unknown): ResultOf<boolean> {
  if (v === undefined) return ok(false);
  return typeof v === 'boolean' ? ok(v) : err('InvalidArgument', `${what} must be a boolean, got ${describeValue(v)}`);
}

function readIntegerRange(what: string, v: unknown): ResultOf<DescriptorMsg['integer_range']> {
  if (v === undefined) return ok([]);
  const r = readOptions(what, v, ['from', 'to', 'step']);
  if (!r.ok) return r;
  const { from, to, step = 0n } = r.value;
  if (typeof from !== 'bigint' || typeof to !== 'bigint' || typeof step !== 'bigint' || from > to || step < 0n) {
    return err('InvalidArgument', `${what} must be { from, to, step? } of bigints with from <= to and step >= 0`);
  }
  return ok([{ from_value: from, to_value: to, step }]);
}

function readFloatRange(what: string, v: unknown): ResultOf<DescriptorMsg['floating_point_range']> {
  if (v === undefined) return ok([]);
  const r = readOptions(what, v, ['from', 'to', 'step']);
  if (!r.ok) return r;
  const { from, to, step = 0 } = r.value;
  const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  if (!finite(from) || !finite(to) || !finite(step) || from > to || step < 0) {
    return err(
      'InvalidArgument',
      `${what} must be { from, to, step? } of finite numbers with from <= to and step >= 0`,
    );
  }
  return ok([{ from_value: from, to_value: to, step }]);
}

/** Reads the options into the wire form; `type` is filled in by the caller once known. */
export function readDescriptor(name: string, options: unknown): ResultOf<DescriptorMsg> {
  const what = `descriptor of parameter '${name}'`;
  const o = readOptions(what, options, KEYS);
  if (!o.ok) return o;
  const type = o.value.type;
  if (type !== undefined && (typeof type !== 'number' || !Number.isInteger(type) || type < 0 || type > 9)) {
    return err('InvalidArgument', `${what}.type must be a ParameterType (0..9), got ${describeValue(type)}`);
  }
  const description = optionalString(`${what}.description`, o.value.description);
  if (!description.ok) return description;
  const constraints = optionalString(`${what}.additionalConstraints`, o.value.additionalConstraints);
  if (!constraints.ok) return constraints;
  const readOnly = optionalBool(`${what}.readOnly`, o.value.readOnly);
  if (!readOnly.ok) return readOnly;
  const dynamic = optionalBool(`${what}.dynamicTyping`, o.value.dynamicTyping);
  if (!dynamic.ok) return dynamic;
  const ints = readIntegerRange(`${what}.integerRange`, o.value.integerRange);
  if (!ints.ok) return ints;
  const floats = readFloatRange(`${what}.floatingPointRange`, o.value.floatingPointRange);
  if (!floats.ok) return floats;
  return ok({
    name,
    type: type ?? PT.NOT_SET,
    description: description.value,
    additional_constraints: constraints.value,
    read_only: readOnly.value,
    dynamic_typing: dynamic.value,
    floating_point_range: floats.value,
    integer_range: ints.value,
  });
}

const TOLERANCE = 1e-6;
const near = (a: number, b: number): boolean => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));

function integerInRange(name: string, v: bigint, d: DescriptorMsg): string | undefined {
  const r = d.integer_range[0];
  if (r === undefined) return undefined;
  if (v < r.from_value || v > r.to_value) {
    return `Parameter {${name}} doesn't comply with integer range: ${v} is not in [${r.from_value}, ${r.to_value}]`;
  }
  if (r.step === 0n || v === r.to_value || (v - r.from_value) % r.step === 0n) return undefined;
  return `Parameter {${name}} doesn't comply with integer range: ${v} is not ${r.from_value} + k * ${r.step}`;
}

function doubleInRange(name: string, v: number, d: DescriptorMsg): string | undefined {
  const r = d.floating_point_range[0];
  if (r === undefined) return undefined;
  if (near(v, r.from_value) || near(v, r.to_value)) return undefined;
  if (v < r.from_value || v > r.to_value || Number.isNaN(v)) {
    return `Parameter {${name}} doesn't comply with floating point range: ${v} is not in [${r.from_value}, ${r.to_value}]`;
  }
  if (r.step === 0) return undefined;
  const k = (v - r.from_value) / r.step;
  if (near(k, Math.round(k))) return undefined;
  return `Parameter {${name}} doesn't comply with floating point range: ${v} is not ${r.from_value} + k * ${r.step}`;
}

/** Why a value of `type` may not replace the current one (undefined: it may). */
export function refusal(
  name: string,
  current: ParameterType,
  type: ParameterType,
  value: ParameterValue | undefined,
  d: DescriptorMsg,
): string | undefined {
  if (!d.dynamic_typing && current !== type) {
    return `Wrong parameter type, parameter {${name}} is of type {${parameterTypeName(current)}}, setting it to {${parameterTypeName(type)}} is not allowed.`;
  }
  if (type === PT.INTEGER) return integerInRange(name, value as bigint, d);
  if (type === PT.DOUBLE) return doubleInRange(name, value as number, d);
  if (type === PT.INTEGER_ARRAY) {
    for (const x of value as bigint[]) {
      const why = integerInRange(name, x, d);
      if (why !== undefined) return why;
    }
  }
  if (type === PT.DOUBLE_ARRAY) {
    for (const x of value as number[]) {
      const why = doubleInRange(name, x, d);
      if (why !== undefined) return why;
    }
  }
  return undefined;
}

/** A copy for callers (the wire form is mutable). */
export function copyDescriptor(d: DescriptorMsg): DescriptorMsg {
  return {
    ...d,
    floating_point_range: d.floating_point_range.map((r) => ({ ...r })),
    integer_range: d.integer_range.map((r) => ({ ...r })),
  };
}

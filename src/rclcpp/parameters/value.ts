/**
 * Parameter values: the JavaScript forms a user passes (bigint is an integer, number a double,
 * so the wire type is never guessed from a number's digits), their type ids, and the
 * conversion to and from rcl_interfaces/msg/ParameterValue.
 */

import { describeValue, err, ok, type ResultOf } from '../../result.js';
import type { ParameterValue as ParameterValueMsg } from '../interfaces/generated/rcl_interfaces/msg.js';

/** rcl_interfaces/msg/ParameterType. */
export const ParameterType = {
  NOT_SET: 0,
  BOOL: 1,
  INTEGER: 2,
  DOUBLE: 3,
  STRING: 4,
  BYTE_ARRAY: 5,
  BOOL_ARRAY: 6,
  INTEGER_ARRAY: 7,
  DOUBLE_ARRAY: 8,
  STRING_ARRAY: 9,
} as const;
export type ParameterType = (typeof ParameterType)[keyof typeof ParameterType];

/** What `ros2 param describe` prints for each type id. */
const TYPE_NAMES = [
  'not set',
  'bool',
  'integer',
  'double',
  'string',
  'byte array',
  'bool array',
  'integer array',
  'double array',
  'string array',
] as const;

export function parameterTypeName(type: number): string {
  return TYPE_NAMES[type] ?? `unknown type ${type}`;
}

/** A parameter's value: bigint = integer, number = double, Uint8Array = byte array; undefined = not set. */
export type ParameterValue =
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | readonly boolean[]
  | readonly bigint[]
  | readonly number[]
  | readonly string[];

/** One parameter as the getters answer it. */
export interface Parameter {
  readonly name: string;
  readonly type: ParameterType;
  /** undefined only when `type` is NOT_SET. */
  readonly value: ParameterValue | undefined;
}

function arrayType(items: readonly unknown[]): ParameterType | undefined {
  const kinds = new Set(items.map((x) => typeof x));
  if (kinds.size !== 1) return undefined;
  switch ([...kinds][0]) {
    case 'boolean':
      return ParameterType.BOOL_ARRAY;
    case 'bigint':
      return ParameterType.INTEGER_ARRAY;
    case 'number':
      return ParameterType.DOUBLE_ARRAY;
    case 'string':
      return ParameterType.STRING_ARRAY;
    default:
      return undefined;
  }
}

/**
 * The type of a value, or InvalidArgument. An empty array has no type of its own: it takes
 * `hint` (the declared type) when that is an array type.
 */
export function typeOfValue(what: string, value: unknown, hint?: ParameterType): ResultOf<ParameterType> {
  if (value === undefined) return ok(ParameterType.NOT_SET);
  switch (typeof value) {
    case 'boolean':
      return ok(ParameterType.BOOL);
    case 'bigint':
      return ok(ParameterType.INTEGER);
    case 'number':
      return ok(ParameterType.DOUBLE);
    case 'string':
      return ok(ParameterType.STRING);
  }
  if (value instanceof Uint8Array) return ok(ParameterType.BYTE_ARRAY);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      if (hint !== undefined && hint >= ParameterType.BYTE_ARRAY) return ok(hint);
      return err('InvalidArgument', `${what}: an empty array has no type; declare the parameter with descriptor.type`);
    }
    const t = arrayType(value);
    if (t !== undefined) return ok(t);
  }
  return err(
    'InvalidArgument',
    `${what} must be a boolean, bigint (integer), number (double), string, Uint8Array or an array of one of them, got ${describeValue(value)}`,
  );
}

/**
 * Fits a value to a declared type where rclcpp's users would expect it: a whole number for an
 * integer parameter, a bigint for a double one; anything else is answered unchanged.
 */
export function coerceValue(value: ParameterValue | undefined, type: ParameterType): ParameterValue | undefined {
  if (type === ParameterType.INTEGER && typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (type === ParameterType.DOUBLE && typeof value === 'bigint') return Number(value);
  if (Array.isArray(value) && value.length > 0) {
    if (type === ParameterType.INTEGER_ARRAY && value.every((x) => typeof x === 'number' && Number.isSafeInteger(x))) {
      return (value as number[]).map((x) => BigInt(x));
    }
    if (type === ParameterType.DOUBLE_ARRAY && value.every((x) => typeof x === 'bigint')) {
      return (value as bigint[]).map((x) => Number(x));
    }
  }
  return value;
}

/** The wire form of a value of a known type. */
export function toValueMsg(type: ParameterType, value: ParameterValue | undefined): ParameterValueMsg {
  const msg: ParameterValueMsg = {
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
  };
  switch (type) {
    case ParameterType.BOOL:
      msg.bool_value = value as boolean;
      break;
    case ParameterType.INTEGER:
      msg.integer_value = value as bigint;
      break;
    case ParameterType.DOUBLE:
      msg.double_value = value as number;
      break;
    case ParameterType.STRING:
      msg.string_value = value as string;
      break;
    case ParameterType.BYTE_ARRAY:
      msg.byte_array_value = Uint8Array.from(value as Uint8Array);
      break;
    case ParameterType.BOOL_ARRAY:
      msg.bool_array_value = [...(value as boolean[])];
      break;
    case ParameterType.INTEGER_ARRAY:
      msg.integer_array_value = [...(value as bigint[])];
      break;
    case ParameterType.DOUBLE_ARRAY:
      msg.double_array_value = [...(value as number[])];
      break;
    case ParameterType.STRING_ARRAY:
      msg.string_array_value = [...(value as string[])];
      break;
  }
  return msg;
}

/** The value a wire form carries, or InvalidArgument for an unknown type id. */
export function fromValueMsg(msg: ParameterValueMsg): ResultOf<Parameter['value']> {
  switch (msg.type) {
    case ParameterType.NOT_SET:
      return ok(undefined);
    case ParameterType.BOOL:
      return ok(msg.bool_value);
    case ParameterType.INTEGER:
      return ok(msg.integer_value);
    case ParameterType.DOUBLE:
      return ok(msg.double_value);
    case ParameterType.STRING:
      return ok(msg.string_value);
    case ParameterType.BYTE_ARRAY:
      return ok(Uint8Array.from(msg.byte_array_value));
    case ParameterType.BOOL_ARRAY:
      return ok([...msg.bool_array_value]);
    case ParameterType.INTEGER_ARRAY:
      return ok([...msg.integer_array_value]);
    case ParameterType.DOUBLE_ARRAY:
      return ok([...msg.double_array_value]);
    case ParameterType.STRING_ARRAY:
      return ok([...msg.string_array_value]);
    default:
      return err('InvalidArgument', `parameter value of unknown type id ${msg.type}`);
  }
}

/** A copy the caller cannot change behind the store's back. */
export function copyValue(value: ParameterValue | undefined): ParameterValue | undefined {
  if (value instanceof Uint8Array) return Uint8Array.from(value);
  if (Array.isArray(value)) return Object.freeze([...value]) as ParameterValue;
  return value;
}

/** Text of a value as `ros2 param get` prints it (`Integer value is: 3`). */
export function formatValue(value: ParameterValue | undefined): string {
  if (value === undefined) return 'not set';
  if (value instanceof Uint8Array) return `[${[...value].join(', ')}]`;
  if (Array.isArray(value)) return `[${value.map((x) => (typeof x === 'string' ? `'${x}'` : String(x))).join(', ')}]`;
  return String(value);
}

/**
 * Parameter values: which JavaScript value is which ROS type, the fitting of a number or bigint
 * to a declared type, the wire form (rcl_interfaces/msg/ParameterValue) both ways, and the text
 * `ros2 param` prints.
 */
import { describe, expect, it } from 'vitest';
import { formatParameterValue, ParameterType, parameterTypeName } from '../../../src/index.js';
import type { ParameterValue as ValueMsg } from '../../../src/rclcpp/interfaces/generated/rcl_interfaces/msg.js';
import {
  coerceValue,
  copyValue,
  fromValueMsg,
  type ParameterValue,
  toValueMsg,
  typeOfValue,
} from '../../../src/rclcpp/parameters/value.js';
import { wireParameterValue } from '../../support/parameter-wire.js';
import { expectErr, unwrap } from '../../support/executor-fixture.js';

const PT = ParameterType;

const wire = wireParameterValue;

describe('parameter type names', () => {
  it('are the words ros2 param describe prints, and name an unknown id by its number', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(parameterTypeName)).toEqual([
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
    ]);
    expect(parameterTypeName(12)).toBe('unknown type 12');
  });
});

describe('the type of a value', () => {
  it('bigint is an integer and number a double, whatever the digits', () => {
    const cases: Array<[unknown, number]> = [
      [undefined, PT.NOT_SET],
      [true, PT.BOOL],
      [false, PT.BOOL],
      [3n, PT.INTEGER],
      [3, PT.DOUBLE],
      [0.5, PT.DOUBLE],
      ['', PT.STRING],
      [new Uint8Array([1, 2]), PT.BYTE_ARRAY],
      [[true, false], PT.BOOL_ARRAY],
      [[1n, 2n], PT.INTEGER_ARRAY],
      [[1, 2.5], PT.DOUBLE_ARRAY],
      [['a', 'b'], PT.STRING_ARRAY],
    ];
    for (const [value, type] of cases) expect(unwrap(typeOfValue('v', value)), String(value)).toBe(type);
  });

  it('refuses mixed arrays, nested arrays, null, objects and other kinds, naming what it got', () => {
    for (const value of [[1n, 2], [true, 'a'], [[1n]], [null], [undefined], null, {}, () => 1, Symbol('s'), [{}]]) {
      const r = typeOfValue("value of parameter 'p'", value);
      expect(expectErr(r), String(value)).toBe('InvalidArgument');
      if (!r.ok) {
        expect(r.error.message).toContain(
          "value of parameter 'p' must be a boolean, bigint (integer), number (double)",
        );
        expect(r.error.message).toContain('got ');
      }
    }
  });

  it('an empty array takes the declared array type, and has none without one', () => {
    expect(unwrap(typeOfValue('v', [], PT.STRING_ARRAY))).toBe(PT.STRING_ARRAY);
    expect(unwrap(typeOfValue('v', [], PT.BYTE_ARRAY))).toBe(PT.BYTE_ARRAY);
    expect(unwrap(typeOfValue('v', [], PT.BOOL_ARRAY))).toBe(PT.BOOL_ARRAY);
    for (const hint of [undefined, PT.STRING, PT.INTEGER]) {
      const r = typeOfValue("default of parameter 'w'", [], hint);
      expect(expectErr(r)).toBe('InvalidArgument');
      if (!r.ok) expect(r.error.message).toContain("default of parameter 'w': an empty array has no type");
    }
  });
});

describe('fitting a value to a declared type', () => {
  it('takes a whole number for an integer and a bigint for a double, and leaves anything else', () => {
    expect(coerceValue(20, PT.INTEGER)).toBe(20n);
    expect(coerceValue(-3, PT.INTEGER)).toBe(-3n);
    expect(coerceValue(2.5, PT.INTEGER)).toBe(2.5);
    expect(coerceValue(2 ** 60, PT.INTEGER)).toBe(2 ** 60);
    expect(coerceValue(7n, PT.DOUBLE)).toBe(7);
    expect(coerceValue(7, PT.DOUBLE)).toBe(7);
    expect(coerceValue(7n, PT.INTEGER)).toBe(7n);
    expect(coerceValue(7, PT.STRING)).toBe(7);
    expect(coerceValue(7n, PT.STRING)).toBe(7n);
    expect(coerceValue(undefined, PT.INTEGER)).toBeUndefined();
  });

  it('fits arrays element-wise only when every element fits', () => {
    expect(coerceValue([1, 2], PT.INTEGER_ARRAY)).toEqual([1n, 2n]);
    expect(coerceValue([1, 2.5], PT.INTEGER_ARRAY)).toEqual([1, 2.5]);
    expect(coerceValue([1, 2 ** 60], PT.INTEGER_ARRAY)).toEqual([1, 2 ** 60]);
    expect(coerceValue([1n, 2n], PT.DOUBLE_ARRAY)).toEqual([1, 2]);
    expect(coerceValue([1n, 2] as never, PT.DOUBLE_ARRAY)).toEqual([1n, 2]);
    expect(coerceValue([1, 2], PT.DOUBLE_ARRAY)).toEqual([1, 2]);
    expect(coerceValue([1n, 2n], PT.INTEGER_ARRAY)).toEqual([1n, 2n]);
    expect(coerceValue([1, 2], PT.STRING_ARRAY)).toEqual([1, 2]);
    expect(coerceValue([1n], PT.INTEGER)).toEqual([1n]);
    expect(coerceValue([], PT.INTEGER_ARRAY)).toEqual([]);
    expect(coerceValue('ab', PT.INTEGER_ARRAY)).toBe('ab');
    expect(coerceValue('ab', PT.DOUBLE_ARRAY)).toBe('ab');
  });
});

describe('the wire form', () => {
  const values: Array<[number, ParameterValue | undefined, Partial<ValueMsg>]> = [
    [PT.NOT_SET, undefined, {}],
    [PT.BOOL, true, { bool_value: true }],
    [PT.INTEGER, -5n, { integer_value: -5n }],
    [PT.DOUBLE, 2.5, { double_value: 2.5 }],
    [PT.STRING, 'hi', { string_value: 'hi' }],
    [PT.BYTE_ARRAY, new Uint8Array([1, 255]), { byte_array_value: new Uint8Array([1, 255]) }],
    [PT.BOOL_ARRAY, [true, false], { bool_array_value: [true, false] }],
    [PT.INTEGER_ARRAY, [1n, -2n], { integer_array_value: [1n, -2n] }],
    [PT.DOUBLE_ARRAY, [0.5, 1], { double_array_value: [0.5, 1] }],
    [PT.STRING_ARRAY, ['a', 'b'], { string_array_value: ['a', 'b'] }],
  ];

  it('fills the one field of the type and leaves the others at their defaults', () => {
    for (const [type, value, fields] of values) {
      expect(toValueMsg(type as ParameterType, value), parameterTypeName(type)).toEqual(wire(type, fields));
    }
  });

  it('reads back the value the field of the type carries, ignoring the other fields', () => {
    const noise: Partial<ValueMsg> = {
      bool_value: true,
      integer_value: 9n,
      double_value: 9.5,
      string_value: 'noise',
      byte_array_value: new Uint8Array([9]),
      bool_array_value: [true],
      integer_array_value: [9n],
      double_array_value: [9.5],
      string_array_value: ['noise'],
    };
    for (const [type, value, fields] of values) {
      expect(unwrap(fromValueMsg(wire(type, { ...noise, ...fields }))), parameterTypeName(type)).toEqual(
        type === PT.NOT_SET ? undefined : value,
      );
    }
  });

  it('answers InvalidArgument naming an unknown type id', () => {
    const r = fromValueMsg(wire(10));
    expect(expectErr(r)).toBe('InvalidArgument');
    if (!r.ok) expect(r.error.message).toBe('parameter value of unknown type id 10');
  });

  it('copies arrays both ways, so the message and the value do not share storage', () => {
    const bytes = new Uint8Array([1, 2]);
    const list = [1n, 2n];
    const msg = toValueMsg(PT.BYTE_ARRAY, bytes);
    const ints = toValueMsg(PT.INTEGER_ARRAY, list);
    bytes[0] = 9;
    list.push(3n);
    expect([...msg.byte_array_value]).toEqual([1, 2]);
    expect(ints.integer_array_value).toEqual([1n, 2n]);
    const back = unwrap(fromValueMsg(msg)) as Uint8Array;
    msg.byte_array_value[1] = 7;
    expect([...back]).toEqual([1, 2]);
  });
});

describe('copies of stored values', () => {
  it('are independent of the caller: bytes copied, arrays copied and frozen, scalars as they are', () => {
    const bytes = new Uint8Array([1, 2]);
    const copy = copyValue(bytes) as Uint8Array;
    bytes[0] = 5;
    expect([...copy]).toEqual([1, 2]);
    const list = ['a'];
    const frozen = copyValue(list) as string[];
    list.push('b');
    expect(frozen).toEqual(['a']);
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(copyValue(3n)).toBe(3n);
    expect(copyValue(undefined)).toBeUndefined();
  });
});

describe('formatted values', () => {
  it('print as ros2 param get prints them', () => {
    expect(formatParameterValue(undefined)).toBe('not set');
    expect(formatParameterValue(true)).toBe('true');
    expect(formatParameterValue(5n)).toBe('5');
    expect(formatParameterValue(0.5)).toBe('0.5');
    expect(formatParameterValue('text')).toBe('text');
    expect(formatParameterValue(new Uint8Array([1, 2, 255]))).toBe('[1, 2, 255]');
    expect(formatParameterValue(['a', 'b c'])).toBe("['a', 'b c']");
    expect(formatParameterValue([1n, 2n])).toBe('[1, 2]');
    expect(formatParameterValue([true, false])).toBe('[true, false]');
    expect(formatParameterValue([])).toBe('[]');
  });
});

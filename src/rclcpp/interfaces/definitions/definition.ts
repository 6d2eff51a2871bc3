/** The parsed form of `.msg` / `.srv` / `.action` files that the hash and the emitter read. */

/** Wire size in bytes of each primitive (strings: 0, they are length-prefixed). */
export const PRIMITIVE_SIZE = {
  bool: 1,
  byte: 1,
  char: 1,
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  int64: 8,
  uint64: 8,
  float32: 4,
  float64: 8,
  string: 0,
  wstring: 0,
} as const;

export type PrimitiveName = keyof typeof PRIMITIVE_SIZE;

export function isPrimitive(name: string): name is PrimitiveName {
  return Object.hasOwn(PRIMITIVE_SIZE, name);
}

export const ARRAY_KIND = { none: 'none', fixed: 'fixed', bounded: 'bounded', unbounded: 'unbounded' } as const;
export type ArrayKind = (typeof ARRAY_KIND)[keyof typeof ARRAY_KIND];

export interface FieldType {
  /** A primitive name, or the full name of a nested type (`geometry_msgs/msg/Vector3`). */
  readonly base: string;
  readonly nested: boolean;
  /** `string<=N`: N; 0 when unbounded. */
  readonly stringBound: number;
  readonly array: ArrayKind;
  /** Fixed array length or sequence bound; 0 for unbounded or no array. */
  readonly size: number;
}

export type ScalarValue = boolean | number | bigint | string;
export type DefaultValue = ScalarValue | readonly ScalarValue[];

/** Where a definition came from, for error sentences (`file:line`). */
export interface SourceLine {
  readonly file: string;
  readonly line: number;
}

export interface FieldDef extends SourceLine {
  readonly name: string;
  readonly type: FieldType;
  readonly defaultValue: DefaultValue | undefined;
}

export interface ConstantDef extends SourceLine {
  readonly name: string;
  readonly type: PrimitiveName;
  readonly value: ScalarValue;
}

/** One structure: a message, or a generated part (`X_Request`, `X_Goal`, `X_SendGoal_Event`...). */
export interface StructDef extends SourceLine {
  readonly typeName: string;
  readonly fields: readonly FieldDef[];
  readonly constants: readonly ConstantDef[];
  /** A service or action description: hashed, never put on the wire. */
  readonly description?: boolean;
}

/** What a `.msg`, `.srv` or `.action` file defines, with its generated parts. */
export interface InterfaceDef extends SourceLine {
  readonly kind: 'msg' | 'srv' | 'action';
  /** `pkg/kind/Name` */
  readonly typeName: string;
  readonly pkg: string;
  readonly name: string;
  /** Every structure it brings (for a service: Request, Response, Event; for an action: all of its parts). */
  readonly structs: readonly StructDef[];
}

/** An error in a definition, with its place. */
export interface DefinitionError {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export class DefinitionFailure extends Error {
  constructor(readonly errors: readonly DefinitionError[]) {
    super(errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n'));
  }
}

export function typeNameParts(typeName: string): { pkg: string; kind: string; name: string } {
  const [pkg = '', kind = '', name = ''] = typeName.split('/');
  return { pkg, kind, name };
}

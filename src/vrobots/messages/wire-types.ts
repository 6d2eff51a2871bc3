/**
 * The protobuf wire type of each scalar the vrobots codecs write and read directly
 * (encode-direct.ts, decode-direct.ts): 0 varint, 1 eight bytes, 2 length-delimited, 5 four
 * bytes. A scalar type missing here (sint*, fixed*) sends its message through pbjs instead.
 */
export const SCALAR_WIRE_TYPES: Readonly<Record<string, number>> = {
  double: 1,
  float: 5,
  int32: 0,
  uint32: 0,
  bool: 0,
  string: 2,
  bytes: 2,
  int64: 0,
  uint64: 0,
};

/** Enums go on the wire as int32 varints. */
export const ENUM_WIRE_TYPE = 0;
/** Strings, bytes, sub-messages and packed repeated scalars: a length, then that many bytes. */
export const LENGTH_DELIMITED = 2;

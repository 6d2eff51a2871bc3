/**
 * Interface definitions at run time: the `.msg` / `.srv` / `.action` parser, the generated
 * service and action parts, and the text RIHS01 hashes are computed over. The run-time type
 * registry (src/rclcpp/generic) and the interface compiler (a tool, src/interface-compiler) both
 * build on it; it lives in the runtime area so that a library floor never imports the tool.
 */

export type {
  ArrayKind,
  ConstantDef,
  DefaultValue,
  DefinitionError,
  FieldDef,
  FieldType,
  InterfaceDef,
  PrimitiveName,
  ScalarValue,
  SourceLine,
  StructDef,
} from './definition.js';
export { ARRAY_KIND, DefinitionFailure, isPrimitive, PRIMITIVE_SIZE, typeNameParts } from './definition.js';
export { checkReferences, type InterfaceFile, parseInterfaceFile } from './interface-set.js';
export { findPackageDirsIn, type PackageFileSystem, readInterfaceDirsIn, readPackageIn } from './package-files.js';
export { type ParsedSection, parseFieldType, parseSections, TYPE_NAME } from './parse-definition.js';
export { parseScalar, splitArrayLiteral } from './parse-values.js';
export { parseAll, structTable } from './struct-table.js';
export { EMPTY_STRUCT_MEMBER, fieldTypeId, hashedDescription, referencedTypes } from './type-description.js';

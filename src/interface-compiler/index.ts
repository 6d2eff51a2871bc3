/**
 * `rclts/interfaces`: the interface compiler as a library, Node only (it reads and writes
 * files). `generateInterfaces` is what `rclts interfaces generate` runs; the parser, the
 * REP-2016 type hash and the parsed definitions are what tools that meet a type only when they
 * run build on (the `rclts` CLI's `--interfaces`). Generated modules import
 * `rclts/interfaces/runtime` and the bundled packages from `rclts/msgs/<pkg>/codec`.
 * Not a library floor: nothing in the runtime imports it (`npm run deps`).
 */

export { parseAll, structTable } from './compile.js';
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
  StructDef,
} from '../rclcpp/interfaces/definitions/index.js';
export { ARRAY_KIND } from '../rclcpp/interfaces/definitions/index.js';
export {
  bundledInterfacesDir,
  formatDefinitionErrors,
  type GenerateOptions,
  type GenerateReport,
  generateInterfaces,
  readInterfaceDirs,
} from './generate.js';
export type { InterfaceFile } from '../rclcpp/interfaces/definitions/index.js';
export { typeHash } from './type-hash.js';
export type { ActionClass, DeepPartial, MessageClass, ServiceClass } from '../rclcpp/interfaces/runtime/index.js';

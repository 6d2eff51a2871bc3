/**
 * `rclts/interfaces`: the interface generator as a library (what `rclts interfaces generate`
 * runs). Node only: it reads and writes files. Generated modules import `rclts/interfaces/runtime`
 * and the bundled packages from `rclts/msgs/<pkg>/codec`.
 */
export type { DefinitionError } from './compiler/definition.js';
export {
  formatDefinitionErrors,
  type GenerateOptions,
  type GenerateReport,
  generateInterfaces,
} from './generate.js';
export type { ActionClass, DeepPartial, MessageClass, ServiceClass } from './runtime/index.js';

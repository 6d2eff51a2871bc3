/**
 * REP-2016 type hashes (RIHS01): `RIHS01_` + SHA-256 hex of the description text of
 * `rclts/interfaces/definitions` (type-description.ts, where the rules are).
 */

import { createHash } from 'node:crypto';
import { type StructDef, hashedDescription } from '../rclcpp/interfaces/definitions/index.js';

export {
  EMPTY_STRUCT_MEMBER,
  fieldTypeId,
  hashedDescription,
  referencedTypes,
} from '../rclcpp/interfaces/definitions/index.js';

export function typeHash(root: StructDef, structs: ReadonlyMap<string, StructDef>): string {
  return `RIHS01_${createHash('sha256').update(hashedDescription(root, structs), 'utf8').digest('hex')}`;
}

/** Interface files on disk through node:fs (the rules are in rclts's package-files.ts). */

import * as fs from 'node:fs';
import { findPackageDirsIn, type InterfaceFile, readPackageIn } from '../rclcpp/interfaces/definitions/index.js';

/** Package folders under `dir` (itself if it is one), sorted by name. */
export function findPackageDirs(dir: string): string[] {
  return findPackageDirsIn(fs, dir);
}

export function readPackage(dir: string): InterfaceFile[] {
  return readPackageIn(fs, dir);
}

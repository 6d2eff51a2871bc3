/** The bundled packages as modules under src/rclcpp/interfaces/generated (see scripts/generate-interfaces.ts). */

import type { ResultOf } from '../result.js';
import type { CompiledSet } from './compile.js';
import { compileInterfaceDirs } from './generate.js';

/** Runtime and sibling packages as seen from `msgs/<pkg>/`. */
export function bundledModules(interfacesDir: string): ResultOf<CompiledSet> {
  return compileInterfaceDirs([interfacesDir], [], {
    runtime: '../../runtime/index.js',
    codec: (pkg) => `../${pkg}/codec.js`,
  });
}

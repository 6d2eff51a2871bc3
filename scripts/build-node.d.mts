// Types of build-node.mjs.
/** `name` (below dist/node, no extension) -> tsc's JavaScript file, for every export of the package. */
export function nodeEntries(distDir?: string): Record<string, string>;
/** Bundles the package's Node entries into `distDir`/node (default dist/); answers the files written. */
export function buildNodeBundles(distDir?: string): Promise<string[]>;

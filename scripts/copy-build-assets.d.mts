// Types of copy-build-assets.mjs.
/** Copies the generated files into `distDir` (tsc's outDir, default dist/); returns how many. */
export function copyBuildAssets(distDir?: string): number;

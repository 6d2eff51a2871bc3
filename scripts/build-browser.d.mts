// Types of build-browser.mjs.
export function buildBrowserBundle(options?: {
  outDir?: string;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}): Promise<string>;

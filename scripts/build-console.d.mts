// Types of build-console.mjs.
export const CONSOLE_SOURCE_DIR: string;
export const CONSOLE_OUT_DIR: string;
export function buildConsole(options?: {
  outDir?: string;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}): Promise<string>;

// Types of vite-rclts-browser.mjs.
import type { Plugin } from 'vite';
export function rcltsBrowser(): Plugin;
export function wasmModuleSource(bytes: Uint8Array, fromDir: string): string;

/**
 * The few things that differ between Node and a browser page, answered in one place so that
 * no floor touches a Node global (process, setImmediate) on the browser path.
 */

interface NodeProcessLike {
  readonly pid: number;
  readonly versions: { readonly node?: string };
  readonly hrtime: { bigint(): bigint };
}

function nodeProcess(): NodeProcessLike | undefined {
  const candidate = (globalThis as { process?: Partial<NodeProcessLike> }).process;
  return typeof candidate?.versions?.node === 'string' && typeof candidate.pid === 'number'
    ? (candidate as NodeProcessLike)
    : undefined;
}

// A page has no pid; a random tag keeps node names of two tabs on one router apart.
const pageTag = Math.floor(Math.random() * 1_000_000_000);

/** The process id under Node; in a page, a random number fixed for the page's life. */
export function hostId(): number {
  return nodeProcess()?.pid ?? pageTag;
}

/** The Node version, or `browser` in a page. */
export function hostVersion(): string {
  return nodeProcess()?.versions.node ?? 'browser';
}

/** Monotonic nanoseconds: process.hrtime under Node, performance.now() elsewhere. */
export function monotonicNs(): bigint {
  const proc = nodeProcess();
  if (proc !== undefined) return proc.hrtime.bigint();
  return BigInt(Math.round(performance.now() * 1e6));
}

// In a page, setTimeout(0) is clamped to 4 ms once nested; a message port task is not.
let channel: MessageChannel | undefined;
const waiting: Array<() => void> = [];

function postTask(resolve: () => void): void {
  if (channel === undefined) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  waiting.push(resolve);
  channel.port2.postMessage(undefined);
}

/** Resolves on a new macrotask, after pending I/O callbacks have had their turn. */
export function nextMacrotask(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else postTask(resolve);
  });
}

/**
 * A Node built-in by id (`node:fs`), fetched synchronously only when asked for; undefined in a
 * page or in a Node without `process.getBuiltinModule` (before 20.16).
 */
export function nodeBuiltin(id: string): unknown {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof proc?.getBuiltinModule === 'function' ? proc.getBuiltinModule(id) : undefined;
}

// Types of zenoh-router-lib.mjs (plain JS so `node scripts/zenoh-router.mjs` needs no build).

export type InstallResult =
  | { ok: true; binary: string; version: string; built: boolean; buildMs?: number }
  | { ok: false; message: string };

export interface StartRouterOptions {
  /** WebSocket port for zenoh-ts on 127.0.0.1; a free one when left out. */
  wsPort?: number;
  /** TCP listener port for zenoh peers/routers on 127.0.0.1; a free one when left out. */
  tcpPort?: number;
  /** Router binary; defaults to the cached build of the pinned release. */
  binary?: string;
  /** How long to wait for the WebSocket to accept (default 20000 ms). */
  readyBudgetMs?: number;
  /** Locators of other routers to join, e.g. 'tcp/127.0.0.1:7447'. */
  connect?: string[];
  /** 'peer' (the bridge's default) or 'router' (forwards between the routers it links: a mesh). */
  mode?: 'peer' | 'router';
  /** zenoh config entries, path -> value (e.g. { 'transport/auth/usrpwd/user': 'sim' }), each passed as --cfg. */
  config?: Record<string, unknown>;
  /** CLI use: the router outlives this process, output goes to logFile. */
  detached?: boolean;
  logFile?: string;
}

export interface RunningRouter {
  /** `ws/127.0.0.1:PORT`, what rclts and zenoh-ts connect to. */
  readonly locator: string;
  readonly pid: number;
  readonly wsPort: number;
  readonly tcpPort: number;
  readonly binary: string;
  /** Spawn until the WebSocket accepted. */
  readonly startupMs: number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** SIGTERM, SIGKILL after 5 s; resolves once it is gone. */
  stop(): Promise<void>;
  /** Ends it abruptly (SIGKILL by default), as a crash or router loss would. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function pinnedZenohVersion(): string;
export function routerCacheDir(): string;
export function routerBinaryPath(version?: string): string;
export function routerRunDir(): string;
export function binaryVersion(binary: string): string | undefined;
export function freePort(): Promise<number>;
export function installRouter(options?: { version?: string; log?: (line: string) => void }): Promise<InstallResult>;
/** Rejects with an Error naming the problem (port in use, binary missing, not up in time); no process is left. */
export function startRouter(options?: StartRouterOptions): Promise<RunningRouter>;
export function recordRouter(router: RunningRouter): string;
export function stopRouter(
  target?: RunningRouter | { wsPort?: number },
): Promise<Array<{ pid: number; locator: string }>>;

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
  /** TLS on the remote-api WebSocket (the plugin's secure_websocket): the locator becomes wss/. */
  wss?: { certificate: string; privateKey: string };
  /**
   * A WebSocket gate (scripts/zenoh-router-gate.mjs) on wsPort in front of the plugin, which
   * then listens on a loopback port of its own: browsers' Origin must be in `origins`, and
   * with `token` every handshake must carry ?token=. With `wss`, the gate terminates TLS.
   */
  gate?: { origins?: string[]; token?: string; onRefused?: (why: string) => void };
  /** TLS on the router's zenoh links (listens on tls/ instead of tcp/; connect to tls/ locators). */
  linkTls?: LinkTls;
  /** The zenoh link listener's protocol: 'tls' with linkTls (or a config file's TLS settings), else 'tcp'. */
  listenProtocol?: 'tcp' | 'tls';
  /** A zenoh config file (JSON5) loaded first; listen, connect and the WebSocket port given here override its own. */
  configFile?: string;
  /**
   * Threads of the bridge's own runtime, where the remote-api plugin serves its WebSockets
   * (TOKIO_WORKER_THREADS). Default: the caller's TOKIO_WORKER_THREADS, else ROUTER_WORKER_THREADS (1).
   */
  workerThreads?: number;
  /** CLI use: the router outlives this process, output goes to logFile. */
  detached?: boolean;
  logFile?: string;
}

export interface LinkTls {
  /** PEM file of the CA that signed the other routers' certificates. */
  ca: string;
  /** This router's certificate and key (PEM files). */
  certificate: string;
  privateKey: string;
  /** Mutual TLS: demand a certificate of `ca` from routers that connect, and show ours. */
  mutual?: boolean;
}

export interface RunningRouter {
  /** `ws/127.0.0.1:PORT` (`wss/` with `wss`), what rclts and zenoh-ts connect to. */
  readonly locator: string;
  /** What other routers connect to: `tcp/127.0.0.1:PORT`, or `tls/...` with `linkTls`. */
  readonly linkLocator: string;
  readonly pid: number;
  readonly wsPort: number;
  /** Where the plugin listens: wsPort, or the loopback port behind the gate. */
  readonly pluginPort: number;
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

/** The default of StartRouterOptions.workerThreads, and why it is 1: zenoh-router-lib.mjs. */
export const ROUTER_WORKER_THREADS: number;
export function pinnedZenohVersion(): string;
export function routerCacheDir(): string;
export function routerBinaryPath(version?: string): string;
export function routerRunDir(): string;
export function binaryVersion(binary: string): string | undefined;
export function freePort(): Promise<number>;
export function installRouter(options?: { version?: string; log?: (line: string) => void }): Promise<InstallResult>;
/** Rejects with an Error naming the problem (port in use, binary missing, not up in time); no process is left. */
export function startRouter(options?: StartRouterOptions): Promise<RunningRouter>;
/** The zenoh config entries (path -> value) of TLS links. */
export function linkTlsConfig(tls: LinkTls | undefined): Record<string, unknown>;
/** The zenoh config entries of user/password authentication: demand (dictionaryFile) and present (user, password). */
export function usrpwdConfig(options?: {
  dictionaryFile?: string;
  user?: string;
  password?: string;
}): Record<string, unknown>;
/** zenoh's access_control object for the vrobots simulator's router, toward its clients' routers. */
export function vrobotsSimulatorAcl(clients: {
  usernames?: string[];
  certCommonNames?: string[];
}): Record<string, unknown>;
export function recordRouter(router: RunningRouter): string;
export function stopRouter(
  target?: RunningRouter | { wsPort?: number },
): Promise<Array<{ pid: number; locator: string }>>;

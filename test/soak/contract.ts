// The shared shape between the soak harness (test/soak/*.ts) and the fault injectors and actors
// (test/soak/faults/**, test/soak/actors/**), so both sides can be written at the same time.
// The harness loads `test/soak/faults/index.ts` (exporting `faults: SoakFault[]`) and
// `test/soak/actors/index.ts` (exporting `createActors(): SoakActor[]`) when they exist.

/** One zenoh router the harness started on loopback; restart() brings it back on the same ports. */
export interface SoakRouter {
  readonly name: string;
  /** ws://127.0.0.1:PORT, the remote-api plugin's WebSocket. */
  readonly wsUrl: string;
  /** tcp/127.0.0.1:PORT, the router's zenoh listener (router B connects to router A's). */
  readonly tcpEndpoint: string;
  /** Changes after restart(). */
  readonly pid: number;
  kill(signal: NodeJS.Signals): void;
  /** Starts the router again (after a SIGKILL) on the same ports; resolves once its WebSocket accepts. */
  restart(): Promise<void>;
}

export interface SoakContext {
  readonly seed: number;
  /** A seeded PRNG in [0, 1): the only randomness a fault or actor may use. */
  readonly random: () => number;
  /** At least two, meshed: routers[1] connects to routers[0]. */
  readonly routers: readonly SoakRouter[];
  /** Date.now() by which everything stops. */
  readonly deadlineMs: number;
  /** Progress output. */
  log(line: string): void;
  /**
   * The churn processes' pids a fault may kill (it then calls restartWorker). Worker 0 is not
   * among them: it lives the whole run, so that one rclts process's memory is judged over all
   * of it however many of the others a fault replaced.
   */
  workerPids(): readonly number[];
  /** Replaces a killed worker; that worker's in-flight work is excluded from loss counts. */
  restartWorker(pid: number): Promise<void>;
}

/** A fault's time window; samples lost inside it (plus a grace period) are counted apart. */
export interface FaultWindow {
  readonly fault: string;
  readonly startMs: number;
  endMs: number;
  /** From restoring the fault to traffic flowing again, when the fault measures it. */
  reconnectMs?: number;
  detail?: string;
}

export interface SoakFault {
  readonly name: string;
  /** Injects the fault and returns once it is restored. */
  inject(ctx: SoakContext): Promise<FaultWindow>;
}

export interface ActorReport {
  readonly name: string;
  readonly rows: Readonly<Record<string, number | string>>;
  /** Anything that breaks the contract; the soak fails when any actor reports one. */
  readonly failures: readonly string[];
}

export interface SoakActor {
  readonly name: string;
  start(ctx: SoakContext): Promise<void>;
  /** Numbers for the progress line. */
  sample?(): Record<string, number>;
  stop(): Promise<ActorReport>;
  /** Processes the actor started (for RSS sampling). */
  pids?(): readonly number[];
}

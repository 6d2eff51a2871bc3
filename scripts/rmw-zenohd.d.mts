// Types of rmw-zenohd.mjs.

export const RMW_ZENOH_VERSION: '0.6.6';

export function rmwZenohDir(env?: NodeJS.ProcessEnv): string;
export function rmwZenohReady(dir: string): boolean;

export interface RunningRmwZenohd {
  /** Where rmw_zenoh nodes and bridges connect (tcp/127.0.0.1:PORT). */
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** Rejects when the binary is missing or it does not accept TCP within the budget (default 20000 ms). */
export function startRmwZenohd(dir: string, options?: { listenBudgetMs?: number }): Promise<RunningRmwZenohd>;

/**
 * The soak's actors: the vrobots swarm (actors/swarm.ts) and the web console in headless
 * Chromium (actors/web-console.ts). Each starts its own processes and reports them in pids()
 * for memory sampling; stop() answers its rows and any broken rule in `failures`.
 */
import type { SoakActor } from '../contract.js';
import { createSwarmActor, type SwarmOptions } from './swarm.js';
import { createWebConsoleActor } from './web-console.js';

export { createSwarmActor, judgeSwarm, type SwarmOptions } from './swarm.js';
export { createWebConsoleActor } from './web-console.js';

export interface ActorOptions {
  readonly swarm?: SwarmOptions | false;
  /** false leaves the browser out (no Chromium on the machine). */
  readonly webConsole?: boolean;
}

export function createActors(options: ActorOptions = {}): SoakActor[] {
  const actors: SoakActor[] = [];
  if (options.swarm !== false) actors.push(createSwarmActor(options.swarm ?? {}));
  if (options.webConsole !== false) actors.push(createWebConsoleActor());
  return actors;
}

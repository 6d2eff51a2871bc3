/**
 * The soak's fault injectors. Each inject() picks what it hits from ctx.random, applies the
 * fault, restores it, and answers the FaultWindow with the reconnection time a mesh probe
 * measured (faults/mesh-probe.ts). Faults are meant to run one at a time.
 *
 * The mesh-link cut needs a LinkProxy the harness puts between the routers (faults/link-proxy.ts:
 * router B connects to `proxy.endpoint`): pass it as createFaults({ linkProxy }); without one
 * that fault answers a window saying NOT INJECTED. linkFlapFault (ss -K, no proxy) is not in
 * the default set: it can leave sessions opened before it without cross-router traffic
 * (a zenoh router finding, docs/reliability.md).
 */
import type { SoakFault } from '../contract.js';
import { linkCutFault } from './link-cut.js';
import type { LinkProxy } from './link-proxy.js';
import { malformedPeerFault } from './malformed-peer.js';
import { routerFreezeFault } from './router-freeze.js';
import { routerKillFault } from './router-kill.js';
import { workerKillFault } from './worker-kill.js';

export { linkFlapFault } from './link-cut.js';
export type { LinkProxy } from './link-proxy.js';
export { startLinkProxy } from './link-proxy.js';
export { MeshProbe } from './mesh-probe.js';

export interface FaultOptions {
  /** Router B's link to A when the harness runs one (see link-proxy.ts). */
  readonly linkProxy?: LinkProxy | undefined;
  /** The venv python with eclipse-zenoh; default: .venv-interop/bin/python at the repository root. */
  readonly python?: string | undefined;
  /** How long the malformed peer injects, ms. Default 3000. */
  readonly malformedMs?: number | undefined;
}

export function createFaults(options: FaultOptions = {}): SoakFault[] {
  return [
    routerKillFault(),
    routerFreezeFault(),
    linkCutFault(options.linkProxy),
    workerKillFault(),
    malformedPeerFault({ python: options.python, injectMs: options.malformedMs }),
  ];
}

/** The default set without a link proxy: createFaults({ linkProxy }) is the one to use. */
export const faults: SoakFault[] = createFaults();

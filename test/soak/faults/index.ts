/**
 * The soak's fault injectors. Each inject() picks what it hits from ctx.random, applies the
 * fault, restores it, and answers the FaultWindow with the reconnection time a mesh probe
 * measured (faults/mesh-probe.ts). Faults are meant to run one at a time.
 *
 * The mesh-link cut is cleanest through a LinkProxy the harness puts between the routers
 * (faults/link-proxy.ts: router B connects to `proxy.endpoint`); without one it resets the
 * routers' TCP links with `ss -K`.
 */
import type { SoakFault } from '../contract.js';
import { linkCutFault } from './link-cut.js';
import type { LinkProxy } from './link-proxy.js';
import { malformedPeerFault } from './malformed-peer.js';
import { routerFreezeFault } from './router-freeze.js';
import { routerKillFault } from './router-kill.js';
import { workerKillFault } from './worker-kill.js';

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
    linkCutFault({ linkProxy: options.linkProxy }),
    workerKillFault(),
    malformedPeerFault({ python: options.python, injectMs: options.malformedMs }),
  ];
}

/** The default set (the link cut through `ss -K`); createFaults({ linkProxy }) for the proxy. */
export const faults: SoakFault[] = createFaults();

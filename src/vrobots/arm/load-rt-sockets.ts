/**
 * Loads the Node sockets of the real-time stream with a dynamic import, once: the only way
 * src/vrobots reaches node:dgram and node:net, so a browser never loads them.
 */
import { hostVersion } from '../../host.js';
import { err, ok, type ResultOf } from '../../result.js';
import type { RtSockets } from './rt-link.js';

/**
 * Held in a variable (and marked for Vite) so that bundlers leave the import alone: the
 * browser bundle then carries no Node module, and the import fails there at run time.
 */
const NODE_SOCKETS = './node/rt-sockets.js';

const UNSUPPORTED = 'the real-time stream needs Node (node:dgram, node:net); this runtime has neither';

let loaded: Promise<ResultOf<RtSockets>> | undefined;

/** The Node sockets, loaded once; Unsupported where Node's modules do not exist (a browser). */
export function loadRtSockets(): Promise<ResultOf<RtSockets>> {
  // A page would try to fetch the module (a 404 in its console): do not even ask.
  if (hostVersion() === 'browser') return Promise.resolve(err('Unsupported', UNSUPPORTED));
  loaded ??= (import(/* @vite-ignore */ NODE_SOCKETS) as Promise<{ NODE_RT_SOCKETS: RtSockets }>).then(
    (m): ResultOf<RtSockets> => ok(m.NODE_RT_SOCKETS),
    (): ResultOf<RtSockets> => err('Unsupported', UNSUPPORTED),
  );
  return loaded;
}

/**
 * Loads the Node sockets of the real-time stream with a dynamic import, once: the only way
 * src/vrobots reaches node:dgram and node:net, so a browser never loads them.
 */
import { err, ok, type ResultOf } from '../../result.js';
import type { RtSockets } from './rt-link.js';

let loaded: Promise<ResultOf<RtSockets>> | undefined;

/** The Node sockets, loaded once; Unsupported where Node's modules do not exist (a browser). */
export function loadRtSockets(): Promise<ResultOf<RtSockets>> {
  loaded ??= import('./node/rt-sockets.js').then(
    (m): ResultOf<RtSockets> => ok(m.NODE_RT_SOCKETS),
    (): ResultOf<RtSockets> =>
      err('Unsupported', 'the real-time stream needs Node (node:dgram, node:net); this runtime has neither'),
  );
  return loaded;
}

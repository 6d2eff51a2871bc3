/**
 * Certificate checking of a `wss/` router on the rclts side, and which connection failures
 * are final. Node checks the router's certificate against its default roots, or against the
 * CA of `caFile` when given (a private CA, the usual case for a robot fleet); a browser always
 * uses the system's trust store. A refused certificate, an impossible TLS handshake or a
 * handshake refused by a WebSocket gate is final: the attempt ends at once with a sentence
 * saying why, instead of zenoh-ts retrying until the connect budget runs out.
 */
import { describeThrown, describeValue, err, ok, type ResultOf } from '../../../result.js';
import type { RouterTls } from '../../router-locator.js';
import { trustOptions } from './zenoh-ts-host.js';

/** The WebSocket options of `tls`, or undefined for the runtime's defaults. */
export async function socketOptionsOf(tls: RouterTls | undefined): Promise<ResultOf<object | undefined>> {
  if (tls === undefined || tls.caFile === undefined) return ok(undefined);
  try {
    return ok(await trustOptions(tls.caFile));
  } catch (thrown) {
    return err('InvalidArgument', `tls.caFile ${describeValue(tls.caFile)} cannot be used: ${describeThrown(thrown)}`);
  }
}

const CERTIFICATE_CODES = /CERT|SIGNATURE|SELF_SIGNED|ALTNAME|ISSUER/;
const HANDSHAKE_CODES = /^(EPROTO|ERR_SSL_|ERR_TLS_)/;

/**
 * The sentence for a socket error that retrying cannot fix (the router's certificate refused,
 * a TLS handshake that cannot work, e.g. wss/ to a plain ws/ port, or a WebSocket gate that
 * refused the handshake), else undefined.
 */
export function finalSocketFailure(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' ? code : '';
  const message = describeThrown(error);
  if (CERTIFICATE_CODES.test(text)) {
    return `the router's TLS certificate was refused (${text}: ${message}); check that tls.caFile names the CA that signed it and that the locator's host is one the certificate names`;
  }
  // A plain ws/ port answers a TLS hello by closing: Node says "...before secure TLS connection was established".
  if (HANDSHAKE_CODES.test(text) || /secure TLS connection/.test(message)) {
    return `the TLS handshake with the router failed (${text}: ${message}); is the router's WebSocket TLS (wss/) and the locator's scheme right?`;
  }
  const refused = /Unexpected server response: (401|403)\b/.exec(message);
  if (refused !== null) {
    return `the router's WebSocket refused this client (HTTP ${refused[1]}): a gate in front of it allows only listed Origins and, when it asks for one, a token (?token= in the locator)`;
  }
  return undefined;
}

/**
 * The one router-locator rule, used by every entry point that takes a router
 * (`Executor.create`, `VirtualRobot.connect`, the vrobots CLI `--router`).
 *
 * rclts reaches zenoh only through a router's remote-api plugin, a WebSocket; so the locator
 * is what zenoh-ts opens: the zenoh canon form `ws/HOST:PORT[?metadata]` or the URL form
 * `ws://HOST:PORT[/path][?query]` (`wss` for both). HOST is a name, an IPv4 address or a
 * bracketed IPv6 address; PORT is 1..65535. A fragment is refused: connect-attempt marks its
 * sockets with one. The vendor's native locators (`tcp/`, `udp/`, `quic/`, `tls/`, a bare
 * `HOST:PORT`) get a sentence saying how to reach that router instead.
 */
import { describeValue, err, ok, type ResultOf } from '../result.js';

export interface RouterLocator {
  /** The locator as given (zenoh-ts opens both forms). */
  readonly locator: string;
  readonly secure: boolean;
  /** As written, brackets kept for IPv6. */
  readonly host: string;
  readonly port: number;
}

const HOST = String.raw`(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)`;
const CANON = new RegExp(String.raw`^(wss?)/${HOST}:(\d{1,5})(?:\?[^\s#]*)?$`);
const URL_FORM = new RegExp(String.raw`^(wss?)://${HOST}:(\d{1,5})(?:[/?][^\s#]*)?$`);
const NATIVE = /^(?:tcp|udp|quic|tls|unixsock-stream|serial)\/|^[^/\s]+:\d{1,5}$/;

const HOW_TO =
  "rclts reaches zenoh through a router's remote-api WebSocket, a locator of the form ws/HOST:PORT " +
  '(e.g. ws/127.0.0.1:10000); start one with `npm run router:start` (or `node scripts/zenoh-router.mjs start`)';

function quoted(locator: unknown): string {
  return typeof locator === 'string' ? JSON.stringify(locator) : describeValue(locator);
}

/** Parses a router locator, or answers InvalidArgument with a sentence saying what rclts expects. */
export function parseRouterLocator(locator: unknown): ResultOf<RouterLocator> {
  if (typeof locator === 'string') {
    const m = CANON.exec(locator) ?? URL_FORM.exec(locator);
    if (m !== null) {
      const port = Number(m[3]);
      if (port >= 1 && port <= 65535) return ok({ locator, secure: m[1] === 'wss', host: m[2] ?? '', port });
      return err('InvalidArgument', `router locator ${quoted(locator)} has port ${port} outside 1..65535`);
    }
    if (NATIVE.test(locator)) {
      return err('InvalidArgument', `router locator ${quoted(locator)} is a zenoh transport locator; ${HOW_TO}`);
    }
  }
  return err('InvalidArgument', `router locator ${quoted(locator)} is not a WebSocket locator; ${HOW_TO}`);
}

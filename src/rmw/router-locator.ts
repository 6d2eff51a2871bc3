/**
 * The one router-locator rule, used by every entry point that takes a router
 * (`Executor.create`, `VirtualRobot.connect`, the vrobots CLI `--router`).
 *
 * rclts reaches zenoh only through a router's remote-api plugin, a WebSocket; so the locator
 * is what zenoh-ts opens: the zenoh canon form `ws/HOST:PORT[?metadata]` or the URL form
 * `ws://HOST:PORT[/path][?query]` (`wss` for both). HOST is a name, an IPv4 address or a
 * bracketed IPv6 address; PORT is 1..65535. A fragment is refused (a WebSocket URL never has
 * one). The vendor's native locators (`tcp/`, `udp/`, `quic/`, `tls/`, a bare
 * `HOST:PORT`) get a sentence saying how to reach that router instead.
 *
 * Where a router is taken, a list of them is too (failover: tried in order, the next one
 * after a loss): an array of locators, or one string with commas between them (the CLI's
 * `--router a,b`). The list travels as that one string, so every layer keeps a `string`.
 */
import { describeValue, err, ok, quoteValue, type ResultOf } from '../result.js';

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

/** Parses a router locator, or answers InvalidArgument with a sentence saying what rclts expects. */
export function parseRouterLocator(locator: unknown): ResultOf<RouterLocator> {
  if (typeof locator === 'string') {
    const m = CANON.exec(locator) ?? URL_FORM.exec(locator);
    if (m !== null) {
      const port = Number(m[3]);
      if (port >= 1 && port <= 65535) return ok({ locator, secure: m[1] === 'wss', host: m[2] ?? '', port });
      return err('InvalidArgument', `router locator ${quoteValue(locator)} has port ${port} outside 1..65535`);
    }
    if (NATIVE.test(locator)) {
      return err('InvalidArgument', `router locator ${quoteValue(locator)} is a zenoh transport locator; ${HOW_TO}`);
    }
  }
  return err('InvalidArgument', `router locator ${quoteValue(locator)} is not a WebSocket locator; ${HOW_TO}`);
}

export interface RouterLocatorList {
  readonly locators: readonly RouterLocator[];
  /** The locators joined with commas: what options, the CLI and messages carry. */
  readonly joined: string;
}

/** More would only lengthen a failover cycle; a deployment this size uses a mesh behind a few routers. */
export const MAX_ROUTER_LOCATORS = 16;

/**
 * Parses one router locator or a failover list of them (an array, or a string with commas
 * between locators), each by `parseRouterLocator`; an empty list, one longer than
 * MAX_ROUTER_LOCATORS or one naming a locator twice answers InvalidArgument.
 */
export function parseRouterLocators(value: unknown): ResultOf<RouterLocatorList> {
  let items: readonly unknown[];
  if (typeof value === 'string') items = value.includes(',') ? value.split(',').map((s) => s.trim()) : [value];
  else items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return err('InvalidArgument', `router list is empty; ${HOW_TO}`);
  if (items.length > MAX_ROUTER_LOCATORS) {
    return err('InvalidArgument', `router list has ${items.length} locators, more than ${MAX_ROUTER_LOCATORS}`);
  }
  const locators: RouterLocator[] = [];
  for (const item of items) {
    const parsed = parseRouterLocator(item);
    if (!parsed.ok) return parsed;
    if (locators.some((l) => l.locator === parsed.value.locator)) {
      return err('InvalidArgument', `router list names ${quoteValue(item)} twice`);
    }
    locators.push(parsed.value);
  }
  return ok({ locators, joined: locators.map((l) => l.locator).join(',') });
}

/** Certificate checking of `wss/` routers (what Executor.create's `tls` and VirtualRobot's take). */
export interface RouterTls {
  /** PEM file of the CA that signed the router's WebSocket certificate (Node only). */
  readonly caFile?: string | undefined;
}

/** Checks the shape of a `tls` option (`{ caFile?: string }`), naming what is wrong. */
export function checkRouterTls(tls: unknown): ResultOf<RouterTls | undefined> {
  if (tls === undefined) return ok(undefined);
  if (typeof tls !== 'object' || tls === null || Array.isArray(tls))
    return err('InvalidArgument', `tls must be an object such as { caFile: 'ca.pem' }, got ${describeValue(tls)}`);
  const unknownKeys = Object.keys(tls).filter((k) => k !== 'caFile');
  if (unknownKeys.length > 0)
    return err('InvalidArgument', `tls has unknown option(s) ${unknownKeys.join(', ')} (known: caFile)`);
  const caFile = (tls as { caFile?: unknown }).caFile;
  if (caFile !== undefined && (typeof caFile !== 'string' || caFile.length === 0))
    return err('InvalidArgument', `tls.caFile must be a file path, got ${describeValue(caFile)}`);
  return ok(caFile === undefined ? {} : { caFile });
}

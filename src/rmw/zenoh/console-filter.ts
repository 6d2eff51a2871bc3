/**
 * Keeps zenoh-ts's console chatter out of users' terminals. zenoh-ts logs connection
 * progress and protocol oddities with console.warn/console.log ("Connected to ...",
 * "Restart connection", "WebSocket has been disconnected ...", "Received reply for
 * inexistant query ..."). rclts reports those conditions itself (RmwEvent, Result), so the
 * filter drops exactly those known lines and lets everything else through. Set
 * `RCLTS_LOG=zenoh` to see them.
 */

const ZENOH_TS_LINES: readonly RegExp[] = [
  /^Connected to\b/,
  /^Restart connection\b/,
  /^WebSocket error\b/,
  /^WebSocket has been disconnected from remote-api-plugin\b/,
  /^Successfully opened session with id\b/,
  /^Received unexpected response\b/,
  /^Received (query|reply|sample|responseFinal|matching status update|transport event|link event) for inexistant\b/,
  /^Remote api request timeout\b/,
];

type ConsoleMethod = (...args: unknown[]) => void;
const INSTALLED = Symbol.for('rclts.zenoh.console-filter');

function wantsZenohLogs(): boolean {
  const env = typeof process !== 'undefined' ? process.env?.RCLTS_LOG : undefined;
  return typeof env === 'string' && env.split(/[,\s]+/).some((t) => t === 'zenoh' || t === 'all');
}

/** True when a console call's first argument is one of zenoh-ts's known lines. */
export function isZenohTsChatter(args: readonly unknown[]): boolean {
  const first = args[0];
  const text = typeof first === 'string' ? first : first instanceof Error ? first.message : undefined;
  return text !== undefined && ZENOH_TS_LINES.some((re) => re.test(text));
}

function wrap(original: ConsoleMethod): ConsoleMethod {
  return function filtered(this: unknown, ...args: unknown[]): void {
    if (isZenohTsChatter(args) && !wantsZenohLogs()) return;
    original.apply(this, args);
  };
}

/** Installs the filter once per process (idempotent); it drops only zenoh-ts's known lines. */
export function installZenohConsoleFilter(): void {
  const c = console as unknown as Record<string | symbol, unknown>;
  if (c[INSTALLED] === true) return;
  c[INSTALLED] = true;
  for (const name of ['warn', 'log', 'error'] as const) {
    const original = c[name];
    if (typeof original === 'function') c[name] = wrap(original as ConsoleMethod);
  }
}

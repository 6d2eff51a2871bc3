/**
 * What `rclts param` and `rclts lifecycle` share: a session, a client of one remote node's
 * services (waited for up to `--timeout-ms`), the body, and the session closed after.
 */

import type { Node, Result, ResultOf } from '../../index.js';
import { type CliIo, ExitCode, intOption, type ParsedArgs } from './cli-args.js';
import { openSession } from './cli-session.js';

export const DEFAULT_TIMEOUT_MS = 5000;

export function fail(io: CliIo, message: string, code: ExitCode = ExitCode.Failed): ExitCode {
  io.err(`rclts: ${message}\n`);
  return code;
}

/** `/name` for a name given without its leading slash. */
export const absolute = (target: string): string => (target.startsWith('/') ? target : `/${target}`);

export async function withRemote<C extends { waitForService(budgetMs: number): Promise<Result>; destroy(): void }>(
  args: ParsedArgs,
  io: CliIo,
  target: string,
  what: string,
  make: (node: Node, fqn: string) => ResultOf<C>,
  body: (client: C, timeoutMs: number) => Promise<ExitCode>,
): Promise<ExitCode> {
  const timeout = intOption(args, 'timeout-ms', DEFAULT_TIMEOUT_MS);
  if (typeof timeout === 'string') return fail(io, timeout, ExitCode.Misuse);
  const opened = await openSession(args, io, 0);
  if (!opened.ok) return fail(io, opened.error.message);
  try {
    const fqn = absolute(target);
    const client = make(opened.value.node, fqn);
    if (!client.ok) return fail(io, client.error.message, ExitCode.Misuse);
    const ready = await client.value.waitForService(timeout);
    if (!ready.ok) return fail(io, `node ${fqn} answers no ${what}: ${ready.error.message}`);
    return await body(client.value, timeout);
  } finally {
    await opened.value.close();
  }
}

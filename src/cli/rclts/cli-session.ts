/**
 * The executor and node a graph command runs on: over zenoh with `--router`, in-process
 * otherwise (where only this process is visible). Discovery gets a budget (`--wait-ms`).
 */

import { randomBytes } from 'node:crypto';
import { DEFAULT_CONNECT_BUDGET_MS, Executor, err, type Node, ok, type ResultOf } from '../../index.js';
import type { CliIo, ParsedArgs } from './cli-args.js';

export interface CliSession {
  readonly executor: Executor;
  readonly node: Node;
  close(): Promise<void>;
}

export const NO_ROUTER_NOTE =
  'note: no --router given: in-process, this command sees only itself. Pass --router ws/HOST:PORT.\n';

export async function openSession(args: ParsedArgs, io: CliIo, discoveryMs: number): Promise<ResultOf<CliSession>> {
  const router = args.options.get('router');
  const domain = args.options.get('domain');
  if (router === undefined) io.err(NO_ROUTER_NOTE);
  const created = await Executor.create({
    router: typeof router === 'string' ? router : undefined,
    connectBudgetMs: DEFAULT_CONNECT_BUDGET_MS,
    ...(typeof domain === 'string' ? { domainId: Number(domain) } : {}),
  });
  if (!created.ok) return created;
  const executor = created.value;
  const node = executor.createNode(`_rclts_cli_${randomBytes(4).toString('hex')}`);
  if (!node.ok) {
    await executor.shutdown();
    return node;
  }
  if (router !== undefined && discoveryMs > 0) await executor.spinFor(discoveryMs);
  return ok({
    executor,
    node: node.value,
    close: async () => {
      await executor.shutdown();
    },
  });
}

/** `/ns/name` of a node. */
export function nodeFqn(n: { readonly namespace: string; readonly name: string }): string {
  return n.namespace === '/' || n.namespace === '' ? `/${n.name}` : `${n.namespace}/${n.name}`;
}

export const isCliNode = (name: string): boolean => name.startsWith('_rclts_cli_');

/**
 * The one type the graph announces for `name` among endpoints of `kinds` (the CLI's own nodes
 * left out): NotFound with `usage` as the hint when there is none, InvalidArgument for several.
 */
export function graphType(s: CliSession, name: string, kinds: readonly string[], usage: string): ResultOf<string> {
  const e = s.node.getEndpoints();
  if (!e.ok) return e;
  const types = [
    ...new Set(
      e.value
        .filter((x) => x.name === name && kinds.includes(x.kind) && !isCliNode(x.node.name))
        .map((x) => x.typeName),
    ),
  ];
  if (types.length === 0) return err('NotFound', `${name} is not in the graph: give its type (${usage})`);
  if (types.length > 1) return err('InvalidArgument', `${name} has several types (${types.join(', ')}): give one`);
  return ok(types[0]!);
}

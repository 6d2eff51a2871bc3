/**
 * `Executor.create(opts)`: validates the options, opens the rmw session (local by default,
 * zenoh with a router) and returns the executor. The executor is the arena core plus
 * `createNode`, which lives here so that src/executor never calls up into src/rclcpp.
 *
 * `Executor` is two things under one name, merged here and nowhere else: the interface (declared
 * with the rest of the contract in api.ts) and the value whose `create` opens one. Import
 * `Executor` once and use it as either: `const made = await Executor.create(); let e: Executor;`.
 */

import { checkBudget } from '../budget.js';
import { type CoreInternals, ExecutorCore } from '../executor/executor-core.js';
import { MAX_SLOTS } from '../executor/handle-id.js';
import { describeValue, err, ok, type ResultOf } from '../result.js';
import { openRmwSession } from '../rmw/open-rmw-session.js';
import { BackendKind, isBackendKind, type RmwSession } from '../rmw/rmw.js';
import { checkRouterTls, parseRouterLocators, type RouterTls } from '../rmw/router-locator.js';
import type * as api from './api.js';
import { applyLogLevels } from './logging/logger-levels.js';
import { normalizeNamespace, validateNodeName } from './names.js';
import { NodeImpl } from './node.js';
import { guardTransport } from './node-entities.js';
import { BUILTIN_SWITCHES, type NodeBuiltinOptions, readNodeOptions } from './parameters/node-options.js';
import { readNodeArguments } from './ros-args/node-arguments.js';
import { readOptions } from './type-check.js';

/**
 * Arena entries (subscriptions, services, clients, timers, guard conditions) per executor: room
 * for about 140 nodes with their built-in services (NODE_BUILTIN_ENTRIES each) and nothing else.
 */
export const DEFAULT_CAPACITY = 1024;
/** Entries a node's built-in services take by default: six parameter services and ~/get_type_description. */
export const NODE_BUILTIN_ENTRIES = 7;
/** Budget for opening a zenoh session. */
export const DEFAULT_CONNECT_BUDGET_MS = 5000;
/** Items a keep-all queue holds before it refuses (and reports) more. */
export const DEFAULT_KEEP_ALL_LIMIT = 10_000;
export const DEFAULT_DOMAIN_ID = 0;

export class RclExecutor extends ExecutorCore implements api.Executor {
  /** The nodes created here, pruned of destroyed ones at each creation (duplicate names warn). */
  private nodes: NodeImpl[] = [];

  createNode(name: string, options?: api.NodeOptions): ResultOf<api.Node> {
    if (!this.isOpen()) {
      return err('NotInitialized', `executor is shut down; cannot create node ${describeValue(name)}`);
    }
    const valid = validateNodeName(name);
    if (!valid.ok) return valid;
    const o = readOptions(`options of node '${name}'`, options, [
      'namespace',
      'naming',
      'parameterOverrides',
      'arguments',
      ...BUILTIN_SWITCHES,
    ]);
    if (!o.ok) return o;
    const namespace = normalizeNamespace(o.value.namespace);
    if (!namespace.ok) return namespace;
    const naming = o.value.naming ?? 'ros';
    if (naming !== 'ros' && naming !== 'raw') {
      return err('InvalidArgument', `naming of node '${name}' must be 'ros' or 'raw', got ${describeValue(naming)}`);
    }
    // --ros-args first: `__node:=` and `__ns:=` decide the name the node has everywhere.
    const named = readNodeArguments(name, namespace.value, naming, o.value.arguments);
    if (!named.ok) return named;
    const { name: nodeName, namespace: ns, args, rules } = named.value;
    const builtins = readNodeOptions(nodeName, ns, naming, o.value, args);
    if (!builtins.ok) return builtins;
    // --log-level is process-wide, as rcl_logging_configure applies it at init.
    const levels = applyLogLevels(args.logLevels);
    if (!levels.ok) return err(levels.error.name, `options of node '${nodeName}'.arguments: ${levels.error.message}`);
    const rmw = guardTransport(`creating node '${nodeName}'`, () =>
      this.session.createNode({ name: nodeName, namespace: ns, enclave: '/' }),
    );
    if (!rmw.ok) return rmw;
    const node = new NodeImpl(this, rmw.value, nodeName, ns, naming, builtins.value, rules);
    const started = node.start();
    if (!started.ok) {
      node.destroy();
      return started.error.name === 'Full'
        ? err('Full', fullHint(nodeName, builtins.value, started.error.message))
        : started;
    }
    this.warnIfDuplicate(node);
    return ok(node);
  }

  /**
   * As rcl warns when a second node of one name registers with /rosout: two nodes of one fully
   * qualified name are one node to the graph (ros2 node list warns too). A warning, not a refusal.
   */
  private warnIfDuplicate(node: NodeImpl): void {
    const fqn = node.getFullyQualifiedName();
    this.nodes = this.nodes.filter((n) => n.isAlive());
    if (this.nodes.some((n) => n.getFullyQualifiedName() === fqn)) {
      node
        .getLogger()
        .warn(
          `a node named '${fqn}' already exists in this executor: the graph cannot tell the two apart (their ` +
            'services, parameters and /rosout records mix); give one another name or namespace',
        );
    }
    this.nodes.push(node);
  }
}

/** Why a node did not fit: what its built-in services take, and the two ways out. */
function fullHint(name: string, b: NodeBuiltinOptions, message: string): string {
  const taken = (b.startServices ? 6 : 0) + (b.startTypeDescriptionService ? 1 : 0);
  return (
    `node '${name}' does not fit: ${message}. Its built-in services take ${taken} entries ` +
    '(startParameterServices: false and startTypeDescriptionService: false leave them out); ' +
    "or give Executor.create's capacity more room"
  );
}

interface CheckedOptions {
  readonly backend: BackendKind;
  readonly router: string | undefined;
  readonly tls: RouterTls | undefined;
  readonly domainId: number;
  readonly capacity: number;
  readonly connectBudgetMs: number;
  readonly keepAllLimit: number;
}

function isCount(x: unknown, min: number, max: number): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
}

/** Every option read once, checked and defaulted, or InvalidArgument naming the option. */
export function checkExecutorOptions(opts: api.ExecutorOptions | undefined): ResultOf<CheckedOptions> {
  const read = readOptions('options', opts, [
    'router',
    'tls',
    'backend',
    'domainId',
    'capacity',
    'connectBudgetMs',
    'keepAllLimit',
  ]);
  if (!read.ok) return read;
  const o = read.value;
  let router: string | undefined;
  if (o.router !== undefined) {
    const parsed = parseRouterLocators(o.router);
    if (!parsed.ok) return parsed;
    router = parsed.value.joined;
  }
  const tls = checkRouterTls(o.tls);
  if (!tls.ok) return tls;
  const backend = o.backend ?? (router !== undefined ? 'zenoh' : 'local');
  if (!isBackendKind(backend)) {
    const known = Object.values(BackendKind).map((b) => `'${b}'`);
    return err('InvalidArgument', `backend must be ${known.join(' or ')}, got ${describeValue(backend)}`);
  }
  if (backend === 'zenoh' && router === undefined)
    return err('InvalidArgument', "backend 'zenoh' needs router (a locator such as 'ws/127.0.0.1:10000')");
  const domainId = o.domainId ?? DEFAULT_DOMAIN_ID;
  if (!isCount(domainId, 0, 2 ** 31 - 1))
    return err('InvalidArgument', `domainId must be a non-negative integer, got ${describeValue(domainId)}`);
  const capacity = o.capacity ?? DEFAULT_CAPACITY;
  if (!isCount(capacity, 1, MAX_SLOTS))
    return err('InvalidArgument', `capacity must be an integer in [1, ${MAX_SLOTS}], got ${describeValue(capacity)}`);
  const keepAllLimit = o.keepAllLimit ?? DEFAULT_KEEP_ALL_LIMIT;
  if (!isCount(keepAllLimit, 1, Number.MAX_SAFE_INTEGER))
    return err('InvalidArgument', `keepAllLimit must be an integer >= 1, got ${describeValue(keepAllLimit)}`);
  const connectBudgetMs = o.connectBudgetMs ?? DEFAULT_CONNECT_BUDGET_MS;
  const budget = checkBudget('connectBudgetMs', connectBudgetMs);
  if (!budget.ok) return budget;
  return ok({
    backend,
    router,
    tls: tls.value,
    domainId,
    capacity,
    connectBudgetMs: connectBudgetMs as number,
    keepAllLimit,
  });
}

/** Wraps an already open session (tests, custom backends). The executor owns it from now on. */
export function createExecutorOnSession(
  session: RmwSession,
  opts?: Omit<api.ExecutorOptions, 'router' | 'backend' | 'domainId' | 'connectBudgetMs'>,
  internals?: CoreInternals,
): ResultOf<RclExecutor> {
  const checked = checkExecutorOptions(opts);
  if (!checked.ok) return checked;
  return ok(new RclExecutor(session, checked.value, internals));
}

async function create(opts?: api.ExecutorOptions): Promise<ResultOf<Executor>> {
  const checked = checkExecutorOptions(opts);
  if (!checked.ok) return checked;
  const session = await openRmwSession(checked.value);
  if (!session.ok) return session;
  return ok(new RclExecutor(session.value, checked.value));
}

/** The interface: the executor's verbs (api.ts). */
export type Executor = api.Executor;
/** The value: `Executor.create(opts)`. */
export const Executor: { readonly create: typeof create } = Object.freeze({ create });

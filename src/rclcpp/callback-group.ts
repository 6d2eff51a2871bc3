/**
 * Callback groups (rclcpp's CallbackGroup): which handlers of a node may overlap while their
 * async handlers are pending. The group's dispatch state lives in the executor
 * (callback-group-state.ts) and each member's arena entry points at it; handles stay two words.
 * A group belongs to the node that created it, and only that node's entities may join it
 * (rclcpp refuses another node's group: "callback group not in node").
 */
import { CallbackGroupState, CallbackGroupType, isCallbackGroupType } from '../executor/callback-group-state.js';
import { describeValue, err, ok, type ResultOf } from '../result.js';

export { CallbackGroupType };

/**
 * A node's callback group, made by `node.createCallbackGroup(type)` and passed as
 * `callbackGroup` when creating subscriptions, services, clients, timers and actions.
 */
export declare abstract class CallbackGroup {
  /** rclcpp's type(): MutuallyExclusive or Reentrant. */
  readonly type: CallbackGroupType;
}

interface GroupInternals {
  readonly state: CallbackGroupState;
  /** The node that made it (compared by identity). */
  readonly owner: object;
}

/** Reached only through this module: a copied or forged object is no group. */
const internals = new WeakMap<object, GroupInternals>();

class CallbackGroupImpl implements CallbackGroup {
  constructor(readonly type: CallbackGroupType) {
    Object.freeze(this);
  }
}

/** A new group of `owner`'s; InvalidArgument naming the value for a type that is neither kind. */
export function createCallbackGroup(owner: object, type: unknown): ResultOf<CallbackGroup> {
  if (!isCallbackGroupType(type)) {
    return err(
      'InvalidArgument',
      `callback group type must be CallbackGroupType.MutuallyExclusive ('mutually_exclusive') or .Reentrant ('reentrant'), got ${describeValue(type)}`,
    );
  }
  return ok(makeGroup(owner, type));
}

/** rclcpp's default group of a node: mutually exclusive. */
export function defaultCallbackGroup(owner: object): CallbackGroup {
  return makeGroup(owner, CallbackGroupType.MutuallyExclusive);
}

function makeGroup(owner: object, type: CallbackGroupType): CallbackGroup {
  const group = new CallbackGroupImpl(type);
  internals.set(group, { state: new CallbackGroupState(type), owner });
  return group;
}

/**
 * Reads a `callbackGroup` option: undefined (none: the entity excludes only itself), or a
 * group of `owner`'s. InvalidArgument naming `argument` and `what` otherwise.
 */
export function readCallbackGroup(
  argument: string,
  value: unknown,
  owner: object,
  what: string,
): ResultOf<CallbackGroupState | undefined> {
  if (value === undefined) return ok(undefined);
  const found = typeof value === 'object' && value !== null ? internals.get(value) : undefined;
  if (found === undefined) {
    return err(
      'InvalidArgument',
      `${argument} must be a CallbackGroup made by node.createCallbackGroup(), got ${describeValue(value)}`,
    );
  }
  if (found.owner !== owner) {
    return err(
      'InvalidArgument',
      `cannot create ${what}: ${argument} belongs to another node (callback group not in node)`,
    );
  }
  return ok(found.state);
}

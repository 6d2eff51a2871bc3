/**
 * The five entities of an action on the wire, as rclcpp_action / rmw_zenoh name them:
 * services `<action>/_action/{send_goal,cancel_goal,get_result}`, topics
 * `<action>/_action/{feedback,status}`, the status topic transient local keep-last 1.
 * Also the argument checks the server and the client share.
 */
import { checkBudget } from '../../budget.js';
import { describeValue, err, ok, type Result, type ResultOf } from '../../result.js';
import type { Node } from '../api.js';
import { QoS } from '../qos.js';
import { checkMessageType, checkServiceType } from '../type-check.js';
import type { ActionType } from './action-types.js';

export const ACTION_SUFFIX = {
  sendGoal: '/_action/send_goal',
  cancelGoal: '/_action/cancel_goal',
  getResult: '/_action/get_result',
  feedback: '/_action/feedback',
  status: '/_action/status',
} as const;

/** rcl_action_qos_profile_status_default. */
export function statusQos(): QoS {
  return QoS.default().transientLocal().keepLast(1);
}

/** The action's fully qualified name, resolved as the node resolves service names. */
export function resolveActionName(node: Node, name: string): ResultOf<string> {
  if (typeof name !== 'string')
    return err('InvalidArgument', `action name must be a string, got ${describeValue(name)}`);
  return node.resolveName(name);
}

export function checkActionType<G, R, F>(type: ActionType<G, R, F>): Result {
  if (typeof type !== 'object' || type === null || typeof type.typeName !== 'string') {
    return err(
      'InvalidArgument',
      `type must be a generated action type (e.g. example_interfaces.action.Fibonacci), got ${describeValue(type)}`,
    );
  }
  const parts = [
    checkMessageType('type.Goal', type.Goal),
    checkMessageType('type.Result', type.Result),
    checkMessageType('type.FeedbackMessage', type.FeedbackMessage),
    checkServiceType('type.SendGoal', type.SendGoal),
    checkServiceType('type.GetResult', type.GetResult),
  ];
  for (const p of parts) if (!p.ok) return p;
  return ok();
}

export function readCount(argument: string, value: unknown, fallback: number): ResultOf<number> {
  if (value === undefined) return ok(fallback);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    return err('InvalidArgument', `${argument} must be an integer >= 1, got ${describeValue(value)}`);
  }
  return ok(value);
}

export function readBudget(argument: string, value: unknown, fallback: number): ResultOf<number> {
  if (value === undefined) return ok(fallback);
  const b = checkBudget(argument, value);
  return b.ok ? ok(value as number) : b;
}

/** Releases what was created so far when a later step fails. */
export class Undo {
  private readonly steps: (() => unknown)[] = [];
  add(step: () => unknown): void {
    this.steps.push(step);
  }
  run(): void {
    for (const step of this.steps.splice(0).reverse()) step();
  }
}

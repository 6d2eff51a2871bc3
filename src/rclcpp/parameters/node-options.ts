/**
 * The parts of NodeOptions read at creation: the parameter overrides resolved for this node,
 * and which built-in entities (parameter services, /parameter_events, ~/get_type_description,
 * /rosout) start with it. On a `ros` node every one of those is on unless turned off, as rclcpp
 * starts them; a `raw` node has none by default: its names are zenoh keys, where `/rosout` and
 * `~/get_parameters` mean nothing.
 */

import { describeValue, err, ok, type ResultOf } from '../../result.js';
import type { NamingScheme } from '../../rmw/rmw.js';
import { fullyQualifiedNodeName } from '../names.js';
import type { RosArguments } from '../ros-args/parse-ros-args.js';
import { gatherOverrides, readOverridesOption } from './overrides.js';
import type { ParameterValue } from './value.js';

export interface NodeParameterOptions {
  readonly overrides: ReadonlyMap<string, ParameterValue>;
  /** The six parameter services. */
  readonly startServices: boolean;
  /** The /parameter_events publisher. */
  readonly startEventPublisher: boolean;
}

export interface NodeBuiltinOptions extends NodeParameterOptions {
  readonly startTypeDescriptionService: boolean;
  readonly enableRosout: boolean;
  /** `use_sim_time` and its TimeSource: on every `ros` node, as rclcpp declares it on every node. */
  readonly declareUseSimTime: boolean;
}

/** The option names, as NodeOptions spells them. */
export const BUILTIN_SWITCHES = [
  'startParameterServices',
  'startParameterEventPublisher',
  'startTypeDescriptionService',
  'enableRosout',
] as const;
type Switch = (typeof BUILTIN_SWITCHES)[number];

export function readNodeOptions(
  name: string,
  namespace: string,
  naming: NamingScheme,
  o: { readonly parameterOverrides: unknown } & { readonly [K in Switch]: unknown },
  args: RosArguments,
): ResultOf<NodeBuiltinOptions> {
  const what = `options of node '${name}'`;
  const on: Partial<Record<Switch, boolean>> = {};
  for (const key of BUILTIN_SWITCHES) {
    const v = o[key];
    if (v !== undefined && typeof v !== 'boolean') {
      return err('InvalidArgument', `${what}.${key} must be a boolean, got ${describeValue(v)}`);
    }
    on[key] = v ?? naming === 'ros';
  }
  const fromOptions = readOverridesOption(o.parameterOverrides);
  if (!fromOptions.ok) return err(fromOptions.error.name, `${what}.${fromOptions.error.message}`);
  const overrides = gatherOverrides(fullyQualifiedNodeName(namespace, name), args, fromOptions.value);
  if (!overrides.ok) return err(overrides.error.name, `${what}: ${overrides.error.message}`);
  return ok({
    overrides: overrides.value,
    startServices: on.startParameterServices === true,
    startEventPublisher: on.startParameterEventPublisher === true,
    startTypeDescriptionService: on.startTypeDescriptionService === true,
    // --disable-rosout-logs turns it off even when the options ask for it (rcl needs both).
    enableRosout: on.enableRosout === true && args.enableRosout !== false,
    declareUseSimTime: naming === 'ros',
  });
}

/** The parameter part of NodeOptions, read and resolved to this node's overrides at creation. */

import { describeValue, err, ok, type ResultOf } from '../../result.js';
import { fullyQualifiedNodeName } from '../names.js';
import type { NodeParameterOptions } from '../node.js';
import { gatherOverrides, readOverridesOption, readRosArguments } from './overrides.js';

export function readNodeParameterOptions(
  name: string,
  namespace: string,
  o: { readonly parameterOverrides: unknown; readonly arguments: unknown; readonly startParameterServices: unknown },
): ResultOf<NodeParameterOptions> {
  const what = `options of node '${name}'`;
  const start = o.startParameterServices;
  if (start !== undefined && typeof start !== 'boolean') {
    return err('InvalidArgument', `${what}.startParameterServices must be a boolean, got ${describeValue(start)}`);
  }
  if (o.arguments !== undefined && !Array.isArray(o.arguments)) {
    return err('InvalidArgument', `${what}.arguments must be an array of strings, got ${describeValue(o.arguments)}`);
  }
  const args = readRosArguments((o.arguments as unknown[] | undefined) ?? []);
  if (!args.ok) return err(args.error.name, `${what}.arguments: ${args.error.message}`);
  const fromOptions = readOverridesOption(o.parameterOverrides);
  if (!fromOptions.ok) return err(fromOptions.error.name, `${what}.${fromOptions.error.message}`);
  const overrides = gatherOverrides(fullyQualifiedNodeName(namespace, name), args.value, fromOptions.value);
  if (!overrides.ok) return err(overrides.error.name, `${what}: ${overrides.error.message}`);
  return ok({ overrides: overrides.value, startServices: start });
}

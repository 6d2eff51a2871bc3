/**
 * `rclts param list|get|set|dump`: another node's parameters through its parameter services,
 * printed as `ros2 param` prints them.
 */

import {
  type Parameter,
  ParametersClient,
  ParameterType,
  type ParameterValue,
  parseParameterValue,
  type ResultOf,
} from '../../index.js';
import { type CliIo, ExitCode, intOption, type ParsedArgs } from './cli-args.js';
import { type CliSession, isCliNode, nodeFqn, openSession } from './cli-session.js';
import { DEFAULT_DISCOVERY_MS } from './cmd-graph.js';
import { absolute, fail, withRemote } from './remote-session.js';

const PREFIX: Readonly<Record<number, string>> = {
  [ParameterType.BOOL]: 'Boolean value is',
  [ParameterType.INTEGER]: 'Integer value is',
  [ParameterType.DOUBLE]: 'Double value is',
  [ParameterType.STRING]: 'String value is',
  [ParameterType.BYTE_ARRAY]: 'Byte values are',
  [ParameterType.BOOL_ARRAY]: 'Boolean values are',
  [ParameterType.INTEGER_ARRAY]: 'Integer values are',
  [ParameterType.DOUBLE_ARRAY]: 'Double values are',
  [ParameterType.STRING_ARRAY]: 'String values are',
};

function yamlScalar(v: unknown): string {
  if (typeof v === 'string')
    return /^[A-Za-z_][\w ./-]*$/.test(v) && !/^(true|false|null|~)$/i.test(v) ? v : JSON.stringify(v);
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  return String(v);
}

/** A value in YAML flow style (`[1, 2]`, `0.5`, `hello`). */
export function valueToYaml(value: ParameterValue | undefined): string {
  if (value === undefined) return '~';
  if (value instanceof Uint8Array || Array.isArray(value)) return `[${[...value].map(yamlScalar).join(', ')}]`;
  return yamlScalar(value);
}

/** The line `ros2 param get` prints. */
export function describeParameterLine(p: Parameter): string {
  if (p.type === ParameterType.NOT_SET) return 'Parameter not set.';
  const text = typeof p.value === 'boolean' ? (p.value ? 'True' : 'False') : valueToYaml(p.value);
  return `${PREFIX[p.type] ?? 'Value is'}: ${text}`;
}

function withClient(
  args: ParsedArgs,
  io: CliIo,
  target: string,
  body: (client: ParametersClient, timeout: number) => Promise<ExitCode>,
): Promise<ExitCode> {
  return withRemote(args, io, target, 'parameter services', (node, fqn) => ParametersClient.create(node, fqn), body);
}

function nodesWithParameters(s: CliSession): ResultOf<string[]> {
  const e = s.node.getEndpoints();
  if (!e.ok) return e;
  const nodes = e.value
    .filter((x) => x.kind === 'service' && x.name.endsWith('/list_parameters') && !isCliNode(x.node.name))
    .map((x) => nodeFqn(x.node));
  return { ok: true, value: [...new Set(nodes)].sort() };
}

async function list(args: ParsedArgs, io: CliIo, target: string | undefined): Promise<ExitCode> {
  if (target !== undefined) {
    return withClient(args, io, target, async (c, timeout) => {
      const r = await c.listParameters([], 0, timeout);
      if (!r.ok) return fail(io, r.error.message);
      io.out(r.value.names.map((n) => `  ${n}\n`).join(''));
      return ExitCode.Ok;
    });
  }
  const wait = intOption(args, 'wait-ms', DEFAULT_DISCOVERY_MS);
  if (typeof wait === 'string') return fail(io, wait, ExitCode.Misuse);
  const opened = await openSession(args, io, wait);
  if (!opened.ok) return fail(io, opened.error.message);
  const nodes = nodesWithParameters(opened.value);
  await opened.value.close();
  if (!nodes.ok) return fail(io, nodes.error.message);
  let code: ExitCode = ExitCode.Ok;
  for (const n of nodes.value) {
    io.out(`${n}:\n`);
    const done = await list(args, io, n);
    if (done !== ExitCode.Ok) code = done;
  }
  return code;
}

export async function runParam(verb: string, args: ParsedArgs, io: CliIo): Promise<ExitCode> {
  const [target, name, value] = args.positionals;
  if (verb === 'list') return list(args, io, target);
  if (target === undefined) return fail(io, `param ${verb} needs a node name`, ExitCode.Misuse);
  if (verb === 'get') {
    if (name === undefined) return fail(io, 'param get needs a node and a parameter name', ExitCode.Misuse);
    return withClient(args, io, target, async (c, timeout) => {
      const r = await c.getParameters([name], timeout);
      if (!r.ok) return fail(io, r.error.message);
      const p = r.value[0];
      io.out(`${p === undefined ? 'Parameter not set.' : describeParameterLine(p)}\n`);
      return p === undefined || p.type === ParameterType.NOT_SET ? ExitCode.Failed : ExitCode.Ok;
    });
  }
  if (verb === 'set') {
    if (name === undefined || value === undefined) {
      return fail(io, 'param set needs a node, a parameter name and a value', ExitCode.Misuse);
    }
    const parsed = parseParameterValue(`value of ${name}`, value);
    if (!parsed.ok) return fail(io, parsed.error.message, ExitCode.Misuse);
    const v = parsed.value;
    return withClient(args, io, target, async (c, timeout) => {
      const r = await c.setParameter(name, v, timeout);
      if (r.ok) {
        io.out('Set parameter successful\n');
        return ExitCode.Ok;
      }
      io.out(`Setting parameter failed: ${r.error.message}\n`);
      return ExitCode.Failed;
    });
  }
  // dump
  return withClient(args, io, target, async (c, timeout) => {
    const names = await c.listParameters([], 0, timeout);
    if (!names.ok) return fail(io, names.error.message);
    const values = await c.getParameters(names.value.names, timeout);
    if (!values.ok) return fail(io, values.error.message);
    const fqn = absolute(target);
    const lines = [`${fqn}:`, '  ros__parameters:'];
    for (const p of values.value) lines.push(`    ${p.name}: ${valueToYaml(p.value)}`);
    io.out(`${lines.join('\n')}\n`);
    return ExitCode.Ok;
  });
}

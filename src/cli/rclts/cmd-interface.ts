/** `rclts interface list|show` (the bundled types) and `rclts interfaces generate` (the generator). */

import { describeError } from '../../index.js';
import { generateInterfaces } from '../../interface-compiler/index.js';
import { type CliIo, ExitCode, interfaceDirs, type ParsedArgs } from './cli-args.js';
import { TypeRegistry } from './type-registry.js';

export function runInterface(verb: string, args: ParsedArgs, io: CliIo): ExitCode {
  const registry = TypeRegistry.load(interfaceDirs(args));
  if (!registry.ok) {
    io.err(`rclts: ${registry.error.message}\n`);
    return ExitCode.Failed;
  }
  if (verb === 'list') {
    const kinds = [
      ['Messages', 'msg'],
      ['Services', 'srv'],
      ['Actions', 'action'],
    ] as const;
    const only = args.options.has('only-msgs') ? 'msg' : args.options.has('only-srvs') ? 'srv' : undefined;
    for (const [title, kind] of kinds) {
      if (only !== undefined && only !== kind) continue;
      const names = registry.value.interfaces
        .filter((d) => d.kind === kind)
        .map((d) => d.typeName)
        .sort();
      io.out(`${title}:\n${names.map((n) => `    ${n}\n`).join('')}`);
    }
    return ExitCode.Ok;
  }
  const [name] = args.positionals;
  if (name === undefined) {
    io.err('rclts: interface show needs a type (pkg/msg/Name)\n');
    return ExitCode.Misuse;
  }
  const text = registry.value.source(name);
  if (!text.ok) {
    io.err(`rclts: ${text.error.message}\n`);
    return ExitCode.Failed;
  }
  io.out(text.value.endsWith('\n') ? text.value : `${text.value}\n`);
  return ExitCode.Ok;
}

export function runGenerate(args: ParsedArgs, io: CliIo): ExitCode {
  const out = args.options.get('out');
  const rclts = args.options.get('rclts');
  if (typeof out !== 'string' || args.positionals.length === 0) {
    io.err('rclts: interfaces generate needs at least one folder and --out <dir>\n');
    return ExitCode.Misuse;
  }
  const report = generateInterfaces({
    inputs: args.positionals,
    out,
    ...(typeof rclts === 'string' ? { rclts } : {}),
  });
  if (!report.ok) {
    io.err(`${report.error.name === 'InvalidArgument' ? report.error.message : describeError(report.error)}\n`);
    return ExitCode.Failed;
  }
  const r = report.value;
  io.out(`generated ${r.packages.join(', ')}: ${r.types} interfaces, ${r.files} files in ${r.out}\n`);
  return ExitCode.Ok;
}

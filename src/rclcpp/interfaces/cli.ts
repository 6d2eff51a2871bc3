/**
 * The `rclts` command. Today: `rclts interfaces generate <dirs or package paths> --out <dir>`.
 * Exit codes: 0 done, 1 the definitions or the output failed (file:line sentences on stderr),
 * 2 a usage error.
 */

import { describeError } from '../../result.js';
import { generateInterfaces } from './generate.js';

const USAGE = `usage: rclts interfaces generate <package dirs or dirs of packages>... --out <dir> [--rclts <module>]

Turns ROS 2 .msg/.srv/.action packages into TypeScript modules in <dir> (replaced as a whole),
resolving references to the bundled packages (std_msgs, geometry_msgs, ...).
`;

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export function runCli(argv: readonly string[], io: CliIo): number {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    io.out(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] !== 'interfaces' || argv[1] !== 'generate') {
    io.err(`rclts: unknown command '${argv.slice(0, 2).join(' ')}'\n${USAGE}`);
    return 2;
  }
  const inputs: string[] = [];
  let out: string | undefined;
  let rclts: string | undefined;
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--out' || a === '--rclts') {
      const v = argv[++i];
      if (v === undefined) {
        io.err(`rclts: ${a} needs a value\n`);
        return 2;
      }
      if (a === '--out') out = v;
      else rclts = v;
    } else if (a.startsWith('--')) {
      io.err(`rclts: unknown option ${a}\n${USAGE}`);
      return 2;
    } else {
      inputs.push(a);
    }
  }
  if (out === undefined || inputs.length === 0) {
    io.err(`rclts: interfaces generate needs at least one folder and --out <dir>\n${USAGE}`);
    return 2;
  }
  const report = generateInterfaces({ inputs, out, ...(rclts === undefined ? {} : { rclts }) });
  if (!report.ok) {
    io.err(`${report.error.name === 'InvalidArgument' ? report.error.message : describeError(report.error)}\n`);
    return 1;
  }
  const r = report.value;
  io.out(`generated ${r.packages.join(', ')}: ${r.types} interfaces, ${r.files} files in ${r.out}\n`);
  return 0;
}

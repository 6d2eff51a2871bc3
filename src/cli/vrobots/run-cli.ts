/**
 * `vrobots`: parses argv and runs one command. Exit codes as ../usage.ts says: 0 ok, 1 ran and
 * failed, 2 usage error (one line saying what was wrong and the command's usage line, on stderr).
 */
import { describeThrown } from '../../index.js';
import { parseCli, USAGE } from './cli-args.js';
import { type CliIo, ExitCode } from './cli-io.js';
import { versionLines } from './versions.js';

// Commands load on demand: -V, --help and misuse answer without loading zenoh-ts or protobuf.

export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const cmd = parseCli(argv);
  try {
    switch (cmd.kind) {
      case 'misuse':
        io.err(`vrobots: ${cmd.message}`);
        io.err(`usage: ${cmd.usage}   (vrobots --help: every command)`);
        return ExitCode.Misuse;
      case 'help':
        io.out(USAGE);
        return ExitCode.Ok;
      case 'version':
        for (const line of versionLines()) io.out(line);
        return ExitCode.Ok;
      case 'sim':
        return await (await import('./cmd-sim.js')).runSim(io, cmd);
      case 'topic-list':
        return await (await import('./cmd-topic.js')).runTopicList(io, cmd.router, cmd.windowMs, cmd.keyword);
      case 'topic-hz':
        return await (await import('./cmd-topic.js')).runTopicHz(io, cmd.router, cmd.key, cmd.windowMs);
      case 'robot-create':
        return await (await import('./cmd-robot.js')).runRobotCreate(io, cmd.router, cmd.robotType, cmd.timeoutMs);
      case 'web':
        return await (await import('./cmd-web.js')).runWeb(io, cmd);
      case 'robot-delete':
        return await (await import('./cmd-robot.js')).runRobotDelete(io, cmd.router, cmd.sysId, cmd.timeoutMs);
      case 'arm':
        return await (await import('./cmd-arm.js')).runArm(io, cmd);
      case 'bag-record':
        return await (await import('./cmd-bag.js')).runBagRecord(io, cmd);
      case 'bag-play':
        return await (await import('./cmd-bag.js')).runBagPlay(io, cmd);
    }
  } catch (thrown) {
    // A throw here is a bug in rclts; report it as a failure rather than a stack dump.
    io.err(`vrobots: internal error: ${describeThrown(thrown)}`);
    return ExitCode.Failed;
  }
}

/** `vrobots sim`: the headless simulator until Ctrl-C (SIGINT/SIGTERM). */

import { startSimulator, timestampedLog } from '../../vrobots/index.js';
import { type CliIo, ExitCode } from './cli-io.js';

export interface SimCommand {
  readonly router: string | undefined;
  readonly robots: readonly string[];
  readonly serviceDelayMs: number | undefined;
  readonly armPort: number | undefined;
  readonly quiet: boolean;
}

export async function runSim(io: CliIo, cmd: SimCommand): Promise<ExitCode> {
  if (cmd.router !== undefined) io.err(`connecting to ${cmd.router}...`);
  else
    io.err(
      'note: no --router given: the simulator serves the in-process backend of this process only; pass --router ws/HOST:PORT to serve clients over zenoh.',
    );
  const started = await startSimulator({
    router: cmd.router,
    robots: cmd.robots,
    ...(cmd.serviceDelayMs !== undefined ? { serviceDelayMs: cmd.serviceDelayMs } : {}),
    ...(cmd.armPort !== undefined ? { armStreamPort: cmd.armPort } : {}),
    logger: cmd.quiet ? undefined : timestampedLog((line) => io.err(line)),
  });
  if (!started.ok) {
    io.err(`vrobots sim: ${started.error.message}`);
    return ExitCode.Failed;
  }
  const sim = started.value;
  const fleet = sim.robots().map((r) => `${r.sysId} ${r.robotType}`);
  io.out(
    `vrobots sim: serving ${cmd.router ?? 'in-process'}; scene frame ${sim.sceneFrameId}; robots: ${fleet.length > 0 ? fleet.join(', ') : '(none yet)'}`,
  );
  io.out('vrobots sim: create robots with `vrobots robot create TYPE`; Ctrl-C stops');
  await io.stopRequested;
  io.err('vrobots sim: stopping...');
  const stopped = await sim.stop();
  if (!stopped.ok) {
    io.err(`vrobots sim: stop: ${stopped.error.message}`);
    return ExitCode.Failed;
  }
  return ExitCode.Ok;
}

/**
 * `vrobots web`: serves the web console on loopback until Ctrl-C. It opens no browser: it
 * prints the address. With --router the page talks to that router; without, the page runs the
 * in-process simulator itself.
 */
import { type CliIo, ExitCode } from './cli-io.js';
import { consoleAssets } from './console-assets.js';
import { serveConsole } from './web-server.js';

export interface WebCommand {
  readonly router: string | undefined;
  readonly port: number;
  /** A prebuilt console (tests); default: the package's build. */
  readonly assetsDir?: string;
}

export async function runWeb(io: CliIo, cmd: WebCommand): Promise<ExitCode> {
  const assets =
    cmd.assetsDir !== undefined ? { ok: true as const, value: cmd.assetsDir } : await consoleAssets(io.err);
  if (!assets.ok) {
    io.err(assets.error.message);
    return ExitCode.Failed;
  }
  const served = await serveConsole({ assetsDir: assets.value, port: cmd.port, router: cmd.router });
  if (!served.ok) {
    io.err(served.error.message);
    return ExitCode.Failed;
  }
  const where =
    cmd.router === undefined ? 'no --router: the page runs the simulator itself' : `robots of router ${cmd.router}`;
  io.out(`vrobots web: console at ${served.value.url} (${where}); open it in a browser; Ctrl-C stops`);
  await io.stopRequested;
  await served.value.close();
  return ExitCode.Ok;
}

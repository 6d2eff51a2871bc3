/**
 * Process entry of the `vrobots` command (bin/vrobots.mjs imports it): wires stdout,
 * stderr and Ctrl-C, runs the command, and exits with its code.
 */
import { runCli } from './run-cli.js';

const stopRequested = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve());
  process.once('SIGTERM', () => resolve());
});

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  stopRequested,
});
// Let stdout drain before leaving; exit explicitly so no stray handle keeps the process alive.
process.stdout.write('', () => process.exit(code));

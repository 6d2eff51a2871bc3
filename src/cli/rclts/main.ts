/** Entry of bin/rclts.mjs: wires stdout, stderr and Ctrl-C. */
import { runCli } from './run-cli.js';

const stopRequested = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve());
  process.once('SIGTERM', () => resolve());
});

process.exitCode = await runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  stopRequested,
});
// the router session may keep handles open a moment after shutdown
setTimeout(() => process.exit(), 200).unref();

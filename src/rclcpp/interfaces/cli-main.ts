/** Entry of bin/rclts.mjs. */
import { runCli } from './cli.js';

process.exitCode = runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
});

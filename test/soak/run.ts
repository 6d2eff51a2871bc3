/**
 * `npm run soak -- --minutes N --seed S [--workers W] [--no-faults] [--no-actors]`: the soak and
 * chaos run on loopback (soak.ts); prints a progress line a minute and the markdown summary,
 * exits 1 on any failure.
 */
import { parseArgs } from 'node:util';
import { runSoak } from './soak.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string', default: '2' },
    'no-faults': { type: 'boolean', default: false },
    'no-actors': { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const seed = Number(values.seed);
const workers = Number(values.workers);
if (!(minutes > 0) || !Number.isInteger(seed) || !Number.isInteger(workers) || workers < 2) {
  console.error(
    'usage: npm run soak -- --minutes N (> 0) --seed S (integer) [--workers W (>= 2)] [--no-faults] [--no-actors]',
  );
  process.exit(2);
}
const stamp = () => new Date().toISOString().slice(11, 19);
try {
  const outcome = await runSoak({
    minutes,
    seed,
    workers,
    faults: !values['no-faults'],
    actors: !values['no-actors'],
    log: (line) => console.log(`${stamp()} ${line}`),
  });
  console.log(`\n${outcome.summary}`);
  process.exitCode = outcome.ok ? 0 : 1;
  // Everything is stopped: anything still holding the process is worth naming.
  setTimeout(() => {
    console.log(`still alive 5 s after the summary, held by: ${process.getActiveResourcesInfo().join(', ')}`);
    process.exit();
  }, 5000).unref();
} catch (e) {
  console.error(`soak could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exitCode = 1;
}

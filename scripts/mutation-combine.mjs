// Combines StrykerJS JSON reports of one area: `node scripts/mutation-combine.mjs base.json rerun.json ...`;
// a later report replaces the earlier ones file by file (a re-run of some files after new tests).
import { readFileSync } from 'node:fs';
const files = {};
for (const p of process.argv.slice(2)) {
  const r = JSON.parse(readFileSync(p, 'utf8'));
  for (const [f, v] of Object.entries(r.files)) files[f] = { v, from: p.split('/').pop() };
}
const t = { killed: 0, timeout: 0, survived: 0, nocov: 0, ignored: 0 };
for (const [f, { v, from }] of Object.entries(files)) {
  const c = { killed: 0, timeout: 0, survived: 0, nocov: 0, ignored: 0 };
  for (const m of v.mutants) {
    const k = { Killed: 'killed', Timeout: 'timeout', Survived: 'survived', NoCoverage: 'nocov', Ignored: 'ignored' }[
      m.status
    ];
    if (k) c[k]++;
  }
  const tested = c.killed + c.timeout + c.survived + c.nocov;
  console.log(
    `${f.padEnd(48)} ${String(tested).padStart(4)} tested ${String(c.killed + c.timeout).padStart(4)} detected (${c.timeout} to) ${((100 * (c.killed + c.timeout)) / tested).toFixed(1).padStart(5)}%  [${from}]`,
  );
  for (const k in c) t[k] += c[k];
}
const tested = t.killed + t.timeout + t.survived + t.nocov;
console.log(
  `TOTAL ${tested} tested, ${t.killed + t.timeout} detected (${t.killed} killed, ${t.timeout} timed out), ${t.survived} survived, ${t.nocov} no coverage, ${t.ignored} static ignored: ${((100 * (t.killed + t.timeout)) / tested).toFixed(1)} %`,
);

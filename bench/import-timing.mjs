// `node bench/import-timing.mjs`: the import budgets (docs/performance.md),
// measured natively in an optimised build: a generated 10,000-VM RVTools
// export and a 5,000-VM Live Optics export, five imports each
// (core-rs/tests/import_timing.rs), recorded in
// bench/results/import-timing.json with the commit and the machine's load.
import { spawnSync } from 'node:child_process';
import { coreDir, must } from '../scripts/lib.mjs';
import { context, writeResult } from './results.mjs';

const args = ['test', '--release', '--test', 'import_timing'];
// Built first, so the recorded load average is the measurement's, not the build's.
must('cargo', [...args, '--no-run'], { cwd: coreDir });
const started = context();
const run = spawnSync('cargo', [...args, '--', '--ignored', '--nocapture'], {
  cwd: coreDir,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const line = run.stdout.split('\n').find((l) => l.startsWith('import-timing: '));
if (run.status !== 0 || !line) {
  process.stdout.write(run.stdout);
  console.error('import-timing: the benchmark failed');
  process.exit(1);
}
const measured = JSON.parse(line.slice('import-timing: '.length));
writeResult(
  'import-timing',
  { command: `cargo ${args.join(' ')} -- --ignored`, ...measured },
  started,
);
for (const b of measured.benchmarks) {
  console.log(`${b.id}: median ${Math.round(b.median_ms)} ms (budget ${b.budget_ms} ms)`);
}

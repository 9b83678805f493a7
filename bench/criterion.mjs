// `npm run bench:core -- BENCH [criterion arguments]`: runs one of the
// core's criterion benchmarks (core-rs/benches/BENCH.rs), then records the
// estimates of every benchmark that run measured, from
// target/criterion/**/new/, in bench/results/criterion-BENCH.json.
// Example: `npm run bench:core -- evaluate '/evaluate$'`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cargoTargetDir, coreDir, must } from '../scripts/lib.mjs';
import { context, writeResult } from './results.mjs';

const [bench, ...criterionArgs] = process.argv.slice(2);
const benches = readdirSync(join(coreDir, 'benches')).map((f) => f.replace(/\.rs$/, ''));
if (!benches.includes(bench)) {
  console.error(`usage: npm run bench:core -- ${benches.join('|')} [criterion arguments]`);
  process.exit(2);
}

/** Every `new/` folder under `dir` (criterion nests groups, functions and values). */
function measuredFolders(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      entry.name === 'new' ? [join(dir, 'new')] : measuredFolders(join(dir, entry.name)),
    );
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const estimate = ({ point_estimate, confidence_interval: ci }) => ({
  ns: point_estimate,
  ci95_ns: [ci.lower_bound, ci.upper_bound],
});

// Built first, so the recorded load average is the measurement's, not the build's.
must('cargo', ['bench', '--bench', bench, '--no-run'], { cwd: coreDir });
const started = context();
const startedMs = Date.now();
must('cargo', ['bench', '--bench', bench, '--', ...criterionArgs], { cwd: coreDir });

const benchmarks = measuredFolders(join(cargoTargetDir, 'criterion'))
  .filter((dir) => statSync(join(dir, 'estimates.json')).mtimeMs >= startedMs)
  .map((dir) => {
    const { full_id: id, throughput } = readJson(join(dir, 'benchmark.json'));
    const { mean, median } = readJson(join(dir, 'estimates.json'));
    return { id, mean: estimate(mean), median: estimate(median), throughput };
  })
  .sort((a, b) => a.id.localeCompare(b.id));

const command = [
  'cargo bench --bench',
  bench,
  ...(criterionArgs.length ? ['--', ...criterionArgs] : []),
];
writeResult(`criterion-${bench}`, { command: command.join(' '), benchmarks }, started);

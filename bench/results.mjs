// Where the benchmark scripts record their runs: bench/results/NAME.json,
// overwritten by the next run of the same benchmark (git keeps the
// history), with the commit and the machine's state it was measured on.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';

export const resultsDir = join(root, 'bench', 'results');

function git(args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** What a figure depends on besides the code: the commit, and how busy the machine was. */
export function context() {
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']);
  return {
    measured_at: new Date().toISOString(),
    commit: commit && dirty ? `${commit} (uncommitted changes)` : commit,
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      memory_gib: Math.round(totalmem() / 2 ** 30),
      load_average_1_5_15: loadavg().map((l) => Math.round(l * 100) / 100),
      node: process.version,
    },
  };
}

/** Writes `result` with its context to bench/results/NAME.json and prints it. */
export function writeResult(name, result, measuredFrom = context()) {
  const record = { benchmark: name, ...measuredFrom, ...result };
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record, null, 2));
  console.log(`\nwritten to ${file}`);
}

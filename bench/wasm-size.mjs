// The size of the app's Wasm modules as built by `npm run build`: raw and
// gzip -9. The start-up module has a budget (docs/performance.md); the
// exchange module loads on first import or report and has none.
// `npm run bench:wasm-size` writes bench/results/wasm-size.json;
// `--check` only checks the budget (npm test), writing nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { wasmPkgDir } from '../scripts/lib.mjs';
import { WASM_MODULES } from '../scripts/setup.mjs';
import { writeResult } from './results.mjs';

/** 600 KB gzip for the module the app starts with (issue 18). */
const STARTUP_GZIP_BUDGET_BYTES = 600_000;

const modules = WASM_MODULES.map(({ name, loaded }) => {
  const file = join(wasmPkgDir, `${name}_bg.wasm`);
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const bytes = readFileSync(file);
  return {
    module: `${name}_bg.wasm`,
    loaded,
    raw_bytes: bytes.length,
    gzip_bytes: gzipSync(bytes, { level: 9 }).length,
  };
});
const startup = modules.find((m) => m.loaded === 'at start-up');
const withinBudget = startup.gzip_bytes <= STARTUP_GZIP_BUDGET_BYTES;
const verdict = `${startup.module}: ${startup.gzip_bytes} bytes gzip, budget ${STARTUP_GZIP_BUDGET_BYTES}`;

if (process.argv.includes('--check')) {
  console.log(`wasm size: ${verdict}${withinBudget ? '' : ' — OVER BUDGET'}`);
} else {
  writeResult('wasm-size', {
    modules,
    startup_gzip_budget_bytes: STARTUP_GZIP_BUDGET_BYTES,
    within_budget: withinBudget,
  });
}
process.exit(withinBudget ? 0 : 1);

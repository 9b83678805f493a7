// `npm test`: set-up, then every test layer. Each runner's summary is
// printed; the exit status is non-zero when any layer fails.
import { mkdirSync, readFileSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { setup } from './setup.mjs';
import { root, coreDir, step, run, bin, freePort } from './lib.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensureReportReaders } from './report-readers.mjs';

const failures = [];

// Each layer's wall time is printed so that a slow CI run says where its time went.
function layer(name, command, args, options) {
  step(name);
  const started = performance.now();
  const status = run(command, args, options);
  console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (status !== 0) failures.push(`${name} (exit ${status})`);
  return status;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// A full disk fails the Rust build and every Vitest suite with no clear
// message of its own, so the free space is printed before anything runs.
function printFreeDisk() {
  const { bavail, bsize } = statfsSync(root);
  console.log(`free disk: ${((bavail * bsize) / 1e9).toFixed(1)} GB`);
}

printFreeDisk();
const setupStarted = performance.now();
setup();
const chromium = ensureChromium();
if (!ensureReportReaders())
  failures.push('the XLSX readers (openpyxl, LibreOffice) could not be installed');
console.log(`set-up: ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`);
printFreeDisk();
const output = join(root, 'tests', 'output');
mkdirSync(output, { recursive: true });

layer('Wasm start-up module size budget', 'node', ['bench/wasm-size.mjs', '--check']);
layer('cargo fmt --check', 'cargo', ['fmt', '--check'], { cwd: coreDir });
layer(
  'cargo clippy (warnings are errors)',
  'cargo',
  ['clippy', '--all-targets', '--all-features', '--', '-D', 'warnings'],
  { cwd: coreDir },
);
layer('cargo test', 'cargo', ['test'], { cwd: coreDir });
layer('TypeScript (strict)', 'npm', ['run', '--silent', 'typecheck']);
layer('ESLint', bin('eslint'), ['.']);
layer('Prettier', bin('prettier'), ['--check', '.', '--log-level', 'warn']);

const vitestReport = join(output, 'vitest-report.json');
layer('Vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
else failures.push('Vitest wrote no report');

if (chromium) {
  const playwrightReport = join(output, 'playwright-report.json');
  const port = await freePort(4173);
  layer('Playwright end-to-end (Chromium)', bin('playwright'), ['test'], {
    env: { CHROMIUM_PATH: chromium, STACKSIZER_E2E_PORT: String(port) },
  });
  const stats = readJson(playwrightReport)?.stats;
  if (stats) {
    console.log(
      `playwright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${stats.skipped} skipped, ${stats.flaky} flaky (passed when run again)`,
    );
  } else failures.push('Playwright wrote no report');
} else {
  failures.push('Playwright end-to-end tests could not run: Chromium is missing');
}

if (failures.length > 0) {
  console.error(`\nnpm test FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nnpm test: every layer passed');

// Playwright timing script (a benchmark, not a pass/fail test): a generated
// 10,000-VM RVTools export (tests/fixtures/make-inventory.py) imported in
// the app's Wasm build in Chromium. Timed from handing the file to the
// picker to the preview's totals on screen (read in the import Worker, the
// choices applied by the core), and from Import to the imported project's
// summary. Writes bench/results/import-app.json (docs/performance.md
// summarises it). Run with `npm run bench:import-app` after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { withServedApp } from './preview.mjs';
import { context, writeResult } from './results.mjs';

const VMS = 10_000;
const RUNS = 3;
const BUDGET_MS = 3000;

const file = join(mkdtempSync(join(tmpdir(), 'stacksizer-bench-')), 'rvtools-10000.xlsx');
execFileSync('python3', [
  join(root, 'tests/fixtures/make-inventory.py'),
  'rvtools',
  file,
  '--vms',
  String(VMS),
]);

async function importOnce(page, url) {
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import inventory…' }).click();
  const chooser = await choosing;
  const started = Date.now();
  await chooser.setFiles(file);
  const importButton = page
    .getByTestId('import-preview')
    .getByRole('button', { name: 'Import', exact: true });
  await page.getByTestId('preview-vms').waitFor({ timeout: 60_000 });
  await importButton.waitFor();
  const previewMs = Date.now() - started;
  const vms = await page.getByTestId('preview-vms').textContent();
  const applying = Date.now();
  await importButton.click();
  await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
  const applyMs = Date.now() - applying;
  return { preview_ms: previewMs, apply_ms: applyMs, total_ms: previewMs + applyMs, vms };
}

const started = context();
await withServedApp(4420, async (browser, url) => {
  const page = await browser.newPage();
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await importOnce(page, url));
  const totals = runs.map((r) => r.total_ms).sort((a, b) => a - b);
  const median = totals[Math.floor(totals.length / 2)];
  writeResult(
    'import-app',
    { vms: VMS, budget_ms: BUDGET_MS, median_total_ms: median, runs },
    started,
  );
  console.log(`10,000-VM RVTools import in the app: median ${median} ms (budget ${BUDGET_MS} ms)`);
});

// Playwright timing script (a benchmark, not a pass/fail test): the full
// design search of the shipped catalog for each seed example, run in the
// app's Wasm core in Chromium, from clicking Search to the ranked designs on
// screen. Writes bench/results/search-timing.json (docs/performance.md
// summarises it). Run with `npm run bench:search` after `npm run build`.
// For A/B runs, STACKSIZER_BENCH_DIST=/abs/dir times another build of the
// renderer and prints its figures instead, leaving bench/results/ alone.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { withServedApp } from './preview.mjs';
import { context, writeResult } from './results.mjs';
import { openFromExamplesMenu } from './ui-edits.mjs';

const RUNS = 3;
const DIST = process.env.STACKSIZER_BENCH_DIST;

async function searchOnce(page, url, example) {
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  await openFromExamplesMenu(page, example);
  await page.getByRole('tab', { name: 'Recommend' }).click();
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await search.waitFor();
  // Timed in the page, from the click to the frame after the counts appear:
  // Playwright's own waiting polls every 500 ms after its first tries, which
  // rounded every figure up to about 0.75, 1.25 or 1.75 s.
  const timing = page.evaluate(
    () =>
      new Promise((resolve) => {
        let clicked = 0;
        const onClick = () => (clicked = performance.now());
        document.addEventListener('click', onClick, { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="search-counts"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - clicked));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await search.click();
  const ms = Math.round(await timing);
  const counts = await page.getByTestId('search-counts').textContent();
  return { ms, counts: counts?.trim() };
}

// The seed examples, and the ESA example since the search sizes ESA too.
const examples = readdirSync(join(root, 'assets', 'examples')).filter(
  (f) => (f.startsWith('seed-') || f.startsWith('esa-')) && f.endsWith('.json'),
);
const started = context();
await withServedApp(
  Number(process.env.STACKSIZER_BENCH_PORT ?? 4310),
  async (browser, url) => {
    const page = await browser.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const results = [];
    for (const example of examples) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await searchOnce(page, url, example));
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      results.push({
        example,
        median_ms: times[Math.floor(times.length / 2)],
        runs_ms: times,
        counts: runs[0]?.counts,
      });
    }
    const record = { goal_ms: 1000, results };
    if (DIST) console.log(JSON.stringify({ ...started, ...record, dist: DIST }, null, 2));
    else writeResult('search-timing', record, started);
  },
  DIST,
);

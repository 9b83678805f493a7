// Playwright timing script (a benchmark, not a pass/fail test): edit ->
// figure-and-chart-updated latency over 100 edits, and cold start ->
// interactive. Writes tests/output/ui-timing.json; results are recorded in
// BENCHMARKS.md. Run with `npm run bench:ui` after `npm run build`.
import { record, withServedApp } from './preview.mjs';

const EDITS = 100;
const COLD_STARTS = 5;
const round = (ms) => Math.round(ms * 10) / 10;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

/** Navigation start -> the first evaluated figure on screen, in ms. */
async function coldStart(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

/** One edit of the host count -> the new raw figure (and its chart, same commit) painted. */
async function editLatency(page, hosts) {
  return page.evaluate(async (hosts) => {
    const input = document.querySelector('[data-testid="host-count"]');
    const figure = document.querySelector('[data-testid="raw-tb"]');
    const before = figure.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const start = performance.now();
    const updated = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (figure.textContent !== before) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }
      });
      observer.observe(figure, { childList: true, characterData: true, subtree: true });
    });
    setValue.call(input, String(hosts));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return updated;
  }, hosts);
}

await withServedApp(4300, async (browser, url) => {
  await coldStart(browser, url); // warms the browser's own start-up, not measured
  const cold = [];
  for (let i = 0; i < COLD_STARTS; i += 1) cold.push(await coldStart(browser, url));

  const page = await browser.newPage();
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  const latencies = [];
  for (let i = 0; i < EDITS; i += 1) latencies.push(await editLatency(page, 5 + (i % 60)));

  record('ui-timing.json', {
    measured_at: new Date().toISOString(),
    example: 'seed-001-all-flash-sql.json',
    edits: EDITS,
    edit_to_update_ms: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: round(Math.max(...latencies)),
    },
    cold_start_to_interactive_ms: {
      runs: cold.map(round),
      p50: percentile(cold, 50),
      max: round(Math.max(...cold)),
    },
    goals: { edit_p95_ms: 50, cold_start_ms: 1500 },
  });
});

// Playwright timing script (a benchmark, not a pass/fail test): edit ->
// figure-and-chart-updated latency over 100 edits, and cold start ->
// interactive. Writes bench/results/ui-timing.json (docs/performance.md
// summarises it). Run with `npm run bench:ui` after `npm run build`.
import { withServedApp } from './preview.mjs';
import { context, writeResult } from './results.mjs';

const EDITS = 100;
// The app opens on seed 001; seed 003 is the largest example file (SQL Server
// and Exchange on one cluster). The edits take either up to 64 hosts.
const DEFAULT_EXAMPLE = 'seed-001-all-flash-sql.json';
const EXAMPLES = [DEFAULT_EXAMPLE, 'seed-003-mixed-sql-exchange.json'];
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

/**
 * One edit of the host count, timed two ways (each to the next animation
 * frame, i.e. painted): to the new raw figure and the capacity waterfall,
 * which render in the same urgent React commit, and to every chart on the
 * dashboard updated (the others follow in a deferred render). Every chart
 * changes with the host count, so each one is waited for.
 */
async function editLatency(page, hosts) {
  return page.evaluate(async (hosts) => {
    const input = document.querySelector('[data-testid="host-count"]');
    const figure = document.querySelector('[data-testid="raw-tb"]');
    const charts = [...document.querySelectorAll('.dashboard [role="img"]')];
    const waterfall = document.querySelector('.dashboard [aria-label="Capacity waterfall"]');
    const before = figure.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const painted = (start) =>
      new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now() - start)));
    const changed = (element, test = () => true) =>
      new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (test()) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(element, {
          childList: true,
          characterData: true,
          attributes: true,
          subtree: true,
        });
      });
    const figureChanged = changed(figure, () => figure.textContent !== before);
    const waterfallChanged = changed(waterfall);
    const everyChartChanged = Promise.all(charts.map((chart) => changed(chart)));
    const start = performance.now();
    setValue.call(input, String(hosts));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const [figureMs, chartsMs] = await Promise.all([
      Promise.all([figureChanged, waterfallChanged]).then(() => painted(start)),
      everyChartChanged.then(() => painted(start)),
    ]);
    return { figureMs, chartsMs, charts: charts.length };
  }, hosts);
}

const started = context();
await withServedApp(4300, async (browser, url) => {
  await coldStart(browser, url); // warms the browser's own start-up, not measured
  const cold = [];
  for (let i = 0; i < COLD_STARTS; i += 1) cold.push(await coldStart(browser, url));

  const examples = [];
  for (const example of EXAMPLES) {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByTestId('raw-tb').waitFor();
    if (example !== DEFAULT_EXAMPLE) {
      await page.getByLabel('Open an example project').selectOption(example);
      await page.getByTestId('document-state').getByText(example).waitFor();
    }
    const edits = [];
    for (let i = 0; i < EDITS; i += 1) edits.push(await editLatency(page, 5 + (i % 60)));
    await page.close();
    const figure = edits.map((e) => e.figureMs);
    const charts = edits.map((e) => e.chartsMs);
    examples.push({
      example,
      edits: EDITS,
      edit_to_update_ms: {
        p50: percentile(figure, 50),
        p95: percentile(figure, 95),
        max: round(Math.max(...figure)),
      },
      edit_to_every_chart_ms: {
        charts: edits[0].charts,
        p50: percentile(charts, 50),
        p95: percentile(charts, 95),
        max: round(Math.max(...charts)),
      },
    });
  }

  writeResult(
    'ui-timing',
    {
      examples,
      cold_start_to_interactive_ms: {
        runs: cold.map(round),
        p50: percentile(cold, 50),
        max: round(Math.max(...cold)),
      },
      // The budgets of docs/performance.md.
      budgets: {
        edit_to_update_p95_ms: 16,
        edit_to_every_chart_p95_ms: 50,
        cold_start_p50_ms: 1000,
      },
    },
    started,
  );
});

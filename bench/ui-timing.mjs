// Playwright timing script (a benchmark, not a pass/fail test): edit ->
// figure-and-chart-updated latency over 100 edits of each example and 40 of
// a generated 2,000-workload project, and cold start -> interactive. Writes
// bench/results/ui-timing.json (docs/performance.md summarises it). Run
// with `npm run bench:ui` after `npm run build`; STACKSIZER_BENCH_PORT picks
// the port (else 4300 or the next free one). For A/B runs:
//   STACKSIZER_BENCH_CASES=cold,seed-003  only these cases (cold, seed-001,
//     seed-003, generated), and STACKSIZER_BENCH_DIST=DIR another build of
//     the renderer; either prints the record without writing bench/results.
import { withServedApp } from './preview.mjs';
import { context, writeResult } from './results.mjs';
import {
  EXAMPLES,
  GENERATED_FILE,
  GENERATED_WORKLOADS,
  editLatency,
  hostsOfEdit,
  openExample,
  openGenerated,
} from './ui-edits.mjs';

const EDITS = 100;
const GENERATED_EDITS = 40;
const COLD_STARTS = Number(process.env.STACKSIZER_BENCH_COLD_STARTS ?? 5);
const CASES = process.env.STACKSIZER_BENCH_CASES?.split(',');
const DIST = process.env.STACKSIZER_BENCH_DIST;
const runs = (name) => !CASES || CASES.includes(name);
const caseOf = (example) => example.match(/^seed-\d+/)[0];
const round = (ms) => Math.round(ms * 10) / 10;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

const spread = (values) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: round(Math.max(...values)),
});

/** In the page: when the first figure is in the DOM, the next animation frame's time. */
function recordFigurePainted() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="raw-tb"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__figurePainted = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Navigation start -> the first evaluated figure on screen, in ms, as
 * Playwright sees it (the budget's measure), and as the page itself
 * records it: the frame that paints the figure. The difference is
 * Playwright's polling and whatever the page runs meanwhile.
 */
async function coldStart(browser, url) {
  const page = await browser.newPage();
  await page.addInitScript(recordFigurePainted);
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  const ms = await page.evaluate(() => performance.now());
  const painted = await page.evaluate(() => window.__figurePainted);
  await page.close();
  return { ms, painted };
}

/** `count` timed edits on an open page, summarised. */
async function timeEdits(page, project, count) {
  const edits = [];
  for (let i = 0; i < count; i += 1) edits.push(await editLatency(page, hostsOfEdit(i)));
  await page.close();
  return {
    project,
    edits: count,
    edit_to_update_ms: spread(edits.map((e) => e.figureMs)),
    edit_to_update_frames: spread(edits.map((e) => e.figureFrames)),
    edit_to_every_chart_ms: { charts: edits[0].charts, ...spread(edits.map((e) => e.chartsMs)) },
  };
}

const started = context();
const port = Number(process.env.STACKSIZER_BENCH_PORT ?? 4300);
await withServedApp(
  port,
  async (browser, url) => {
    const cold = [];
    if (runs('cold')) {
      await coldStart(browser, url); // warms the browser's own start-up, not measured
      for (let i = 0; i < COLD_STARTS; i += 1) cold.push(await coldStart(browser, url));
    }

    const examples = [];
    for (const example of EXAMPLES.filter((e) => runs(caseOf(e)))) {
      examples.push(await timeEdits(await openExample(browser, url, example), example, EDITS));
    }
    const generated = runs('generated')
      ? await timeEdits(
          await openGenerated(browser, url),
          `${GENERATED_FILE} (seed 003's workloads repeated to ${GENERATED_WORKLOADS})`,
          GENERATED_EDITS,
        )
      : undefined;

    const ms = cold.map((c) => c.ms);
    const painted = cold.map((c) => c.painted);
    const record = {
      examples,
      generated,
      cold_start_to_interactive_ms: cold.length
        ? { runs: ms.map(round), ...spread(ms) }
        : undefined,
      cold_start_figure_painted_in_page_ms: cold.length
        ? { runs: painted.map(round), ...spread(painted) }
        : undefined,
      // The budgets of docs/performance.md.
      budgets: {
        edit_to_update_p95_ms: 16,
        edit_to_update_p95_frames: 1,
        edit_to_every_chart_p95_ms: 50,
        generated_edit_to_every_chart_p95_ms: 100,
        cold_start_p50_ms: 1000,
      },
    };
    if (CASES || DIST) console.log(JSON.stringify({ ...started, ...record, dist: DIST }, null, 2));
    else writeResult('ui-timing', record, started);
  },
  DIST,
);

// What the UI timing and profiling scripts share: the projects they open in
// the built app and one timed edit of the host count.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { generatedProject } from './generated-project.mjs';

// The app opens on seed 001; seed 003 is the largest example file (SQL Server
// and Exchange on one cluster). The edits take either up to 64 hosts.
export const DEFAULT_EXAMPLE = 'seed-001-all-flash-sql.json';
export const EXAMPLES = [DEFAULT_EXAMPLE, 'seed-003-mixed-sql-exchange.json'];
/** The generated project: seed 003's workloads repeated to this many. */
export const GENERATED_WORKLOADS = 2000;
export const GENERATED_FILE = `generated-${GENERATED_WORKLOADS}-workloads.json`;

const exampleText = (fileName) => readFileSync(join(root, 'assets', 'examples', fileName), 'utf8');

/** A fresh page on the app, showing `example`'s figures. */
export async function openExample(browser, url, example) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByTestId('raw-tb').waitFor();
  if (example !== DEFAULT_EXAMPLE) await openFromExamplesMenu(page, example);
  // The charts follow the figures in a deferred render: an edit times them only once they are there.
  await page.locator('.dashboard [aria-label^="Capacity waterfall"]').waitFor();
  return page;
}

/** Opens a shipped example from the menu bar's Examples menu, where it is listed by its project name. */
export async function openFromExamplesMenu(page, example) {
  const { name } = JSON.parse(exampleText(example));
  await page
    .getByRole('navigation', { name: 'Menu bar' })
    .getByRole('button', { name: 'Examples', exact: true })
    .click();
  await page.getByRole('menu', { name: 'Examples' }).getByText(name, { exact: true }).click();
  await page.getByTestId('document-state').getByText(example).waitFor();
}

/** A fresh page with the generated project opened as a file, as a user opens one. */
export async function openGenerated(browser, url) {
  const page = await openExample(browser, url, DEFAULT_EXAMPLE);
  const text = JSON.stringify(
    generatedProject(exampleText(EXAMPLES[1]), GENERATED_WORKLOADS),
    null,
    2,
  );
  const seed001Raw = await page.getByTestId('raw-tb').textContent();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open…' }).click();
  await (
    await choosing
  ).setFiles({ name: GENERATED_FILE, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByTestId('document-state').getByText(GENERATED_FILE).waitFor();
  // Opened is not yet evaluated: wait for its own raw capacity (seed 003's
  // cluster), then for the deferred charts to follow.
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="raw-tb"]')?.textContent !== before,
    seed001Raw,
  );
  await page.waitForTimeout(1000);
  return page;
}

/** The host counts the edits step through: always a change, within every example's range. */
export const hostsOfEdit = (i) => 5 + (i % 60);

/**
 * One edit of the host count, timed two ways (each to the next animation
 * frame, i.e. painted; the first also in frames): to the new raw figure,
 * which the key figure tiles show in the urgent React commit, and to every
 * chart on the dashboard updated (they follow in a deferred render). Every
 * chart changes with the host count, so each one is waited for.
 */
export async function editLatency(page, hosts) {
  return page.evaluate(async (hosts) => {
    const input = document.querySelector('[data-testid="host-count"]');
    const figure = document.querySelector('[data-testid="raw-tb"]');
    // Every chart is an svg.chart; one whose marks open their explanation is a group, not an image.
    const charts = [...document.querySelectorAll('.dashboard svg.chart')];
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
    // Frames begin every 16.7 ms whatever the page does, so an update that
    // is ready at once still waits up to a frame to be painted: count the
    // frames too ("one frame" is the update painted in the first frame).
    let frames = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const figureChanged = changed(figure, () => figure.textContent !== before);
    const everyChartChanged = Promise.all(charts.map((chart) => changed(chart)));
    const start = performance.now();
    setValue.call(input, String(hosts));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // A chart that never changes would stall the run: fail it instead, by name.
    const stalled = new Promise((_, reject) =>
      setTimeout(() => {
        const names = charts.map((chart) => chart.getAttribute('aria-label')).join(', ');
        reject(new Error(`an edit to ${hosts} hosts left a chart unchanged after 30 s (${names})`));
      }, 30_000),
    );
    const [[figureMs, figureFrames], chartsMs] = await Promise.race([
      stalled,
      Promise.all([
        figureChanged.then(() => Promise.all([painted(start), frames + 1])),
        everyChartChanged.then(() => painted(start)),
      ]),
    ]);
    counting = false;
    return { figureMs, figureFrames, chartsMs, charts: charts.length };
  }, hosts);
}

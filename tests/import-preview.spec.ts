import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const work = mkdtempSync(join(tmpdir(), 'stacksizer-import-'));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe is injected as an inline script, which the app's CSP rightly forbids.
test.use({ bypassCSP: true, viewport: { width: 1280, height: 720 } });

type Kind = 'rvtools' | 'rvtools-csv' | 'live-optics' | 'live-optics-zip';

/** A file (or, for rvtools-csv, a folder) written by tests/fixtures/make-inventory.py (openpyxl, not our code). */
function inventory(kind: Kind, name: string, ...flags: string[]): string {
  const path = join(work, name);
  execFileSync('python3', ['tests/fixtures/make-inventory.py', kind, path, ...flags]);
  return path;
}

/** RVTools CSV tabs written into a folder of their own, one file per tab. */
function csvTabs(folder: string, tabs: string[]): string[] {
  const dir = inventory('rvtools-csv', folder, '--tabs', tabs.join(','));
  return tabs.map((tab) => join(dir, `RVTools_tab${tab}.csv`));
}

async function openPreview(page: Page, files: string | string[]) {
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import inventory…' }).click();
  const chooser = await choosing;
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
  const dialog = page.getByTestId('import-preview');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  return dialog;
}

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: string) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return axe.run('.bp6-dialog.import-preview');
  });
  return (results.violations as { id: string; impact: string; nodes: unknown[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
}

/** The window with the dialog, its body scrolled to the top (the source clusters' tables). */
async function screenshotDialog(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const dialog = page.getByTestId('import-preview');
  await dialog.locator('.import-body').evaluate((body) => body.scrollTo(0, 0));
  await page.screenshot({ path: `tests/output/${name}` });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('an RVTools preview: SQL Server candidates, exclusions, existing hosts, then sized', async ({
  page,
}) => {
  const dialog = await openPreview(page, inventory('rvtools', 'inventory.xlsx'));
  await expect(dialog.getByRole('heading', { name: 'Import inventory.xlsx' })).toBeVisible();
  await expect(dialog).toContainText('13 VMs, 7 hosts in 2 source clusters');
  // Powered on, not templates, readable: 13 rows less spare01, the template and broken01.
  await expect(page.getByTestId('preview-vms')).toHaveText('10');
  const candidates = page.getByTestId('sql-candidates');
  await expect(candidates).toContainText('SQL Server candidates (4)');
  await expect(candidates).toContainText('finance01: its annotation names SQL Server');
  await expect(candidates).not.toContainText('mysql01');
  await expect(page.getByTestId('preview-sql')).toHaveText('4');
  await expect(dialog.getByRole('region', { name: 'Source cluster PROD-SQL-CL01' })).toContainText(
    'existing hosts: 4, 128 cores, 2,048 GiB',
  );

  await page.getByTestId('exclude-names').fill('*-old');
  await expect(page.getByTestId('preview-vms')).toHaveText('8');
  await dialog.getByRole('checkbox', { name: 'Import web03 (row 9)' }).uncheck();
  await expect(page.getByTestId('preview-vms')).toHaveText('7');
  await dialog.getByRole('checkbox', { name: 'Import spare01 (row 12)' }).check();
  await expect(page.getByTestId('preview-vms')).toHaveText('8');

  await dialog.getByLabel('Database share of disk').fill('150');
  await expect(dialog.getByText('must be between 0 and 100 (got 150)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByLabel('Database share of disk').fill('60');
  // The range message leaves once the preview re-applies; clicking before that
  // can land on a checkbox the shrinking layout is moving.
  await expect(dialog.getByText('must be between 0 and 100 (got 150)')).toBeHidden();
  await dialog.getByLabel('SQL Server IOPS per VM when not measured').fill('2000');
  await page.getByTestId('baseline-clusters').check();
  await expect(page.getByTestId('baseline-scenario')).toBeDisabled();

  await dialog.getByText(/^Skipped rows \(\d+\)/).click();
  const broken = page.getByTestId('skipped-rows').getByRole('row', { name: /broken01/ });
  await expect(broken).toContainText('vInfo');
  await expect(broken).toContainText('14');
  await expect(broken).toContainText('CPUs');

  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotDialog(page, 'import-preview-1280.png', { width: 1280, height: 720 });
  await screenshotDialog(page, 'import-preview-1920.png', { width: 1920, height: 1080 });

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vms-imported')).toHaveText('8');
  await expect(page.getByTestId('sql-server-vms')).toHaveText('4');
  await expect(page.getByTestId('document-state')).toContainText('unsaved');
  // Sized on the existing hosts: the results show the imported design's figures.
  await expect(page.getByTestId('raw-tb')).not.toHaveText('12.80 TB');
  await expect(page.getByTestId('raw-tb')).toHaveText(/\d TB$/);
  await page.getByRole('tab', { name: 'Design' }).click();
  await expect(page.getByText('Existing hosts · PROD-SQL-CL01').first()).toBeVisible();
  await page.screenshot({ path: 'tests/output/import-preview-sized.png', fullPage: true });

  // One undoable edit: undo brings the example project back.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('Cancel closes the preview and changes nothing', async ({ page }) => {
  const dialog = await openPreview(page, inventory('rvtools', 'cancelled.xlsx'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await expect(page.getByTestId('import-summary')).toBeHidden();
});

test('reading a large file shows a growing percentage, then its preview', async ({ page }) => {
  const file = inventory('rvtools', 'large-progress.xlsx', '--vms', '10000');
  // Every percentage the bar shows, recorded as the page renders it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { percents: string[] }).percents = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="import-percent"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import inventory…' }).click();
  await (await choosing).setFiles(file);
  const dialog = page.getByTestId('import-preview');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled({
    timeout: 60_000,
  });
  const percents = await page.evaluate(() =>
    (window as unknown as { percents: string[] }).percents.map((p) => Number.parseInt(p, 10)),
  );
  expect(percents.length).toBeGreaterThanOrEqual(3);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  // Within the core's read, not only the stages before it.
  expect(percents.some((p) => p > 20 && p < 100)).toBe(true);
  await expect(page.getByTestId('preview-vms')).toHaveText('9470');
});

test('reading a large file shows its stage, and Cancel stops it with nothing changed', async ({
  page,
}) => {
  const file = inventory('rvtools', 'large.xlsx', '--vms', '10000');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import inventory…' }).click();
  await (await choosing).setFiles(file);
  const dialog = page.getByTestId('import-preview');
  await expect(dialog.getByRole('progressbar', { name: 'Reading large.xlsx' })).toBeVisible();
  await expect(page.getByTestId('import-stage')).toBeVisible();
  await expect(page.getByTestId('import-percent')).toHaveText(/^\d+ %$/);
  await page.screenshot({ path: 'tests/output/import-reading-1280.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The read was ended, not left to finish: no preview turns up afterwards.
  await page.waitForTimeout(3000);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('a Live Optics export: measured IOPS, and the existing hosts kept as a scenario', async ({
  page,
}) => {
  const dialog = await openPreview(page, inventory('live-optics', 'live-optics.xlsx'));
  await expect(dialog).toContainText('Live Optics export');
  await expect(dialog).toContainText('measured IOPS per VM (peak and 95th percentile)');
  const vm = dialog.getByRole('row', { name: /LO-SQL01/ });
  await expect(vm).toContainText('4,000 / 2,500');
  await expect(dialog.getByRole('region', { name: 'Source cluster LO-CL01' })).toContainText(
    'existing hosts: 2, 48 cores, 768 GiB',
  );
  await page.getByTestId('baseline-scenario').check();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vms-imported')).toHaveText('4');
  await expect(page.getByTestId('raw-tb')).not.toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('button', { name: 'Remove Existing hosts' })).toBeVisible();
});

test('dropping an inventory on the window opens its preview', async ({ page }) => {
  const file = inventory('live-optics', 'dropped.xlsx');
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name));
      return transfer;
    },
    { base64: readFileSync(file).toString('base64'), name: 'dropped.xlsx' },
  );
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  const dialog = page.getByTestId('import-preview');
  await expect(dialog.getByRole('heading', { name: 'Import dropped.xlsx' })).toBeVisible();
  await expect(page.getByTestId('preview-vms')).toHaveText('4');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('RVTools CSV tabs picked together: matched by their tabs, read as one export', async ({
  page,
}) => {
  const dialog = await openPreview(
    page,
    csvTabs('csv-all', ['vPartition', 'vInfo', 'vHost', 'vDisk']),
  );
  await expect(
    dialog.getByRole('heading', { name: 'Import RVTools_tabvPartition.csv and 3 more' }),
  ).toBeVisible();
  await expect(dialog).toContainText('13 VMs, 7 hosts in 2 source clusters');
  await expect(page.getByTestId('preview-vms')).toHaveText('10');
  // Only the tab that was not given is named.
  await expect(page.getByTestId('missing-tabs')).toHaveText(/^Not given: vDatastore\./);
  await expect(dialog.getByRole('region', { name: 'Source cluster PROD-SQL-CL01' })).toContainText(
    'existing hosts: 4, 128 cores, 2,048 GiB',
  );
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vms-imported')).toHaveText('10');
  await expect(page.getByTestId('raw-tb')).not.toHaveText('12.80 TB');
});

test('vInfo alone: the preview says which tabs are missing and what that costs', async ({
  page,
}) => {
  const dialog = await openPreview(page, csvTabs('csv-vinfo', ['vInfo']));
  const missing = page.getByTestId('missing-tabs');
  await expect(missing).toContainText('Not given: vDisk, vPartition, vDatastore, vHost.');
  await expect(missing).toContainText("vPartition: in-use storage comes from vInfo's In Use MiB");
  await expect(missing).toContainText('no source cluster is offered as a baseline');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  await screenshotDialog(page, 'import-preview-csv-vinfo-1280.png', { width: 1280, height: 720 });
});

test('several CSV tabs dropped on the window are read together', async ({ page }) => {
  const files = csvTabs('csv-dropped', ['vInfo', 'vDisk']);
  const dataTransfer = await page.evaluateHandle(
    (dropped) => {
      const transfer = new DataTransfer();
      for (const { text, name } of dropped) transfer.items.add(new File([text], name));
      return transfer;
    },
    files.map((path) => ({ text: readFileSync(path, 'utf8'), name: basename(path) })),
  );
  await page.dispatchEvent('body', 'drop', { dataTransfer });
  const dialog = page.getByTestId('import-preview');
  await expect(
    dialog.getByRole('heading', { name: 'Import RVTools_tabvInfo.csv and 1 more' }),
  ).toBeVisible();
  await expect(page.getByTestId('missing-tabs')).toHaveText(
    /^Not given: vPartition, vDatastore, vHost\./,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('a Live Optics .zip, generated by the test, imported through the preview and sized', async ({
  page,
}) => {
  const dialog = await openPreview(page, inventory('live-optics-zip', 'live-optics.zip'));
  await expect(dialog.getByRole('heading', { name: 'Import live-optics.zip' })).toBeVisible();
  await expect(dialog).toContainText('Live Optics export');
  await expect(dialog).toContainText('measured IOPS per VM (peak and 95th percentile)');
  await expect(dialog.getByRole('row', { name: /LO-SQL01/ })).toContainText('4,000 / 2,500');
  await expect(page.getByTestId('preview-vms')).toHaveText('4');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vms-imported')).toHaveText('4');
  await expect(page.getByTestId('raw-tb')).not.toHaveText('12.80 TB');
  await expect(page.getByTestId('raw-tb')).toHaveText(/\d TB$/);
});

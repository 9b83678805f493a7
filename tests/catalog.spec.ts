import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { menuCommand } from './support/menu';

const work = mkdtempSync(join(tmpdir(), 'stacksizer-catalog-e2e-'));

interface ShippedPart {
  id: string;
  unit_price: number;
}
const shipped = JSON.parse(readFileSync('assets/catalog/catalog.json', 'utf8')) as {
  parts: ShippedPart[];
  defaults: { host: string; capacity_device: string };
};
const price = (id: string) => shipped.parts.find((p) => p.id === id)?.unit_price ?? NaN;

function file(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

/** Every shipped part at half its price: any design's cost halves. */
const halfPrices = () =>
  file(
    'half-prices.csv',
    ['id,unit_price', ...shipped.parts.map((p) => `${p.id},${p.unit_price / 2}`)].join('\n'),
  );

/** The host price on the BOM sheet of a workbook, read by openpyxl (not by us). */
function bomHostPrice(path: string, host: string): number {
  const script = [
    'import sys, openpyxl',
    'bom = openpyxl.load_workbook(sys.argv[1])["BOM"]',
    'rows = [[c.value for c in r] for r in bom.iter_rows()]',
    'head = next(r for r in rows if "Part" in r)',
    'col = next(i for i, h in enumerate(head) if str(h).startswith("Unit price"))',
    'line = next(r for r in rows if any(isinstance(v, str) and sys.argv[2] in v for v in r))',
    'print(line[col])',
  ].join('\n');
  return Number(execFileSync('python3', ['-c', script, path, host], { encoding: 'utf8' }));
}

async function choose(page: Page, button: string, path: string) {
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await choosing).setFiles(path);
}

/** A project built from the catalog's default parts, as an RVTools import makes one. */
async function openStarterProject(page: Page) {
  const inventory = join(work, 'inventory.xlsx');
  execFileSync('python3', ['tests/fixtures/make-rvtools.py', inventory]);
  await choose(page, 'Import inventory…', inventory);
  await page
    .getByTestId('import-preview')
    .getByRole('button', { name: 'Import', exact: true })
    .click();
  await expect(page.getByTestId('import-summary')).toBeVisible();
}

async function searchCost(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-counts')).toContainText('evaluated', { timeout: 120_000 });
  const cell = page.getByTestId('designs').locator('tbody tr').first().locator('td').nth(1);
  return Number((await cell.innerText()).replace(/[^0-9.]/g, ''));
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('a user catalog with changed prices changes the design search cost and the BOM', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openStarterProject(page);
  const listCost = await searchCost(page);

  await page.getByRole('tab', { name: 'Catalog' }).click();
  await expect(page.getByTestId('catalog-price-sync')).toContainText('match the catalog');
  await choose(page, 'Import catalog…', halfPrices());
  const summary = page.getByTestId('catalog-import-summary');
  await expect(summary).toContainText(`${shipped.parts.length} overriding shipped parts`);
  const host = page.locator(`tr[data-part="${shipped.defaults.host}"]`);
  const half = (price(shipped.defaults.host) / 2).toLocaleString('en-US');
  await expect(host.locator('td').nth(5)).toHaveText(`${half}.00 USD`);
  await expect(page.getByTestId('catalog-counts')).toContainText(
    `${shipped.parts.length} from your catalog`,
  );
  const sync = page.getByTestId('catalog-price-sync');
  await expect(sync).toContainText('3 part prices in this project differ');
  await page.screenshot({ path: 'tests/output/catalog-imported.png', fullPage: true });
  await sync.getByRole('button', { name: 'Apply catalog prices' }).click();
  await expect(sync).toContainText('match the catalog');

  const downloading = page.waitForEvent('download');
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const report = join(work, 'report.xlsx');
  await (await downloading).saveAs(report);
  expect(bomHostPrice(report, 'PowerEdge R760')).toBe(price(shipped.defaults.host) / 2);

  expect(await searchCost(page)).toBeCloseTo(listCost / 2, 0);
  await page.screenshot({ path: 'tests/output/catalog-search.png', fullPage: true });

  // Undo takes the applied prices back out of the project.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await expect(sync).toContainText('3 part prices in this project differ');
});

test('a malformed catalog names the row and column and changes nothing', async ({ page }) => {
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await expect(page.getByTestId('catalog-counts')).toContainText('0 from your catalog');
  await choose(
    page,
    'Import catalog…',
    file('bad.csv', `id,unit_price\n${shipped.defaults.host},100\nmicron-7450-pro-3840,cheap\n`),
  );
  const problem = page.getByTestId('catalog-problem');
  await expect(problem).toContainText('bad.csv was not imported');
  await expect(problem).toContainText(
    'row 3, column "unit_price" (B3): expected a number, found "cheap"',
  );
  await page.screenshot({ path: 'tests/output/catalog-malformed.png', fullPage: true });
  await expect(page.getByTestId('catalog-counts')).toContainText('0 from your catalog');
  await expect(page.getByRole('button', { name: 'Revert to shipped catalog' })).toBeDisabled();
  await expect(page.getByTestId('catalog-import-summary')).toHaveCount(0);
});

test('an exported catalog imports back the same, and the catalog survives a reload', async ({
  page,
}) => {
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await choose(
    page,
    'Import catalog…',
    file('prices.csv', 'id,part_number,unit_price\nmicron-7450-pro-3840,MTFDKCC3T8TFR,499\n'),
  );
  const row = page.locator('tr[data-part="micron-7450-pro-3840"]');
  await expect(row.locator('td').nth(5)).toHaveText('499.00 USD');
  await expect(row.locator('td').nth(7)).toHaveText('MTFDKCC3T8TFR');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export catalog CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('catalog.csv');
  const exported = join(work, 'exported.csv');
  await download.saveAs(exported);
  expect(readFileSync(exported, 'utf8').split('\n').length).toBe(shipped.parts.length + 2);

  await page.reload();
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await expect(row.locator('td').nth(5)).toHaveText('499.00 USD');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Revert to shipped catalog' }).click();
  await expect(row.locator('td').nth(5)).toHaveText('');
  await expect(page.getByTestId('catalog-counts')).toContainText('0 from your catalog');

  await choose(page, 'Import catalog…', exported);
  await expect(page.getByTestId('catalog-import-summary')).toContainText(
    `${shipped.parts.length} parts read, 1 overriding shipped parts, 0 added, ${shipped.parts.length - 1} the same as shipped`,
  );
  await expect(row.locator('td').nth(5)).toHaveText('499.00 USD');
  await expect(row.locator('td').nth(7)).toHaveText('MTFDKCC3T8TFR');
});

test('a workloads CSV adds its workloads to the project, undoably', async ({ page }) => {
  await page.getByRole('tab', { name: 'Workloads' }).click();
  const rows = page.locator('table.workloads tbody tr');
  // The grid loads on first use: count its rows once it is there.
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await choose(page, 'Import workloads CSV…', 'assets/templates/workloads.csv');
  const summary = page.getByTestId('workloads-import-summary');
  await expect(summary).toContainText('6 workloads');
  await expect(summary).toContainText('Exchange 2016 DAG');
  await expect(rows).toHaveCount(before + 6);
  await expect(page.getByRole('status')).toContainText('Added 6 workloads from workloads.csv');
  await page.screenshot({ path: 'tests/output/workloads-csv-import.png', fullPage: true });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(rows).toHaveCount(before);

  const bad = file(
    'bad-workloads.csv',
    'name,kind,vm_count,vcpu_per_vm,ram_gb_per_vm,disk_gb_per_vm,iops_per_vm,read_pct\nweb,vm_group,2,two,8,100,50,70\n',
  );
  await choose(page, 'Import workloads CSV…', bad);
  const problem = page.getByRole('alertdialog');
  await expect(problem).toContainText('bad-workloads.csv was not opened or imported');
  await expect(problem).toContainText('row 2, column "vcpu_per_vm" (D2)');
  await expect(rows).toHaveCount(before);
});

test('the workloads CSV export reads back as the same workloads', async ({ page }) => {
  await page.getByRole('tab', { name: 'Workloads' }).click();
  const rows = page.locator('table.workloads tbody tr');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  const downloading = page.waitForEvent('download');
  await menuCommand(page, 'File', 'Export workloads CSV…');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Seed-001-.*-workloads\.csv$/);
  await expect(page.getByRole('status')).toContainText(
    `Exported as ${download.suggestedFilename()}.`,
  );
  const exported = join(work, 'exported-workloads.csv');
  await download.saveAs(exported);
  await choose(page, 'Import workloads CSV…', exported);
  await expect(page.getByRole('status').filter({ hasText: 'exported-workloads.csv' })).toHaveText(
    `Added ${before} workloads from exported-workloads.csv.`,
  );
  await expect(rows).toHaveCount(2 * before);
});

test('a host and disk-group devices picked from the catalog carry their ids and prices', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Design' }).click();

  await page.getByRole('button', { name: 'Choose the host from the catalog…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a host for cluster 1' });
  // Seed-era servers are left out unless asked for.
  await expect(picker.locator('tr[data-part="dell-r630-2s12c-seed001"]')).toHaveCount(0);
  await picker.getByLabel('Include seed-era (legacy) parts').check();
  await expect(picker.locator('tr[data-part="dell-r630-2s12c-seed001"]')).toHaveCount(1);
  await picker.getByLabel('Vendor').selectOption('Dell');
  await picker.getByLabel('Search').fill('R760 6430');
  await expect(picker.locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: 'tests/output/catalog-picker-1280x720.png' });
  await picker
    .getByRole('button', { name: 'Use Dell PowerEdge R760 (dell-r760-gold6430)' })
    .click();
  await expect(picker).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'dell-r760-gold6430 is used' }),
  ).toHaveText(
    `dell-r760-gold6430 is used, priced at ${price('dell-r760-gold6430').toLocaleString('en-US')} USD.`,
  );
  await expect(page.getByLabel('Host model')).toHaveValue(/^Dell PowerEdge R760/);
  await expect(page.getByTestId('host-part-0')).toHaveText('Priced at 28,000 USD per host.');

  await page.getByRole('button', { name: 'Choose the cache device from the catalog…' }).click();
  const cache = page.getByRole('dialog', { name: 'Choose a cache device for cluster 1' });
  // Capacity-tier-only parts cannot be cache devices.
  await expect(cache.locator('tr[data-part="micron-7450-pro-3840"]')).toHaveCount(0);
  await cache
    .getByRole('button', { name: 'Use Micron 7450 MAX 1.6 TB NVMe U.3 (micron-7450-max-1600)' })
    .click();
  await page.getByRole('button', { name: 'Choose the capacity device from the catalog…' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a capacity device for cluster 1' })
    .getByRole('button', { name: 'Use Micron 7450 PRO 3.84 TB NVMe U.3 (micron-7450-pro-3840)' })
    .click();
  await expect(page.getByLabel('Disk group 2 cache device', { exact: true })).toHaveValue(
    'micron-7450-max-1600',
  );
  await expect(page.getByLabel('Disk group 1 capacity device', { exact: true })).toHaveValue(
    'micron-7450-pro-3840',
  );

  // 4 hosts x 2 disk groups x (1 + 4) devices, every line priced from the catalog.
  await page.getByRole('tab', { name: 'Results' }).click();
  const cost =
    4 * price('dell-r760-gold6430') +
    8 * price('micron-7450-max-1600') +
    32 * price('micron-7450-pro-3840');
  await expect(page.getByTestId('cluster-cost')).toContainText(
    `${cost.toLocaleString('en-US')} USD`,
  );
  await expect(page.getByTestId('raw-tb')).toHaveText('122.88 TB');
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await page.getByRole('tab', { name: 'Design' }).click();
    await page
      .getByRole('button', { name: 'Choose the capacity device from the catalog…' })
      .click();
    await page.screenshot({
      path: `tests/output/catalog-picker-devices-${size.width}x${size.height}.png`,
    });
    await page.keyboard.press('Escape');
  }
});

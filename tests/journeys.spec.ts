// From a new project to a sized design, all through the UI: the workloads
// of issue 19 on each architecture, and a block of rows pasted from a
// spreadsheet.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

const AG = 'SQL Server AlwaysOn AG';
const OLTP = 'SQL Server OLTP (standalone)';
const VMS = 'Generic VM group';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/** Both screen sizes: a screenshot of the page, and no sideways page scroll. */
async function screenshots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${size.width}x${size.height}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `tests/output/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]);
}

async function newProject(page: Page) {
  await page.setViewportSize(SIZES[0]);
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  // The template: 4 hosts x 2 disk groups x 4 x 3.84 TB all-flash.
  await expect(page.getByTestId('raw-tb')).toHaveText('122.88 TB');
}

/** An AG of 2 x 1.5 TB at 20,000 IOPS 70/30, a standalone OLTP database and 50 generic VMs. */
async function addWorkloads(page: Page) {
  await page.getByRole('tab', { name: 'Workloads' }).click();
  const add = page.getByLabel('Add a workload from a template');
  await add.selectOption('sql-ag');
  const cell = (workload: string, field: string) =>
    page.getByLabel(`${workload} ${field}`, { exact: true });
  await cell(AG, 'Database (GB)').fill('1536');
  await cell(AG, 'Target IOPS (IOPS)').fill('20000');
  await cell(AG, 'Reads (%)').fill('70');
  await expect(cell(AG, 'AG replicas')).toHaveValue('2');
  await expect(cell(AG, 'AG commit')).toHaveValue('sync');
  await add.selectOption('sql');
  await add.selectOption('vm-group');
  await cell(VMS, 'VMs').fill('50');
  // 20,000 + the writes a synchronous secondary replays (30 % of 20,000)
  // + the OLTP template's 5,000 + 50 VMs x 50 IOPS.
  await expect(page.getByTestId('front-end-iops')).toHaveText('33,500 IOPS');
  await expect(page.locator('table.workloads tbody tr[data-testid]')).toHaveCount(3);
}

test('a: a 4-host all-flash cluster sizes an AG, an OLTP database and 50 VMs', async ({ page }) => {
  await newProject(page);
  await addWorkloads(page);
  // AG 2 x (1,536 + 100 + 100) GB, OLTP 700 GB, VMs 50 x 100 GB, grown
  // 10 % a year for 3 years, plus swap, mirrored (RAID-1 FTT=1).
  await expect(page.getByTestId('required')).toContainText('TB');
  const required = await page.getByTestId('required').textContent();
  // The details panel explains the field the cursor is in.
  await page.getByLabel(`${AG} Reads (%)`, { exact: true }).focus();
  const details = page.getByRole('region', { name: /SQL Server AlwaysOn AG: SQL Server/ });
  await expect(details).toContainText('Defaults from: TPC-E-like OLTP');
  await expect(details).toContainText('Allowed: 0 to 100');
  await screenshots(page, 'journey-a-workloads');

  // Reserving the AG's memory shrinks its swap objects: less is required.
  await page.getByLabel(`${AG} reserved RAM per VM (GB)`, { exact: true }).fill('64');
  await expect(page.getByTestId('required')).not.toHaveText(required ?? '');
  await page.getByLabel(`${AG} reserved RAM per VM (GB)`, { exact: true }).fill('65');
  await expect(page.getByText('must be between 0 and 64 (got 65)').first()).toBeVisible();
});

test('b: the same workloads on a stretched cluster at 2 ms RTT', async ({ page }) => {
  await newProject(page);
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByLabel('Topology', { exact: true }).selectOption('stretched');
  await expect(page.getByLabel('Hosts per site')).toHaveValue('2');
  await expect(page.getByLabel('Inter-site RTT', { exact: true })).toHaveValue('2');
  await addWorkloads(page);
  await expect(page.getByTestId('rtt')).toContainText('2');
  await expect(page.getByTestId('tps-change')).toContainText('%');
  await screenshots(page, 'journey-b-stretched');
});

test('c: the same workloads on vSAN ESA', async ({ page }) => {
  await newProject(page);
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByLabel('Architecture', { exact: true }).selectOption('vsan_esa');
  const question = page.getByRole('dialog', { name: /Convert Cluster 1 to vSAN ESA/ });
  await expect(question).toContainText(
    'Kept: the cluster’s name, hosts, host count, workloads and topology. To choose again: the storage',
  );
  await question.getByRole('button', { name: 'Convert' }).click();
  // 4 hosts x 6 x 3.84 TB NVMe, the ESA example's pool.
  await expect(page.getByTestId('raw-tb')).toHaveText('92.16 TB');
  await screenshots(page, 'journey-c-esa-design');
  await addWorkloads(page);
  await expect(page.getByTestId('esa-workloads').locator('tbody tr')).toHaveCount(3);
  // Failure what-ifs as on OSA: the N+1 column has a figure for the
  // datastore, capacity and IOPS, and the scenarios are listed.
  const utilisation = page.getByTestId('utilisation');
  for (const figure of ['datastore_fullness', 'capacity_usable', 'iops'])
    await expect(utilisation.locator(`tr[data-figure="${figure}"] td`).nth(1)).toContainText('%');
  await expect(page.getByTestId('failure-scenarios').locator('tbody tr')).toHaveCount(3);
  await screenshots(page, 'journey-c-esa');
});

test('d: the same workloads on XtremIO + VPLEX Metro', async ({ page }) => {
  await newProject(page);
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByRole('button', { name: 'Add cluster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a cluster' });
  await dialog.getByLabel('Architecture').selectOption('xtremio_vplex');
  await expect(dialog.getByLabel('Topology')).toHaveValue('stretched');
  await dialog.getByLabel('Hosts per site').fill('2');
  await dialog.getByLabel('Inter-site RTT').fill('1');
  await dialog.getByLabel('Cluster name').fill('Metro');
  await screenshots(page, 'journey-d-add-cluster');
  await dialog.getByRole('button', { name: 'Add the cluster' }).click();
  await addWorkloads(page);
  // Move every workload to the Metro cluster with one multi-row edit.
  for (const name of [AG, OLTP, VMS]) await page.getByLabel(`Select ${name}`).check();
  await page.getByLabel('Field to set for 3 selected').selectOption('cluster');
  await page.getByLabel('New value').selectOption({ label: 'Metro' });
  await page.getByRole('button', { name: 'Apply to 3 selected' }).click();
  await page.getByLabel('Results for cluster').selectOption({ label: 'Metro' });
  await expect(page.getByTestId('vplex-iops')).toContainText('33,500');
  await screenshots(page, 'journey-d-xtremio');
});

test('f: a scenario kept, saved, reopened and compared', async ({ page }) => {
  await newProject(page);
  await addWorkloads(page);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByLabel('Variant name').fill('All-flash OSA');
  await page.getByRole('button', { name: 'Keep the current design as a variant' }).click();

  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByLabel('Architecture', { exact: true }).selectOption('vsan_esa');
  await page
    .getByRole('dialog', { name: /Convert Cluster 1 to vSAN ESA/ })
    .getByRole('button', { name: 'Convert' })
    .click();
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByTestId('raw-tb')).toHaveText('92.16 TB');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByLabel('Variant name').fill('vSAN ESA');
  await page.getByRole('button', { name: 'Keep the current design as a variant' }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = readFileSync(await (await downloading).path(), 'utf8');
  const file = JSON.parse(saved) as { schema_version: number; scenarios: { name: string }[] };
  expect(file.schema_version).toBe(5);
  expect(file.scenarios.map((s) => s.name)).toEqual(['All-flash OSA', 'vSAN ESA']);

  // A fresh document has no scenarios; reopening the file brings them back.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.locator('table.compare')).toHaveCount(0);
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open…' }).click();
  await (
    await choosing
  ).setFiles({
    name: 'scenarios.stacksizer.json',
    mimeType: 'application/json',
    buffer: Buffer.from(saved),
  });
  await expect(page.getByTestId('document-state')).toHaveText('scenarios.stacksizer.json');
  const table = page.locator('table.compare');
  await expect(table.locator('thead th')).toHaveCount(3);
  const cells = (metric: string) => table.locator(`tr[data-metric="${metric}"] td`);
  await expect(cells('kind').nth(0)).toHaveText('vSAN OSA (all-flash)');
  await expect(cells('kind').nth(1)).toHaveText('vSAN ESA');
  await expect(cells('raw').nth(0)).toContainText('122.88 TB');
  await expect(cells('raw').nth(1)).toContainText('92.16 TB');

  // Renaming is an edit of the document; a name already used is refused.
  await table.getByRole('button', { name: 'Rename vSAN ESA' }).click();
  await table.getByLabel('New name for vSAN ESA').fill('all-flash osa');
  await table.getByRole('button', { name: 'Keep name' }).click();
  await expect(table.getByRole('alert')).toHaveText(
    'Another scenario is already called "all-flash osa".',
  );
  await table.getByLabel('New name for vSAN ESA').fill('ESA, 4 hosts');
  await table.getByLabel('New name for vSAN ESA').press('Enter');
  await expect(table.locator('thead th').nth(2)).toContainText('ESA, 4 hosts');
  await expect(page.getByTestId('document-state')).toContainText('unsaved');
  await screenshots(page, 'journey-f-scenarios');
});

test('e: 200 workload rows pasted from a spreadsheet', async ({ page }) => {
  await newProject(page);
  await page.getByRole('tab', { name: 'Workloads' }).click();
  const header = [
    'Name',
    'Kind',
    'VMs',
    'Disk/VM (GB)',
    'IOPS/VM (IOPS)',
    'Database (GB)',
    'Reads (%)',
  ];
  const rows = Array.from({ length: 200 }, (_, i) =>
    i % 4 === 0
      ? [`db-${i}`, 'SQL Server', '1', '', '', '250', '70']
      : [`app-${i}`, 'VM group', '2', '80', '20', '', '60'],
  );
  const tsv = [header, ...rows].map((r) => r.join('\t')).join('\r\n') + '\r\n';
  await page.getByRole('region', { name: 'Workloads table' }).evaluate((region, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    region.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, tsv);
  await expect(page.getByText('200 workloads')).toBeVisible();
  // 50 databases x 5,000 IOPS (the template's target) + 150 groups x 2 x 20.
  await expect(page.getByTestId('front-end-iops')).toHaveText('256,000 IOPS');
  // Only the rows on screen are in the page.
  expect(await page.locator('table.workloads tbody tr[data-testid]').count()).toBeLessThan(60);
  await page.getByLabel('Filter').fill('db-1');
  await expect(page.getByText(/of 200 workloads/)).toBeVisible();
  // Selected rows copy out with a header row, as a spreadsheet pastes them.
  await page.getByLabel('Select db-12', { exact: true }).check();
  await page.getByLabel('Select db-16', { exact: true }).check();
  const copied = await page.getByRole('region', { name: 'Workloads table' }).evaluate((region) => {
    const data = new DataTransfer();
    region.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true }));
    return data.getData('text/plain');
  });
  expect(
    copied
      .split('\r\n')
      .slice(0, 3)
      .map((line) => line.split('\t').slice(0, 3)),
  ).toEqual([
    ['Name', 'Kind', 'Policy'],
    ['db-12', 'SQL Server', 'RAID-1 FTT=1'],
    ['db-16', 'SQL Server', 'RAID-1 FTT=1'],
  ]);
  await screenshots(page, 'journey-e-paste');

  // A cell that is not a number refuses the whole block, naming where.
  await page.getByLabel('Filter').fill('');
  await page.getByRole('region', { name: 'Workloads table' }).evaluate((region) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'Name\tVMs\nbad\tmany\n');
    region.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await expect(page.getByTestId('grid-problems')).toContainText(
    'Pasted row 1, VMs: "many" is not a number',
  );
  await expect(page.getByText('200 workloads')).toBeVisible();
});

test('10,000 workloads scroll with only the rows on screen rendered', async ({ page }) => {
  await newProject(page);
  await page.getByRole('tab', { name: 'Workloads' }).click();
  const rows = Array.from({ length: 10_000 }, (_, i) => `vm-${String(i).padStart(5, '0')}\t2`);
  const tsv = ['Name\tVMs', ...rows].join('\n');
  const region = page.getByRole('region', { name: 'Workloads table' });
  await region.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, tsv);
  await expect(page.getByText('10000 workloads')).toBeVisible({ timeout: 30_000 });
  // 10,000 groups x 2 VMs x the template's 50 IOPS.
  await expect(page.getByTestId('front-end-iops')).toHaveText('1,000,000 IOPS', {
    timeout: 30_000,
  });
  const rendered = page.locator('table.workloads tbody tr[data-testid]');
  expect(await rendered.count()).toBeLessThan(60);
  await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  // The virtualiser renders the last rows on its next frame; a busy machine may take a while.
  await expect(page.getByLabel('Workload 10000 name')).toHaveValue('vm-09999', {
    timeout: 15_000,
  });
  expect(await rendered.count()).toBeLessThan(60);
});

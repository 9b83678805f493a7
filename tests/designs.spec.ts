import { expect, test } from '@playwright/test';
import { openExample as openFromMenu } from './support/menu';

async function openExample(page: import('@playwright/test').Page, fileName: string) {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await openFromMenu(page, fileName);
  await expect(page.getByTestId('document-state')).toHaveText(fileName);
}

test('a stretched design shows the RTT penalty, the links and the latency curve', async ({
  page,
}) => {
  await openExample(page, 'seed-001-stretched.json');
  await expect(page.getByTestId('rtt')).toContainText('ms');
  await expect(page.getByTestId('tps-change')).toContainText('%');
  const curve = page.getByRole('img', { name: 'Write latency against inter-site RTT' });
  await expect(curve).toBeVisible();
  await expect(curve).toContainText('this design');
  await expect(curve.locator('.chart-legend text', { hasText: 'Log write' })).toBeVisible();
  // As transcribed, the example's own CPU before a site failure is past 100 %
  // of the survivors' cores: no TPS is estimated, and the verdict names it.
  await expect(page.getByTestId('site-failure-tps')).toContainText('not estimated');
  await expect(page.getByTestId('verdict-binding')).toContainText('CPU after a site failure');
  await page.screenshot({ path: 'tests/output/stretched.png', fullPage: true });
  await page
    .getByTestId('site-failure-tps')
    .screenshot({ path: 'tests/output/stretched-site-failure-tps.png' });
});

test('every vSAN design lists failure scenarios and durability per policy', async ({ page }) => {
  await page.goto('/');
  const scenarios = page.getByTestId('failure-scenarios');
  await expect(scenarios.locator('tbody tr')).not.toHaveCount(0);
  await expect(scenarios.locator('tr[data-kind="host"]')).toContainText(/yes|no/);
  await expect(page.getByTestId('durability').locator('tbody tr').first()).toContainText(
    'raid1-ftt1',
  );
});

test('an XtremIO + VPLEX design shows both sites, the VPLEX limit and its components', async ({
  page,
}) => {
  await openExample(page, 'seed-004-xtremio-vplex.json');
  await expect(page.getByTestId('vplex-iops')).toContainText('IOPS');
  await expect(page.getByTestId('array-components').locator('tbody tr')).not.toHaveCount(0);
  const failures = page.getByTestId('array-failures');
  await expect(failures.locator('tbody tr')).toHaveCount(7);
  // Seed 004 Table 5 / VPLEX Witness: the snapshot-based test/dev stops with the production site.
  await expect(failures.getByRole('row', { name: /Production site/ })).toContainText('testdev');
  await expect(failures.getByRole('row', { name: /VPLEX engine/ })).toContainText('45,000 IOPS');
  await page.screenshot({ path: 'tests/output/xtremio-vplex.png', fullPage: true });
  await failures.screenshot({ path: 'tests/output/xtremio-vplex-failures.png' });
});

test('the XtremIO + VPLEX editor changes the arrays and the figures follow', async ({ page }) => {
  await openExample(page, 'seed-004-xtremio-vplex.json');
  const vplex = page.getByTestId('vplex-iops');
  await expect(vplex).toContainText('90,000 IOPS peak');
  await page.getByLabel('VPLEX engines per site').selectOption('4');
  await expect(vplex).toContainText('180,000 IOPS peak');
  await page.getByLabel('X-Brick model').selectOption('xtremio-40tb');
  await expect(page.getByText(/4 × XtremIO 40 TB|2 × XtremIO 40 TB/)).toBeVisible();
});

test('growth over the horizon shows year by year and names the year a limit runs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('group', { name: 'Capacity required and usable by year' }),
  ).toBeVisible();
  const crossings = page.getByTestId('growth-crossings');
  // Seed 001's CPU after N+1 is over its limit as entered: short today, not "in year 0".
  await expect(crossings).toContainText(
    'CPU after N+1 is already short today (year 0): add 3 host(s)',
  );
  await page.getByRole('tab', { name: 'Workloads' }).click();
  await page.getByRole('checkbox', { name: 'Every column' }).check();
  // 50 % a year outgrows the usable capacity in the last year of three.
  await page.getByLabel('sql500-a/b (500 GB TPC-E-like) Growth (%/year)').fill('50');
  await expect(crossings).toContainText(
    'Usable capacity runs out in year 3 of 3: add 1 host(s) of the same shape by year 3',
  );
  // A database too large for the cluster today is short today as well.
  await page.getByLabel('sql500-a/b (500 GB TPC-E-like) Database (GB)').fill('1800');
  await expect(crossings).toContainText('Usable capacity is already short today (year 0)');
  await expect(crossings).not.toContainText('in year 0');
  await page.getByRole('heading', { name: /^Growth over 3 years/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'tests/output/growth-short-today.png' });
});

test('a vSAN ESA design opens and shows its capacity', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open…' }).click();
  await (await choosing).setFiles('assets/examples/esa-all-nvme.json');
  await expect(page.getByTestId('document-state')).toHaveText('esa-all-nvme.json');
  await expect(page.getByText(/Raw \(ESA, \d+ NVMe devices\)/)).toBeVisible();
  await expect(page.getByTestId('usable')).toContainText('TB');
  await page.screenshot({ path: 'tests/output/esa.png', fullPage: true });
});

test('a vSAN ESA design shows device IOPS and vSAN memory, and compresses per policy', async ({
  page,
}) => {
  await openExample(page, 'esa-all-nvme.json');
  // 6 hosts x 6 NVMe devices against the example's 128,000 front-end IOPS.
  await expect(page.getByTestId('front-end-iops')).toHaveText('128,000 IOPS');
  await expect(page.getByTestId('iops-limit')).toContainText('IOPS');
  await expect(page.getByTestId('esa-device-busy')).toContainText('%');
  await expect(page.getByTestId('iops-headroom')).toContainText('×');
  // 768 GB hosts with 6 devices: 13,352 MB of vSAN memory (source::ESA_MEMORY).
  await expect(page.getByTestId('esa-vsan-memory')).toHaveText('13 GB');
  const workloads = page.getByTestId('esa-workloads');
  await expect(workloads.locator('tbody tr')).toHaveCount(2);
  await expect(workloads.locator('tbody tr').first()).toContainText('none');

  // A measured 1.5:1 on the pool compresses every policy that keeps the rule on.
  await page.getByLabel('Compression ratio (policies with compression on)').fill('1.5');
  await expect(workloads.locator('tr', { hasText: 'OLTP instances' })).toContainText('1.50:1');
  await expect(workloads.locator('tr', { hasText: 'Application servers' })).toContainText('1.50:1');

  // Turning the rule off on the RAID-1 policy stores its data uncompressed.
  await page.getByRole('tab', { name: 'Policies' }).click();
  const rule = page.getByLabel('Policy 2 data compression on vSAN ESA');
  await expect(rule).toBeChecked();
  await rule.uncheck();
  await expect(workloads.locator('tr', { hasText: 'Application servers' })).toContainText('none');
  await expect(workloads.locator('tr', { hasText: 'OLTP instances' })).toContainText('1.50:1');
  await page.getByRole('tab', { name: 'Design' }).click();
  await expect(page.getByLabel('NVMe devices per host')).toHaveValue('6');
  await page.screenshot({ path: 'tests/output/esa-performance.png', fullPage: true });
});

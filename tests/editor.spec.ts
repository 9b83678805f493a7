import { expect, test } from '@playwright/test';

test.describe('design and workload editors', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  });

  test('host and disk group edits change the figures', async ({ page }) => {
    const ram = page.getByTestId('ram-after-failure');
    const before = await ram.textContent();
    await page.getByLabel('Memory', { exact: true }).fill('512');
    await expect(ram).not.toHaveText(before ?? '');
    await page.getByRole('button', { name: 'Duplicate disk group 1' }).click();
    await expect(page.getByTestId('raw-tb')).toHaveText('19.20 TB');
    await page.getByRole('button', { name: 'Remove disk group 1' }).click();
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await page.getByLabel('Disk group 1 capacity device count').fill('7');
    await page.getByRole('button', { name: 'Apply disk group 1 to all' }).click();
    await expect(page.getByTestId('raw-tb')).toHaveText('22.40 TB');
    await page.screenshot({ path: 'tests/output/design-editor.png', fullPage: true });
  });

  test('a disk group shows its devices in full, its table within the panel', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const table = page.getByRole('region', { name: 'Disk groups table' });
    const cache = page.getByLabel('Disk group 1 cache device');
    const name = await cache.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
    expect(name.length).toBeGreaterThan(20);
    await expect(cache).toHaveAttribute('title', name);
    // Nothing of the row is scrolled out of view: the last action is inside the panel.
    const region = (await table.boundingBox())!;
    const remove = (await page.getByRole('button', { name: 'Remove disk group 1' }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(region.x + region.width + 1);
    // The name is longer than the column at this width: it wraps in full
    // over lines of its own, none of it cut.
    const face = cache.locator('xpath=ancestor::td').locator('.wrapping-select-text');
    await expect(face).toBeVisible();
    await expect(face).toHaveText(name);
    const lines = await face.evaluate((f) => ({
      cut: f.scrollWidth > f.clientWidth + 1,
      lines: Math.round(
        f.getBoundingClientRect().height / parseFloat(getComputedStyle(f).lineHeight),
      ),
    }));
    expect(lines.cut).toBe(false);
    expect(lines.lines).toBeGreaterThan(1);
    await page.screenshot({ path: 'tests/output/disk-group-device-names.png' });
  });

  test('the cluster cost follows the prices in the design', async ({ page }) => {
    const cost = page.getByTestId('cluster-cost');
    // Seed 001 is built from catalog parts with their indicative prices:
    // 4 hosts at 13,500, 8 cache devices at 600, 32 capacity devices at 450.
    await expect(cost).toContainText('Cost (bill of materials): 73,200 USD');
    await expect(cost).not.toContainText('no unit price');
    await page.getByLabel('Host unit price').fill('10000');
    await expect(cost).toContainText('Cost (bill of materials): 59,200 USD');
    // Without a price of its own the host is priced from the shipped catalog again.
    await page.getByLabel('Host unit price').fill('');
    await expect(cost).toContainText('Cost (bill of materials): 73,200 USD');
    await page.screenshot({ path: 'tests/output/cluster-cost.png' });
  });

  test('extra lines and a discount make the project total everywhere', async ({ page }) => {
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await expect(page.getByLabel('Currency (ISO 4217 code)')).toHaveValue('USD');
    await expect(page.getByTestId('project-cost')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Extra line 1 description').fill('vSAN Enterprise licence');
    await page.getByLabel('Extra line 1 quantity').fill('8');
    await page.getByLabel('Extra line 1 unit price (USD)').fill('2500');
    await page.getByRole('button', { name: 'Add discount' }).click();
    await page.getByLabel('Extra line 2 discount (%)').fill('10');
    // 73,200 of hardware + 20,000 of licences = 93,200, less 10 % = 83,880.
    const rule = 'hardware 73,200 USD + extra lines 20,000 USD - discounts 9,320 USD = 83,880 USD';
    await expect(page.getByTestId('pricing-total')).toContainText(rule);
    await expect(page.getByTestId('project-cost')).toContainText(
      'Project total (bill of materials): 83,880 USD',
    );
    await expect(page.getByTestId('cluster-cost')).toContainText('73,200 USD');
    await page.getByLabel('Extra line 2 discount (%)').fill('120');
    await expect(page.getByText('must be above 0 and at most 100 (got 120)').first()).toBeVisible();
    await page.getByLabel('Extra line 2 discount (%)').fill('10');
    await page.getByLabel('Currency (ISO 4217 code)').fill('eu');
    await expect(
      page.getByText('must be an ISO 4217 code of three capital letters').first(),
    ).toBeVisible();
    await page.getByLabel('Currency (ISO 4217 code)').fill('USD');
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `tests/output/pricing-${viewport.width}.png` });
    }
  });

  test('parts the BOM cannot price are marked custom, unpriced', async ({ page }) => {
    // Seed 001's host matches a catalog part: without its own price the catalog prices it.
    await page.getByLabel('Host unit price').fill('');
    await expect(page.getByTestId('host-part-0')).toHaveText(
      'Priced from the catalog (the BOM shows the price).',
    );
    await page.getByRole('tab', { name: 'Devices' }).click();
    await page.getByRole('button', { name: 'Add device' }).click();
    await expect(page.getByTestId('device-unpriced-2')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Design' }).click();
    await page
      .getByLabel('Disk group 1 cache device')
      .selectOption({ label: 'New device (1920 GB)' });
    await expect(page.getByTestId('cluster-cost')).toContainText('1 part has no unit price');
    await page.getByRole('tab', { name: 'Devices' }).click();
    await expect(page.getByTestId('device-unpriced-2')).toHaveText('custom, unpriced');
    await expect(page.getByTestId('device-unpriced-0')).toHaveCount(0);
    await page.getByLabel('Device 3 unit price (USD)').fill('900');
    await expect(page.getByTestId('device-unpriced-2')).toHaveCount(0);
  });

  test('an optional price can be left empty without an error', async ({ page }) => {
    const price = page.getByLabel('Host unit price');
    await price.fill('12000');
    await price.fill('');
    await expect(page.getByText('Host unit price must be a number')).toHaveCount(0);
  });

  test('resilience settings are editable; a cleared setting goes back to its default', async ({
    page,
  }) => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const delay = page.getByLabel('Repair delay (absent components)');
    await expect(delay).toHaveValue('60');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('repair delay 60 min')).toBeVisible();
    await delay.fill('90');
    await expect(page.getByText('repair delay 90 min')).toBeVisible();
    await page.getByLabel('Dedup ratio: Exchange').fill('1.5');
    await expect(page.getByLabel('Dedup ratio: Exchange')).toHaveValue('1.5');
    await page.screenshot({ path: 'tests/output/settings.png', fullPage: true });
    await delay.fill('');
    await expect(delay).toHaveAttribute('placeholder', '60 (default)');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('repair delay 60 min')).toBeVisible();
    await page.getByLabel('Repair delay (absent components)').fill('-5');
    await expect(page.getByRole('alert').first()).toContainText('repair_delay_minutes');
  });

  test('adds every workload kind from templates and shows its share', async ({ page }) => {
    await page.getByRole('tab', { name: 'Workloads' }).click();
    const required = await page.getByTestId('required').textContent();
    for (const template of ['sql', 'sql-ag', 'sql-fci', 'exchange', 'file-server', 'vm-group']) {
      await page.getByLabel('Add a workload from a template').selectOption(template);
    }
    await expect(page.locator('table.workloads tbody tr')).toHaveCount(9);
    await expect(page.getByTestId('required')).not.toHaveText(required ?? '');
    await expect(page.getByTestId('capacity-share-exchange')).toHaveText(/\d+\.\d %/);
    await page.screenshot({ path: 'tests/output/workloads.png', fullPage: true });
  });

  test('bulk edit, sort, filter, duplicate and delete workloads', async ({ page }) => {
    await page.getByRole('tab', { name: 'Workloads' }).click();
    const rows = page.locator('table.workloads tbody tr');
    await page.getByLabel('Select sql200-a/b (200 GB TPC-E-like)').check();
    await page.getByLabel('Select sql500-a/b (500 GB TPC-E-like)').check();
    await page.getByLabel('Policy for 2 selected').selectOption('raid5-ftt1');
    await expect(page.getByLabel('sql200-a/b (200 GB TPC-E-like) policy')).toHaveValue(
      'raid5-ftt1',
    );
    await expect(page.getByLabel('sql500-a/b (500 GB TPC-E-like) policy')).toHaveValue(
      'raid5-ftt1',
    );

    // Sorted by name ascending at first; one click reverses it ("VM1-VM4 OS
    // disks" after "sql500-a/b", case aside).
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(rows.first()).toHaveAttribute('data-testid', 'workload-os-disks');
    await expect(rows.nth(1)).toHaveAttribute('data-testid', 'workload-sql500');
    await page.getByRole('button', { name: 'VMs', exact: true }).click();
    await expect(page.locator('table.workloads th[aria-sort]')).toHaveText('VMs');

    await page.getByLabel('Filter').fill('200');
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Filter').fill('');

    await page.getByRole('button', { name: 'Duplicate sql200-a/b (200 GB TPC-E-like)' }).click();
    await expect(rows).toHaveCount(4);
    await page
      .getByRole('button', { name: 'Delete sql200-a/b (200 GB TPC-E-like) (copy)' })
      .click();
    await expect(rows).toHaveCount(3);
  });

  test('arrow keys move between rows in the same column', async ({ page }) => {
    await page.getByRole('tab', { name: 'Workloads' }).click();
    const first = page.getByLabel('sql200-a/b (200 GB TPC-E-like) VMs');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('sql500-a/b (500 GB TPC-E-like) VMs')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
  });

  test('a finding about a workload opens its tab and focuses the field', async ({ page }) => {
    // Even when the grid's filter hides the workload: the filter is cleared.
    await page.getByRole('tab', { name: 'Workloads' }).click();
    await page.getByLabel('Filter').fill('sql500');
    const finding = page.locator('.finding[data-code="compute.vm_vcpu_spans_numa"]').first();
    await finding.getByRole('button').click();
    await expect(page.getByRole('tab', { name: 'Workloads' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('sql200-a/b (200 GB TPC-E-like) vCPU per VM')).toBeFocused();
  });
});

test('a project with several clusters: add one, move a workload there, see its results', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('button', { name: 'Add cluster' }).click();
  await page.getByRole('button', { name: 'Add the cluster' }).click();
  await page.getByRole('tab', { name: 'Workloads' }).click();
  await page.getByLabel('sql500-a/b (500 GB TPC-E-like) cluster').selectOption('cluster');
  await page.getByLabel('Results for cluster').selectOption({ label: 'Cluster 2' });
  await expect(page.getByRole('heading', { name: 'Results: Cluster 2' })).toBeVisible();
  // Seed 001 table 7's IOPS split by each VM pair's TPS: 8,917 and 7,739.
  await expect(page.getByTestId('front-end-iops')).toHaveText('8,917 IOPS');
  await page.getByLabel('Results for cluster').selectOption({ label: 'SQL all-flash cluster' });
  await expect(page.getByTestId('front-end-iops')).toHaveText('7,739 IOPS');
});

test('a new cluster without workloads shows zero totals without a minus sign', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('button', { name: 'Add cluster' }).click();
  await page.getByRole('button', { name: 'Add the cluster' }).click();
  await page.getByLabel('Results for cluster').selectOption({ label: 'Cluster 2' });
  await expect(page.getByRole('heading', { name: 'Results: Cluster 2' })).toBeVisible();
  // The core totals no rows as -0; the page must not show "-0".
  await expect(page.getByTestId('front-end-iops')).toHaveText('0 IOPS');
  await expect(page.locator('main')).not.toContainText(/-0(?![.,\d])/);
  await page.screenshot({ path: 'tests/output/empty-cluster.png', fullPage: true });
});

test('a policy’s name follows its method and FTT, and a name that lies is flagged', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Policies' }).click();
  await page.getByLabel('Policy 1 method').selectOption('raid6');
  await expect(page.getByLabel('Policy 1 name')).toHaveValue('RAID-6 FTT=1, checksum');
  await page.getByLabel('Policy 1 failures to tolerate').fill('2');
  await expect(page.getByLabel('Policy 1 name')).toHaveValue('RAID-6 FTT=2, checksum');
  // A name of the user's that states another method: the core's warning, with a fix.
  await page.getByLabel('Policy 1 name').fill('Gold mirror');
  const warning = page.getByTestId('policy-name-contradicts-0');
  await expect(warning).toContainText('reads as RAID-1');
  await page.screenshot({ path: 'tests/output/policy-name-contradicts-1280x720.png' });
  await warning.getByRole('button', { name: 'Rename to RAID-6 FTT=2' }).click();
  await expect(page.getByLabel('Policy 1 name')).toHaveValue('RAID-6 FTT=2');
  await expect(warning).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { openExample } from './support/menu';

// Issue 24: search with the user's constraints, filter the front, open a
// design's BOM, customise it by one host and see the delta against the
// optimum, keep it as a scenario.
test('searches within constraints, filters, expands, customises and keeps a scenario', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await page.getByLabel('Minimum hosts').fill('4');
  await page.getByLabel('Maximum hosts').fill('8');
  await page.getByRole('checkbox', { name: 'Hybrid' }).uncheck();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-counts')).toContainText('evaluated', { timeout: 180_000 });
  const designs = page.getByTestId('designs');
  const rows = designs.locator('tbody > tr');
  await expect(rows.first()).toContainText(' USD');
  await expect(designs).not.toContainText('Hybrid vSAN');

  // Filter the front to one family: every row is that family.
  await page.getByLabel('Family').selectOption({ label: 'vSAN ESA' });
  await expect(rows.first()).toContainText('vSAN ESA');
  const families = await designs.locator('tbody > tr > td:first-child button').allInnerTexts();
  expect(families.every((f) => f.includes('vSAN ESA'))).toBe(true);
  await page.getByLabel('Sort by').selectOption('per_tb');
  await page.screenshot({ path: 'tests/output/recommend-constraints-1280.png' });

  // Expand: the BOM and key figures.
  await designs.locator('tbody > tr > td:first-child button').first().click();
  const detail = page.getByTestId('design-detail');
  await expect(detail).toContainText('Per usable TB');
  await expect(detail.locator('table.bom tbody tr').first()).toContainText('Host:');

  // Customise: one more host costs one more host's price, more headroom.
  const hosts = page.getByTestId('customise-hosts');
  const before = Number(await hosts.innerText());
  await page.getByRole('button', { name: 'Hosts plus one' }).click();
  await expect(hosts).toHaveText(String(before + 1));
  await expect(page.getByTestId('customised')).toBeVisible();
  // The core's deltas against the optimum, its verdict and what binds.
  await expect(page.getByTestId('customise-delta')).toContainText(
    /\(\+[\d,]+ USD against the optimum\)/,
  );
  await expect(page.getByTestId('customise-delta')).toContainText(
    /capacity headroom [\d.]+ TB \(\+[\d.]+ TB\)/,
  );
  await expect(page.getByTestId('customise-binds')).toHaveText(
    /^(Limited by [A-Za-z ]+ at \d+ % of its limit|Worst warning: .+)$/,
  );
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'tests/output/recommend-constraints-1920.png' });
  await page.getByRole('button', { name: 'Back to the optimum' }).click();
  await expect(hosts).toHaveText(String(before));
  await expect(page.getByTestId('customised')).toHaveCount(0);

  // More RAM: the shipped catalog's option prices reprice the host.
  await page.getByRole('button', { name: 'RAM per host plus one' }).click();
  await expect(page.getByTestId('customise-delta')).toContainText(
    /Cost [\d,]+ USD \(\+[\d,]+ USD against the optimum\)/,
  );
  await page.screenshot({ path: 'tests/output/recommend-customise-ram-1920.png' });
  await page.getByRole('button', { name: 'Back to the optimum' }).click();
  await expect(page.getByTestId('customise-delta')).toContainText('against the optimum');
  await page.getByRole('button', { name: 'Hosts plus one' }).click();
  await expect(hosts).toHaveText(String(before + 1));

  // Keep as scenario: the variant is compared, named as customised.
  await page.getByRole('button', { name: 'Keep as scenario' }).click();
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('table.compare thead')).toContainText('customised');
  // Opened, the scenario says it was customised from the proposal, as the report's cover does.
  await page.locator('table.compare thead').getByRole('button', { name: 'Open' }).click();
  // Keeping the scenario was an unsaved edit: opening asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Replace the design' }).click();
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByTestId('design-origin')).toContainText(
    `Customised from the design search's proposal`,
  );
  await expect(page.getByTestId('design-origin')).toContainText(`Hosts: ${before} → ${before + 1}`);
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `tests/output/design-origin-${viewport.width}.png` });
  }
});

test('names the field and its range when a constraint is out of range', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await page.getByLabel('Maximum rack units').fill('0');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('max_rack_units must be 1 to 640, not 0')).toBeVisible({
    timeout: 60_000,
  });
});

test('names the option and its range when disk groups or slack are out of range', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Recommend' }).click();
  const constraints = page.getByTestId('host-constraints');
  await constraints.getByLabel('Disk groups per host from').fill('0');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('min_disk_groups must be 1 to 5, not 0')).toBeVisible({
    timeout: 60_000,
  });
  await constraints.getByLabel('Disk groups per host from').fill('');
  await constraints.getByLabel('Slack (%)').fill('95');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/settings\.slack_pct must be between 0 and 50/)).toBeVisible({
    timeout: 60_000,
  });
});

test('cancels a search between the core steps, then searches again', async ({ page }) => {
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await openExample(page, 'seed-003-mixed-sql-exchange.json');
  await expect(page.getByTestId('document-state')).toContainText('seed-003');
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Search cancelled.')).toBeVisible();
  await expect(page.getByTestId('search-counts')).toHaveCount(0);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-counts')).toContainText('evaluated', { timeout: 60_000 });
});

test('limits the search to a host generation and disk groups per host', async ({ page }) => {
  test.setTimeout(240_000);
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await page.getByRole('tab', { name: 'Recommend' }).click();
    const constraints = page.getByTestId('host-constraints');
    await constraints.getByRole('checkbox', { name: 'Dell PowerEdge 16G' }).check();
    await constraints.getByLabel('Disk groups per host from').fill('2');
    await constraints.getByLabel('to', { exact: true }).fill('2');
    await page.getByRole('checkbox', { name: 'ESA' }).uncheck();
    await page.getByRole('checkbox', { name: 'XtremIO + VPLEX' }).uncheck();
    await page.screenshot({
      path: `tests/output/recommend-host-constraints-${viewport.width}.png`,
    });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-counts')).toContainText('evaluated', {
      timeout: 180_000,
    });
    const hosts = await page
      .getByTestId('designs')
      .locator('tbody > tr > td:nth-child(3)')
      .allInnerTexts();
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.every((h) => h.includes('Dell PowerEdge R'))).toBe(true);
    await page.getByTestId('designs').locator('tbody > tr > td:first-child button').first().click();
    await expect(page.getByTestId('design-detail')).toContainText('Host: Dell PowerEdge');
  }
});

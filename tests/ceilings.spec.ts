import { expect, test } from '@playwright/test';
import { openExample } from './support/menu';

// The user's CPU and RAM ceilings (settings.cpu_ceiling_pct,
// ram_ceiling_pct): set in Settings, the core warns past them after N+x and
// after a site failure, and the meters of those columns draw them as their
// warning line; with every host up no finding judges them, so no line.
test('a 50 % CPU ceiling warns on the ESA example and moves the CPU line', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await openExample(page, 'esa-all-nvme.json');
  await expect(page.getByTestId('document-state')).toHaveText('esa-all-nvme.json');
  const cpu = page.getByTestId('utilisation').locator('tr[data-figure="cpu"]');
  const atN = cpu.locator('td').nth(0).locator('.meter');
  const afterFailure = cpu.locator('td').nth(1).locator('.meter');
  const warning = page.locator('li.finding[data-code="compute.cpu_above_ceiling"]');
  // 77 % of the cores after N+1: under the 80 % default, no warning.
  await expect(afterFailure.locator('.meter-threshold')).toHaveAttribute('data-pct', '80');
  await expect(afterFailure).not.toHaveClass(/warn/);
  await expect(warning).toHaveCount(0);

  await page.getByRole('tab', { name: 'Settings' }).click();
  const ceiling = page.getByLabel('CPU ceiling after a failure');
  await expect(ceiling).toHaveAttribute('placeholder', '80 (default)');
  await ceiling.fill('50');
  await expect(afterFailure.locator('.meter-threshold')).toHaveAttribute('data-pct', '50');
  await expect(afterFailure).toHaveClass(/warn/);
  await expect(warning).toContainText('above the 50 % CPU ceiling');
  // At N the cores are past 50 % too, but no finding judges N against the
  // N+x ceiling: no line there and no amber.
  await expect(atN.locator('.meter-threshold')).toHaveCount(0);
  await expect(atN).not.toHaveClass(/warn/);
  await expect(page.getByTestId('verdict')).not.toHaveText('Fails');

  await ceiling.fill('5');
  await expect(page.getByRole('alert').first()).toContainText(
    'settings.cpu_ceiling_pct must be between 10 and 100 (got 5)',
  );
});

test('a low RAM ceiling warns after a site failure on the stretched example', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await openExample(page, 'seed-001-stretched.json');
  await expect(page.getByTestId('document-state')).toHaveText('seed-001-stretched.json');
  const ram = page.getByTestId('utilisation').locator('tr[data-figure="ram"]');
  // N+0 per site: the columns are N and after a site failure.
  const afterSite = ram.locator('td').nth(1).locator('.meter');
  const warning = page.locator(
    'li.finding[data-code="stretched.site_failure_memory_above_ceiling"]',
  );
  // 66 % of the surviving site's RAM: under the 90 % default.
  await expect(afterSite.locator('.meter-threshold')).toHaveAttribute('data-pct', '90');
  await expect(afterSite).not.toHaveClass(/warn/);
  await expect(warning).toHaveCount(0);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('RAM ceiling after a failure').fill('60');
  await expect(afterSite.locator('.meter-threshold')).toHaveAttribute('data-pct', '60');
  await expect(afterSite).toHaveClass(/warn/);
  await expect(warning).toContainText('above the 60 % RAM ceiling');
});

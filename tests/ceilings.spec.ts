import { expect, test } from '@playwright/test';
import { openExample } from './support/menu';

// The user's CPU ceiling (settings.cpu_ceiling_pct): set in Settings, the
// core warns past it and the CPU bars draw it as their warning line.
test('a 50 % CPU ceiling warns on the ESA example and moves the CPU line', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await openExample(page, 'esa-all-nvme.json');
  await expect(page.getByTestId('document-state')).toHaveText('esa-all-nvme.json');
  const cpu = page.getByTestId('utilisation').locator('tr[data-figure="cpu"]');
  const afterFailure = cpu.locator('td').nth(1).locator('.meter');
  const warning = page.locator('li.finding[data-code="compute.cpu_above_ceiling"]');
  // 77 % of the cores after N+1: under the 80 % default, no warning.
  await expect(afterFailure.locator('.meter-threshold')).toHaveAttribute('data-pct', '80');
  await expect(afterFailure).not.toHaveClass(/warn/);
  await expect(warning).toHaveCount(0);

  await page.getByRole('tab', { name: 'Settings' }).click();
  const ceiling = page.getByLabel('CPU ceiling after N+x');
  await expect(ceiling).toHaveAttribute('placeholder', '80 (default)');
  await ceiling.fill('50');
  await expect(afterFailure.locator('.meter-threshold')).toHaveAttribute('data-pct', '50');
  await expect(afterFailure).toHaveClass(/warn/);
  await expect(warning).toContainText('above the 50 % CPU ceiling');
  await expect(page.getByTestId('verdict')).not.toHaveText('Fails');

  await ceiling.fill('5');
  await expect(page.getByRole('alert').first()).toContainText(
    'settings.cpu_ceiling_pct must be between 10 and 100 (got 5)',
  );
});

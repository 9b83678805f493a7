import { expect, test } from '@playwright/test';

test('compares RAID-1 and RAID-5 variants of the same workloads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByLabel('Variant name').fill('RAID-1 mirror');
  await page.getByRole('button', { name: 'Keep the current design as a variant' }).click();

  await page.getByRole('tab', { name: 'Workloads' }).click();
  await page.getByLabel('Select sql200-a/b (200 GB TPC-E-like)').check();
  await page.getByLabel('Select sql500-a/b (500 GB TPC-E-like)').check();
  await page.getByLabel('Policy for 2 selected').selectOption('raid5-ftt1');
  await page.getByLabel('Variant name').fill('RAID-5 erasure coding');
  await page.getByRole('button', { name: 'Keep the current design as a variant' }).click();

  const table = page.locator('table.compare');
  await expect(table.locator('thead th')).toHaveCount(3);
  const required = table.locator('tr[data-metric="required"] td');
  await expect(required.nth(1)).toHaveClass('best');
  await expect(required.nth(1)).toContainText('better');
  const backEnd = table.locator('tr[data-metric="back-end"] td');
  await expect(backEnd.nth(0)).toHaveClass('best');
  await expect(page.getByRole('img', { name: 'Usable and required by variant' })).toBeVisible();
  await page.screenshot({ path: 'tests/output/compare.png', fullPage: true });

  await table.getByRole('button', { name: 'Open' }).first().click();
  await page.getByRole('tab', { name: 'Workloads' }).click();
  await expect(page.getByLabel('sql200-a/b (200 GB TPC-E-like) policy')).toHaveValue('raid1-ftt1');
});

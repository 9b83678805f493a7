import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

// axe is injected as an inline script, which the app's CSP rightly forbids.
test.use({ bypassCSP: true });

test('the main view has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the error states have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Hosts').fill('0');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the report facts editor has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Report facts' }).click();
  await expect(page.getByRole('textbox', { name: 'Objectives and notes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every editor tab has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  for (const tab of ['Design', 'Workloads', 'Policies', 'Devices', 'Settings', 'Pricing']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.locator('#editor-panel h2').first()).toBeVisible();
    expect(await seriousViolations(page), tab).toEqual([]);
  }
});

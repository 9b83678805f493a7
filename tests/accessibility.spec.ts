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

test('Recommend with its designs, Catalog, and the dialogs have no serious violations, light and dark', async ({
  page,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await page.getByRole('tab', { name: 'Recommend' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-counts')).toContainText('evaluated', {
      timeout: 120_000,
    });
    expect(await seriousViolations(page), `Recommend (${colorScheme})`).toEqual([]);
    await page.getByRole('tab', { name: 'Catalog' }).click();
    await expect(page.getByRole('button', { name: 'Export catalog CSV' })).toBeVisible();
    expect(await seriousViolations(page), `Catalog (${colorScheme})`).toEqual([]);
    await page.getByRole('button', { name: 'Choose the host from the catalog…' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose a host for cluster 1' })).toBeVisible();
    expect(await seriousViolations(page), `catalog picker (${colorScheme})`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add cluster' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), `add cluster (${colorScheme})`).toEqual([]);
  }
});

import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe is injected as an inline script, which the app's CSP rightly forbids.
test.use({ bypassCSP: true });

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    return axe.run();
  });
  return (results.violations as { id: string; impact: string; nodes: unknown[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
}

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

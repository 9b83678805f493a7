import { expect, test } from '@playwright/test';

test('after a crash the app offers the autosaved work and restores it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByLabel('Hosts').fill('7');
  await expect(page.getByTestId('raw-tb')).toHaveText('22.40 TB');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('stacksizer.recovery')), {
      timeout: 10_000,
    })
    .toContain('"host_count":7');

  // A crash: the page goes away without saving or unloading cleanly.
  await page.evaluate(() => {
    window.onbeforeunload = null;
  });
  const crashed = await page.context().newPage();
  await page.close({ runBeforeUnload: false });
  await crashed.goto('/');

  const offer = crashed.getByRole('alertdialog', { name: 'Restore unsaved work?' });
  await expect(offer).toBeVisible();
  await crashed.screenshot({ path: 'tests/output/recovery-offer.png', fullPage: true });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(crashed.getByLabel('Hosts')).toHaveValue('7');
  await expect(crashed.getByTestId('raw-tb')).toHaveText('22.40 TB');
  await expect(crashed.getByTestId('document-state')).toContainText('unsaved');
});

test('discarding the offer removes the copy', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'stacksizer.recovery',
      JSON.stringify({ file_name: null, saved_at: new Date().toISOString(), project: {} }),
    ),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('stacksizer.recovery'))).toBeNull();
});

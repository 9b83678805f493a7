import { expect, test } from '@playwright/test';

test('recommends priced designs for the seed 001 workloads and keeps one as a variant', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-counts')).toContainText('evaluated', { timeout: 120_000 });
  const designs = page.getByTestId('designs');
  await expect(designs.locator('tbody tr').first()).toContainText(' USD');
  await expect(designs).toContainText('best in family');
  await page.screenshot({ path: 'tests/output/recommend.png', fullPage: true });
  await designs.getByRole('button', { name: 'Keep as variant' }).first().click();
  await expect(page.getByRole('tab', { name: 'Compare' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('table.compare thead th')).toHaveCount(2);

  // The search stays across tabs while the project is the one it searched for.
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await expect(designs.locator('tbody tr').first()).toContainText(' USD');
  // Using a design is one undoable edit: the file name and undo stay.
  await page.getByTestId('host-count').fill('5');
  await expect(page.getByTestId('designs')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await designs.getByRole('button', { name: 'Use this design' }).first().click();
  // The kept variant is an unsaved edit of the document: replacing asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Replace the design' }).click();
  await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('document-state')).toContainText('seed-001-all-flash-sql.json');
  await expect(page.getByTestId('design-origin')).toContainText(
    "The design search's proposal, unchanged:",
  );
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('says which requirement cannot be met when nothing fits', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  await page.getByRole('tab', { name: 'Recommend' }).click();
  await page.getByLabel('Budget').fill('1000');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('infeasible')).toContainText(/budget/i, { timeout: 120_000 });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { menuCommand } from './support/menu';

const work = mkdtempSync(join(tmpdir(), 'stacksizer-e2e-pdf-'));

/** The page count the PDF's own page tree states. */
const pageCount = (bytes: Buffer) =>
  Number(/\/Type \/Pages[^>]*\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1]);

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('exports the PDF proposal the core makes, with its pages, on the paper chosen', async ({
  page,
}) => {
  await page.getByRole('tab', { name: 'Report facts' }).click();
  await page.getByLabel('Customer', { exact: true }).fill('Contoso Ltd');
  await menuCommand(page, 'Export', 'Letter paper');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF proposal…' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByRole('status')).toHaveText(`Exported as ${download.suggestedFilename()}.`);
  const path = join(work, download.suggestedFilename());
  await download.saveAs(path);
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = pageCount(bytes);
  expect(pages).toBeGreaterThanOrEqual(8);
  expect(bytes.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
  expect(bytes.toString('latin1')).toContain('(Contoso Ltd) Tj');
  expect(bytes.toString('latin1')).toContain(`(Page ${pages} of ${pages}) Tj`);
  // Another reader agrees on the pages, where poppler is installed.
  if (existsSync('/usr/bin/pdfinfo')) {
    const info = execFileSync('/usr/bin/pdfinfo', [path], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`Pages:\\s+${pages}\\b`));
  }
});

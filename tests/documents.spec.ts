import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const example = readFileSync('assets/examples/seed-001-all-flash-sql.json', 'utf8');

test.describe('documents: open, save, undo', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  });

  test('undo and redo host count edits with the keyboard and the toolbar', async ({ page }) => {
    const hosts = page.getByLabel('Hosts');
    await hosts.fill('6');
    await expect(page.getByTestId('raw-tb')).toHaveText('19.20 TB');
    await expect(page.getByTestId('document-state')).toContainText('unsaved');
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await expect(hosts).toHaveValue('4');
    await expect(page.getByTestId('document-state')).not.toContainText('unsaved');
    await page.keyboard.press('Control+Shift+z');
    await expect(hosts).toHaveValue('6');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(hosts).toHaveValue('4');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(page.getByTestId('raw-tb')).toHaveText('19.20 TB');
  });

  test('saves the project as a file that opens again with the same figures', async ({ page }) => {
    await page.getByLabel('Hosts').fill('5');
    await expect(page.getByTestId('raw-tb')).toHaveText('16.00 TB');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('seed-001-all-flash-sql.json');
    const saved = readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(saved).clusters[0].topology.host_count).toBe(5);
    await expect(page.getByTestId('document-state')).not.toContainText('unsaved');

    await page.getByLabel('Hosts').fill('8');
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard them' }).click();
    await (
      await choosing
    ).setFiles({
      name: 'five-hosts.stacksizer.json',
      mimeType: 'application/json',
      buffer: Buffer.from(saved),
    });
    await expect(page.getByLabel('Hosts')).toHaveValue('5');
    await expect(page.getByTestId('raw-tb')).toHaveText('16.00 TB');
    await expect(page.getByTestId('document-state')).toHaveText('five-hosts.stacksizer.json');
  });

  test('a file with a value out of range opens with that field flagged', async ({ page }) => {
    const broken = example.replace('"capacity_device_count": 4', '"capacity_device_count": 9');
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (
      await choosing
    ).setFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(broken),
    });
    await expect(page.getByRole('status')).toContainText(
      'Opened broken.json with 1 field to fix; nothing is sized until then.',
    );
    await expect(page.getByTestId('document-state')).toHaveText('broken.json');
    const problems = page.locator('section.issues');
    await expect(problems).toContainText(
      'clusters[0].storage.disk_groups[0].capacity_device_count must be between 1 and 7 (got 9)',
    );
    await page.getByRole('tab', { name: 'Design' }).click();
    const flagged = page
      .locator('[data-path="clusters[0].storage.disk_groups[0].capacity_device_count"]')
      .first();
    await expect(flagged).toHaveAttribute('aria-invalid', 'true');
    await expect(flagged).toHaveValue('9');
    await page.screenshot({ path: 'tests/output/out-of-range-file.png', fullPage: true });
    await flagged.fill('4');
    await expect(problems).toHaveCount(0);
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  });

  test('a file from a newer StackSizer is refused with the reason', async ({ page }) => {
    const future = example.replace('"schema_version": 1', '"schema_version": 9');
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (
      await choosing
    ).setFiles({ name: 'future.json', mimeType: 'application/json', buffer: Buffer.from(future) });
    const problem = page.getByRole('alertdialog');
    await expect(problem).toContainText('future.json was not opened');
    await expect(problem).toContainText('got 9');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await expect(page.getByTestId('document-state')).toHaveText('seed-001-all-flash-sql.json');
  });

  test('a failed save is shown and the project stays unsaved', async ({ page }) => {
    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('the download folder is full (injected)');
      };
    });
    await page.getByLabel('Hosts').fill('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'failed' });
    await expect(alert).toContainText('Saving seed-001-all-flash-sql.json failed');
    await expect(alert).toContainText('the download folder is full (injected)');
    await expect(page.getByTestId('document-state')).toContainText('unsaved');
    await page.screenshot({ path: 'tests/output/save-failed.png' });
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  });

  test('New starts an untitled project after asking about unsaved changes', async ({ page }) => {
    await page.getByLabel('Hosts').fill('5');
    const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(question).toContainText('has unsaved changes');
    await page.screenshot({ path: 'tests/output/discard-question.png' });
    await question.getByRole('button', { name: 'Keep my changes' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByLabel('Hosts')).toHaveValue('5');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await question.getByRole('button', { name: 'Discard them' }).click();
    await expect(page.getByTestId('document-state')).toHaveText('Untitled');
    await expect(page.getByTestId('raw-tb')).toHaveText('122.88 TB');
  });

  test('a file that is not JSON is refused with a clear message', async ({ page }) => {
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (
      await choosing
    ).setFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"schema_version": 1, "name": '),
    });
    await expect(page.getByRole('alertdialog')).toContainText(
      'the file is not valid JSON: EOF while parsing a value at line 1 column 30',
    );
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { VIEWPORTS } from './support/examples';
import { openExample } from './support/menu';

// Seed 002 VM Disk Layout: seven LUNs under seven targets (SQL Server FCI
// four, file server three), two nodes x two paths (FTT+1) each: 28 sessions.
test('seed 002: the iSCSI target service against its limits, each figure explained', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  // Seed 001 serves no iSCSI disk: nothing to show.
  await expect(page.getByTestId('failure-scenarios')).toBeVisible();
  await expect(page.getByTestId('iscsi')).toHaveCount(0);

  await openExample(page, 'seed-002-iscsi-fci.json');
  await expect(page.getByTestId('document-state')).toHaveText('seed-002-iscsi-fci.json');
  const iscsi = page.getByTestId('iscsi');
  await expect(iscsi.getByRole('heading', { name: 'iSCSI target service' })).toBeVisible();
  await expect(page.getByTestId('iscsi-luns')).toHaveText('7 of 128');
  await expect(page.getByTestId('iscsi-targets')).toHaveText('7 of 16');
  const sessions = page.getByTestId('iscsi-sessions_per_host');
  await expect(sessions.locator('span')).toHaveText('8 of 128');
  await expect(sessions.locator('.figure-note')).toHaveText(
    '12 of 128 after N+1; 28 sessions in all',
  );
  // The sessions' rule opens on click, with this design's numbers and its sources.
  const tile = page.getByTestId('iscsi-sessions_per_host').locator('..');
  await tile.locator('summary').click();
  const body = tile.locator('.explain-body');
  await expect(body).toBeVisible();
  await expect(body).toContainText('28 sessions in all');
  await expect(body).toContainText('Sources: seed 002 Best Practices');
  await tile.locator('summary').click();
  await expect(body).toBeHidden();

  // No focus ring or tooltip left where the last click was.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await iscsi.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tests/output/iscsi-seed-002-${viewport.width}.png` });
  }
});

// vSAN ESA runs the same service (Broadcom's vSAN iSCSI Target Usage
// Guide): the ESA example's 8 OLTP instances as iSCSI-served FCIs share
// 8 x 4 LUNs, one per target, more than the 16 targets a cluster should serve.
test('an ESA cluster shows its iSCSI targets against the same limits', async ({ page }) => {
  const project = JSON.parse(readFileSync('assets/examples/esa-all-nvme.json', 'utf8'));
  project.workloads[0].spec.deployment = { type: 'failover_cluster', iscsi_target: true };
  const path = join(mkdtempSync(join(tmpdir(), 'stacksizer-iscsi-e2e-')), 'esa-iscsi.json');
  writeFileSync(path, JSON.stringify(project));
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open…' }).click();
  await (await choosing).setFiles(path);
  await expect(page.getByTestId('document-state')).toHaveText('esa-iscsi.json');
  await expect(page.getByTestId('iscsi-luns')).toHaveText('32 of 128');
  await expect(page.getByTestId('iscsi-targets')).toHaveText('32 of 16');
  await expect(page.getByTestId('iscsi-targets').locator('.bad')).toHaveCount(1);
  await page.getByTestId('iscsi').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'tests/output/iscsi-esa.png' });
});

import { expect, test } from '@playwright/test';
import { openExample } from './support/menu';

const sizes: Array<[number, number]> = [
  [1280, 720],
  [1920, 1080],
];
for (const [w, h] of sizes) {
  test(`settings and waterfall ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel(/CPU ceiling/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots2/settings-${w}.png` });
    const waterfall = page.getByRole('group', { name: 'Capacity waterfall, in TB' });
    await waterfall.scrollIntoViewIfNeeded();
    await waterfall.getByRole('button', { name: /^On-disk format overhead: / }).hover();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots2/waterfall-${w}.png` });
    const durability = page.getByTestId('durability');
    await durability.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots2/durability-${w}.png` });
    const latency = page.getByRole('heading', { name: /latency/i }).first();
    await latency.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots2/latency-${w}.png` });
  });
  test(`seed 004 lower and editor ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await openExample(page, 'seed-004-xtremio-vplex.json');
    await page.waitForTimeout(1000);
    await page.getByTestId('raw-tb').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots2/seed004-tiles-${w}.png` });
    await page.mouse.move(w * 0.8, h / 2);
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots2/seed004-lower-${w}.png` });
  });
  test(`disk groups and esa ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await page.getByRole('button', { name: 'Duplicate disk group 1' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots2/diskgroups-${w}.png` });
    await openExample(page, 'esa-all-nvme.json');
    await page.waitForTimeout(1000);
    const compute = page.getByRole('heading', { name: /^Compute/ }).first();
    await compute.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots2/esa-compute-${w}.png` });
  });
}

import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

// axe is injected as an inline script, which the app's CSP rightly forbids.
test.use({ bypassCSP: true });

// Every chart bar opens the rule and sources the core returned for its
// figure: by hovering, by clicking, and from the keyboard (Tab, Enter,
// Escape), on the seed 001 dashboard.
test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('a bar explains itself on hover and on a click', async ({ page }) => {
  const iops = page.getByRole('group', { name: /^IOPS, in IOPS/ });
  const backEnd = iops.getByRole('button', { name: 'Back-end: 18,322 IOPS' });
  const explanation = page.getByRole('note').filter({ hasText: 'Back-end: 18,322 IOPS' });
  await backEnd.hover();
  await expect(explanation).toContainText(
    "16,656 front-end IOPS become 18,322 back-end I/Os after the policies' write cost",
  );
  await page.mouse.move(0, 0);
  await expect(explanation).toBeHidden();

  await backEnd.click();
  await expect(backEnd).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.move(0, 0);
  // Pinned: it stays once the pointer leaves, with its sources, until closed.
  await expect(explanation).toContainText('Sources: VMware vSAN Design Guide');
  expect(await seriousViolations(page)).toEqual([]);
  await explanation.getByRole('button', { name: /^Close the explanation/ }).click();
  await expect(explanation).toBeHidden();
});

test('bars are reached with Tab and open with Enter, close with Escape', async ({ page }) => {
  const compute = page.getByRole('group', { name: 'Use after host failure, in % of what is left' });
  const cpu = compute.getByRole('button', { name: 'CPU: 171.1 % of what is left' });
  await cpu.focus();
  await page.keyboard.press('Tab');
  const ram = compute.getByRole('button', { name: /^RAM: [\d.]+ % of what is left$/ });
  await expect(ram).toBeFocused();
  await page.keyboard.press('Enter');
  const explanation = page.getByRole('note').filter({ hasText: 'GB of VM memory against' });
  await expect(explanation).toBeVisible();
  await expect(ram).toHaveAttribute(
    'aria-describedby',
    (await explanation.getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Escape');
  await expect(explanation).toBeHidden();

  // A growth point opens the core's timeline rule the same way.
  const growth = page.getByRole('group', { name: 'Capacity required and usable by year' });
  await growth.getByRole('button', { name: /^Year 2, Required: / }).focus();
  await page.keyboard.press(' ');
  await expect(page.getByRole('note').filter({ hasText: 'year-by-year timeline' })).toBeVisible();
});

test('each capacity waterfall step explains itself from the keyboard and on hover', async ({
  page,
}) => {
  const waterfall = page.getByRole('group', { name: 'Capacity waterfall, in TB' });
  const raw = waterfall.getByRole('button', { name: 'Raw capacity (capacity devices): 12.80 TB' });
  await raw.focus();
  await page.keyboard.press('Tab');
  const format = waterfall.getByRole('button', { name: /^On-disk format overhead: / });
  await expect(format).toBeFocused();
  await page.keyboard.press('Enter');
  const explanation = page.getByRole('note').filter({ hasText: 'of the 12.80 TB raw' });
  await expect(explanation).toBeVisible();
  await expect(format).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(explanation).toBeHidden();

  await waterfall.getByRole('button', { name: /^Usable for protected data: / }).hover();
  await expect(page.getByRole('note').filter({ hasText: 'TB rebuild reserve = ' })).toContainText(
    'Source: VMware vSAN Design Guide',
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("a waterfall step's explanation opens beside it, within the waterfall, over no other chart", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const waterfall = page.getByRole('group', { name: 'Capacity waterfall, in TB' });
  const inside = async (box: { x: number; y: number; width: number; height: number }) => {
    const chart = (await waterfall.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(chart.x - 1);
    expect(box.y).toBeGreaterThanOrEqual(chart.y - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(chart.x + chart.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(chart.y + chart.height + 1);
  };
  // The first step from the keyboard, the last on hover: both sides of the chart.
  const raw = waterfall.getByRole('button', { name: /^Raw capacity/ });
  await raw.focus();
  await page.keyboard.press('Enter');
  const note = page.locator('.chart-explained', { has: waterfall }).getByRole('note');
  const pinned = note.filter({ hasText: 'TB per host' });
  await expect(pinned).toBeVisible();
  const rawBar = (await raw.boundingBox())!;
  const rawNote = (await pinned.boundingBox())!;
  await inside(rawNote);
  expect(rawNote.x).toBeGreaterThanOrEqual(rawBar.x + rawBar.width);
  await page.keyboard.press('Escape');
  const required = waterfall.getByRole('button', { name: /^Required by workloads/ });
  await required.hover();
  const hovered = note.filter({ hasText: 'Required by workloads' });
  await expect(hovered).toBeVisible();
  const requiredBar = (await required.boundingBox())!;
  const requiredNote = (await hovered.boundingBox())!;
  await inside(requiredNote);
  expect(requiredNote.x + requiredNote.width).toBeLessThanOrEqual(requiredBar.x);
});

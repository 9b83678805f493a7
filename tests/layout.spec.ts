import { expect, test, type Page } from '@playwright/test';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

/** The page never scrolls sideways: everything fits the window's width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test(`verdict and failure banners fit ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    const banner = page.getByTestId('verdict-banner');
    await expect(banner).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/output/verdict-${size.width}.png` });

    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('the download folder is full (injected)');
      };
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'failed' });
    await expect(failure).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/output/save-failed-${size.width}.png` });
  });
}

const MENUS = ['File', 'Edit', 'Export', 'Examples'];
// Each tab with what shows once its view (loaded on first use) has rendered.
const RESULTS_TABS: [string, RegExp][] = [
  ['Results', /^Results: /],
  ['Compare', /^Compare designs$/],
  ['Recommend', /^Recommended designs$/],
  ['Catalog', /^Hardware catalog$/],
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`menu bar and results views fit ${size.width}x${size.height} (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
      const body = expect(page.locator('body'));
      await (colorScheme === 'dark' ? body : body.not).toHaveClass(/bp6-dark/);
      const bar = page.getByRole('navigation', { name: 'Menu bar' });
      for (const menu of MENUS) {
        await bar.getByRole('button', { name: menu, exact: true }).click();
        const items = page.getByRole('menu', { name: menu }).locator('a');
        await expect(items.first()).toBeVisible();
        for (const item of await items.all()) await expect(item).toBeInViewport();
        await page.screenshot({
          path: `tests/output/menu-${menu}-${colorScheme}-${size.width}.png`,
        });
        await page.keyboard.press('Escape');
      }
      // Every toolbar command shows its whole name.
      for (const button of await page
        .getByRole('navigation', { name: 'Project' })
        .getByRole('button')
        .all()) {
        const clipped = await button.evaluate((b) => b.scrollWidth > b.clientWidth);
        expect(clipped, await button.innerText()).toBe(false);
      }
      for (const [tab, heading] of RESULTS_TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        if (tab === 'Catalog') await expect(page.getByText(/^\d+ parts, /)).toBeVisible();
        await expectNoSidewaysScroll(page);
        await page.screenshot({
          path: `tests/output/view-${tab.toLowerCase()}-${colorScheme}-${size.width}.png`,
          fullPage: true,
        });
      }
    });
  }
}

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

import { expect, test, type Page } from '@playwright/test';
import { openExample } from './support/menu';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

const TABS = ['Design', 'Workloads', 'Policies', 'Devices', 'Settings', 'Pricing', 'Report facts'];

/**
 * The editor column's controls that cut their own text: a select narrower
 * than its chosen option, a wrapping select's face that does not show the
 * chosen option in full, a button or input narrower than its content.
 */
async function truncatedControls(page: Page): Promise<string[]> {
  return page.locator('#editor-panel').evaluate((panel) => {
    const canvas = document.createElement('canvas').getContext('2d');
    const cut: string[] = [];
    for (const select of panel.querySelectorAll('select')) {
      if (!canvas || select.getClientRects().length === 0) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      // A wrapping select lies invisible over a face that wraps its text.
      const face = select.closest('.wrapping-select')?.querySelector('.wrapping-select-text');
      if (face) {
        if (face.textContent !== text || face.scrollWidth > face.clientWidth + 1) {
          cut.push(`wrapping select "${text}"`);
        }
        continue;
      }
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(text).width > room + 1) cut.push(`select "${text}"`);
    }
    for (const button of panel.querySelectorAll('button')) {
      if (button.getClientRects().length === 0) continue;
      if (button.scrollWidth > button.clientWidth + 1) cut.push(`button "${button.textContent}"`);
    }
    return cut;
  });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test(`every editor tab fits ${size.width}x${size.height} with no truncated control`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB', { timeout: 60_000 });
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.locator('#editor-panel h2').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      const stem = tab.toLowerCase().replace(/\s+/g, '-');
      await page.screenshot({
        path: `tests/output/editor-${stem}-${size.width}x${size.height}.png`,
      });
      expect(await truncatedControls(page), `${tab} at ${size.width}`).toEqual([]);
    }
  });

  // Seed 000's long device names, seed 004's X-Brick, replication and
  // volume placements: every chosen value reads in full.
  for (const example of ['seed-000-hybrid-alwayson.json', 'seed-004-xtremio-vplex.json']) {
    test(`${example}'s design fits ${size.width}x${size.height} with no truncated control`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB', { timeout: 60_000 });
      await openExample(page, example);
      await expect(page.getByTestId('document-state')).toHaveText(example);
      await page.getByRole('tab', { name: 'Design', exact: true }).click();
      await expect(page.locator('#editor-panel h2').first()).toBeVisible();
      // The X-Brick models arrive from the core after the first render.
      await expect(page.locator('#editor-panel select:not(:has(option))')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      expect(await truncatedControls(page), `${example} at ${size.width}`).toEqual([]);
    });
  }

  test(`the workload grid's last column is reachable at ${size.width}x${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB', { timeout: 60_000 });
    await page.getByRole('tab', { name: 'Workloads', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Every column' }).check();
    const region = page.getByRole('region', { name: 'Workloads table' });
    await region.evaluate((r) => r.scrollTo({ left: r.scrollWidth }));
    await expect(region.getByRole('button', { name: 'IOPS share' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: `tests/output/editor-workloads-every-column-${size.width}x${size.height}.png`,
    });
  });
}

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  for (const tab of ['Design', 'Workloads']) {
    test(`the ${tab} tab follows the dark theme`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto('/');
      await expect(page.locator('body')).toHaveClass(/bp6-dark/);
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const panel = page.locator('#editor-panel .editor-panel').first();
      // A dark card, light text: not the light theme's white.
      const colours = await panel.evaluate((p) => {
        const style = getComputedStyle(p);
        return { background: style.backgroundColor, text: style.color };
      });
      expect(colours.background).not.toBe('rgb(255, 255, 255)');
      expect(colours.text).not.toBe('rgb(28, 33, 39)');
      await page.screenshot({ path: `tests/output/editor-${tab.toLowerCase()}-dark.png` });
    });
  }
});

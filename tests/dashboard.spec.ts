import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { EXAMPLES, VIEWPORTS } from './support/examples';
import { openExample } from './support/menu';

test.describe('results dashboard', () => {
  test.beforeEach(async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    expect(problems, 'no page errors or CSP violations on load').toEqual([]);
  });

  test('opens on the seed 001 example and shows its raw capacity in TB and TiB', async ({
    page,
  }) => {
    await expect(
      page.getByRole('heading', { name: 'SQL all-flash cluster', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('raw-tib')).toHaveText('11.64 TiB');
    await expect(page.getByRole('group', { name: /^Capacity waterfall/ })).toBeVisible();
    // Seed 001 as transcribed needs 171 % of its cores after one host
    // fails: the verdict says so, by how much, and what would fix it.
    await expect(page.getByTestId('verdict')).toHaveText('Fails');
    await expect(page.getByTestId('verdict-binding')).toContainText(
      'CPU after N+1: 171 % of 72 cores',
    );
    await expect(page.getByTestId('verdict-binding')).toContainText('add 3 hosts');
    await page.screenshot({ path: 'tests/output/verdict-seed-001.png' });
  });

  test('shows every capacity in TB or TiB as the user chooses', async ({ page }) => {
    const usable = page.getByTestId('usable');
    await expect(usable).toHaveText(/^[\d.,]+ TB$/);
    const tb = Number((await usable.textContent())?.replace(/[^\d.]/g, ''));
    await page.getByRole('radio', { name: 'TiB' }).check();
    await expect(usable).toHaveText(/^[\d.,]+ TiB$/);
    const tib = Number((await usable.textContent())?.replace(/[^\d.]/g, ''));
    expect(tib).toBeCloseTo(tb / 1.0995, 1);
    await expect(page.getByTestId('required')).toHaveText(/TiB$/);
  });

  test('a finding names its source and jumps to the field behind it', async ({ page }) => {
    await page.getByLabel('Hosts').fill('2');
    const finding = page.locator('.finding[data-code="protection.too_few_hosts"]').first();
    await expect(finding).toContainText('Source:');
    await expect(page.getByTestId('verdict')).toHaveText('Fails');
    await page.screenshot({ path: 'tests/output/findings-two-hosts.png', fullPage: true });
    await finding.getByRole('button').click();
    await expect(page.getByLabel('Hosts')).toBeFocused();
  });

  test('recomputes live when the host count changes', async ({ page }) => {
    await page.getByLabel('Hosts').fill('6');
    await expect(page.getByTestId('raw-tb')).toHaveText('19.20 TB');
    await expect(page.getByTestId('raw-tib')).toHaveText('17.46 TiB');
    await page.screenshot({ path: 'tests/output/capacity-6-hosts.png', fullPage: true });
  });

  test("shows the core's message for an out-of-range host count and keeps the typed value", async ({
    page,
  }) => {
    const hosts = page.getByLabel('Hosts');
    await hosts.fill('65');
    await expect(page.getByRole('alert')).toHaveText(
      'clusters[0].topology.host_count must be between 1 and 64 (got 65)',
    );
    await expect(hosts).toHaveValue('65');
    await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
    await page.screenshot({ path: 'tests/output/capacity-invalid-hosts.png', fullPage: true });
    await hosts.fill('5');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('raw-tb')).toHaveText('16.00 TB');
  });
});

test.describe('every example on the dashboard', () => {
  // axe is injected as an inline script, which the app's CSP rightly forbids.
  test.use({ bypassCSP: true });

  for (const example of EXAMPLES) {
    test(`${example}: utilisation at N and N+x, each figure explained, axe-clean`, async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
      await openExample(page, example);
      await expect(page.getByTestId('document-state')).toHaveText(example);
      const utilisation = page.getByTestId('utilisation');
      await expect(utilisation.locator('tr[data-figure="cpu"]')).toBeVisible();
      await expect(utilisation.locator('tr[data-figure="ram"]')).toBeVisible();
      // Every row shows its share of the limit at N; none is a blank zero.
      for (const cell of await utilisation.locator('tbody tr td:nth-child(2)').all()) {
        await expect(cell).toHaveText(/\d+(\.\d)? %/);
      }
      const twoSites = example.includes('stretched') || example.includes('xtremio');
      await expect(
        utilisation.getByRole('columnheader', { name: 'After a site failure' }),
      ).toHaveCount(twoSites ? 1 : 0);

      // The CPU row's rule opens by keyboard, with this design's numbers and its source.
      const why = utilisation.locator('tr[data-figure="cpu"] summary');
      await why.focus();
      await page.keyboard.press('Enter');
      const body = utilisation.locator('tr[data-figure="cpu"] .explain-body');
      await expect(body).toBeVisible();
      await expect(body).toContainText(/Cores needed = .* cores/);
      await expect(body).toContainText('Sources:');
      await page.keyboard.press('Enter');
      await expect(body).toBeHidden();
      // A tile explains itself the same way, on click.
      await page.getByTestId('usable').locator('..').locator('summary').click();
      await expect(page.getByTestId('usable').locator('..').locator('.explain-body')).toContainText(
        'TB usable',
      );
      await page.getByTestId('usable').locator('..').locator('summary').click();

      expect(await seriousViolations(page)).toEqual([]);
      const stem = example.replace('.json', '');
      await utilisation.screenshot({ path: `tests/output/utilisation-${stem}.png` });
      const charts = page.locator('.chart-row');
      if ((await charts.count()) > 0) {
        await charts.first().screenshot({ path: `tests/output/charts-${stem}.png` });
      }
      // No tooltip left open where the last click was.
      await page.mouse.move(0, 0);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.screenshot({
          path: `tests/output/dashboard-${stem}-${viewport.width}.png`,
          fullPage: true,
        });
      }
    });
  }
});

test('draws every icon of the first screen without loading Blueprint’s icon chunks', async ({
  page,
}) => {
  // Blueprint's loader fetched every icon's paths (400 KB) after the first
  // render and drew each icon again (src/icons.ts, docs/performance.md).
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('group', { name: /^Capacity waterfall/ })).toBeVisible();
  const icons = page.locator('[data-icon]');
  expect(await icons.count()).toBeGreaterThan(10);
  await expect(page.locator('span.bp6-icon:not(:has(svg))')).toHaveCount(0);
  expect(requested.filter((path) => /PathsLoader|\/paths-/.test(path))).toEqual([]);
});

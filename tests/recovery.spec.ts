import { expect, test, type Page } from '@playwright/test';

/** The recovery copies the page keeps in IndexedDB, by window session. */
function recoveryCopies(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const opening = indexedDB.open('stacksizer');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('recovery')) return resolve({});
          const store = db.transaction('recovery', 'readonly').objectStore('recovery');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(
              Object.fromEntries(keys.result.map((k, i) => [String(k), String(values.result[i])])),
            );
        };
      }),
  );
}

const hostsInCopies = async (page: Page) =>
  Object.values(await recoveryCopies(page)).map(
    (text) => JSON.parse(text).project.clusters[0].topology.host_count as number,
  );

async function openApp(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
}

/** A crash: the page goes away without unloading cleanly. */
async function crash(page: Page) {
  await page.close({ runBeforeUnload: false });
}

test('after a crash the app offers the autosaved work and restores it', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Hosts').fill('7');
  await expect(page.getByTestId('raw-tb')).toHaveText('22.40 TB');
  await expect.poll(() => hostsInCopies(page), { timeout: 5_000 }).toEqual([7]);
  const next = await page.context().newPage();
  await crash(page);
  await next.goto('/');

  const offer = next.getByRole('alertdialog', { name: 'Restore unsaved work?' });
  await expect(offer).toBeVisible();
  await next.screenshot({ path: 'tests/output/recovery-offer.png', fullPage: true });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(next.getByLabel('Hosts')).toHaveValue('7');
  await expect(next.getByTestId('raw-tb')).toHaveText('22.40 TB');
  await expect(next.getByTestId('document-state')).toContainText('unsaved');
  // The copy moved into this window's own slot: still exactly one.
  await expect.poll(() => hostsInCopies(next)).toEqual([7]);
});

test('a reload one second after an edit restores the edit', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Hosts').fill('6');
  await page.waitForTimeout(1_000);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole('alertdialog', { name: 'Restore unsaved work?' });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Hosts')).toHaveValue('6');
  await expect(page.getByTestId('raw-tb')).toHaveText('19.20 TB');
});

test('two tabs keep their own copies and never offer or discard each other’s', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Hosts').fill('5');
  await expect.poll(() => hostsInCopies(page)).toEqual([5]);

  const second = await page.context().newPage();
  await openApp(second);
  // The first tab is alive: its work is not offered as crash recovery here.
  await expect(second.getByRole('alertdialog')).toHaveCount(0);
  await second.getByLabel('Hosts').fill('8');
  await expect.poll(async () => (await hostsInCopies(second)).sort()).toEqual([5, 8]);

  // Only the tab that went away is offered to a new one; discarding it leaves the live tab's copy.
  await crash(page);
  const third = await second.context().newPage();
  await third.goto('/');
  const offer = third.getByRole('alertdialog', { name: 'Restore unsaved work?' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Discard' }).click();
  await expect(third.getByRole('alertdialog')).toHaveCount(0);
  await expect.poll(() => hostsInCopies(third)).toEqual([8]);
  await expect(second.getByLabel('Hosts')).toHaveValue('8');
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Runs a command of the in-app menu bar: opens `menu` (File, Edit, Export, Examples), clicks `item`. */
export async function menuCommand(page: Page, menu: string, item: string) {
  await page
    .getByRole('navigation', { name: 'Menu bar' })
    .getByRole('button', { name: menu, exact: true })
    .click();
  await page.getByRole('menu', { name: menu }).getByText(item, { exact: true }).click();
}

/** Opens a shipped example (assets/examples) from the Examples menu, where it is listed by its project name. */
export async function openExample(page: Page, fileName: string) {
  const text = readFileSync(join(process.cwd(), 'assets', 'examples', fileName), 'utf8');
  await menuCommand(page, 'Examples', (JSON.parse(text) as { name: string }).name);
}

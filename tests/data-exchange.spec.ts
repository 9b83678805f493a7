import { strFromU8, unzipSync } from 'fflate';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { menuCommand } from './support/menu';

const work = mkdtempSync(join(tmpdir(), 'stacksizer-e2e-'));

function rvtools(name: string, ...flags: string[]): string {
  const path = join(work, name);
  execFileSync('python3', ['tests/fixtures/make-rvtools.py', path, ...flags]);
  return path;
}

/** Sheet names and the BOM's first extended-price cell, read by openpyxl (not by us). */
function readWorkbook(path: string): { sheets: string[]; bomFormula: string } {
  const script = [
    'import json, sys, openpyxl',
    'wb = openpyxl.load_workbook(sys.argv[1])',
    'bom = wb["BOM"]',
    'formula = next(str(c.value) for row in bom.iter_rows() for c in row if isinstance(c.value, str) and c.value.startswith("="))',
    'print(json.dumps({"sheets": wb.sheetnames, "bomFormula": formula}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' }));
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('raw-tb')).toHaveText('12.80 TB');
});

test('exports the design as an XLSX that another reader opens, with live formulas', async ({
  page,
}) => {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = join(work, download.suggestedFilename());
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
  const workbook = readWorkbook(path);
  expect(workbook.sheets).toEqual(
    expect.arrayContaining(['Summary', 'BOM', 'Capacity', 'Findings', 'Assumptions']),
  );
  expect(workbook.bomFormula).toMatch(/^=/);
});

test('prints the facts entered in the app on the cover, on the paper chosen', async ({ page }) => {
  await page.getByRole('tab', { name: 'Report facts' }).click();
  await page.getByLabel('Customer', { exact: true }).fill('Contoso Ltd');
  await page.getByLabel('Prepared by').fill('A. Presales');
  await page.getByLabel('Date').fill('2026-11-25');
  await page.getByLabel('Objectives and notes').fill('Goals:\n- one host may fail');
  await menuCommand(page, 'Export', 'Letter paper');
  await page.screenshot({ path: 'tests/output/report-facts.png', fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const path = join(work, 'facts.xlsx');
  await (await downloading).saveAs(path);
  const script = [
    'import json, sys, openpyxl',
    'wb = openpyxl.load_workbook(sys.argv[1])',
    'cover = wb["Cover"]',
    'cells = [c.value for row in cover.iter_rows() for c in row if c.value is not None]',
    'print(json.dumps({"cells": cells, "paper": cover.page_setup.paperSize}))',
  ].join('\n');
  const cover = JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' })) as {
    cells: string[];
    paper: string | null;
  };
  expect(cover.cells).toEqual(
    expect.arrayContaining(['Contoso Ltd', 'A. Presales', '2026-11-25', '- one host may fail']),
  );
  // Letter is Excel's default paper size: the file leaves it out (A4 is 9).
  expect(cover.paper === null || String(cover.paper) === '1').toBe(true);
});

test('exports the tables as CSV files in one ZIP download', async ({ page }) => {
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  const downloading = page.waitForEvent('download');
  await menuCommand(page, 'Export', 'Export CSV');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-csv\.zip$/);
  const folder = download.suggestedFilename().replace(/\.zip$/, '');
  const files = unzipSync(readFileSync(await download.path()));
  const names = Object.keys(files);
  expect(names.length).toBeGreaterThan(5);
  expect(names.every((n) => n.startsWith(`${folder}/`) && n.endsWith('.csv'))).toBe(true);
  expect(strFromU8(files[names[0]!]!).length).toBeGreaterThan(10);
  await expect(page.getByRole('status')).toContainText(`Exported as ${folder}.zip`);
  expect(downloads).toHaveLength(1);
});

/** Picks the file with "Import inventory…" and imports the preview as it stands. */
async function importInventory(page: Page, file: string) {
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import inventory…' }).click();
  await (await choosing).setFiles(file);
  const importButton = page.getByTestId('import-preview').getByRole('button', {
    name: 'Import',
    exact: true,
  });
  await expect(importButton).toBeEnabled();
  await importButton.click();
}

test('imports an RVTools export into a new project and lists what it skipped', async ({ page }) => {
  await importInventory(page, rvtools('inventory.xlsx'));
  const summary = page.getByTestId('import-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('vms-imported')).toHaveText('4');
  await expect(page.getByTestId('vms-skipped')).toHaveText('2');
  await summary.getByText('Skipped VMs (2)').click();
  await expect(summary).toContainText('win-template');
  await expect(page.getByTestId('document-state')).toContainText('unsaved');
  await page.screenshot({ path: 'tests/output/rvtools-import.png', fullPage: true });
  await page.getByRole('tab', { name: 'Workloads' }).click();
  await expect(page.locator('table.workloads tbody tr').first()).toBeVisible();
});

test('an RVTools export with text in a number column imports the other VMs and lists that row', async ({
  page,
}) => {
  await importInventory(page, rvtools('broken.xlsx', '--bad-cpu'));
  const summary = page.getByTestId('import-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('vms-imported')).not.toHaveText('0');
  await summary.getByText(/Skipped VMs/).click();
  const skipped = summary.locator('li', { hasText: 'vInfo row 5' });
  await expect(skipped).toContainText('CPUs');
  await expect(page.getByTestId('document-state')).toContainText('unsaved');
});

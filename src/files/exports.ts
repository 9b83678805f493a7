// Exporting the current design (or the kept variants) as a spreadsheet or a PDF proposal.
import type { SaveResult } from '../platform';
import type { Services } from '../services';
import type { Variant } from '../store/uiSlice';
import { suggestedFileName } from './documents';

/** The project's name as a file name's stem. */
export const fileStem = (services: Services) =>
  suggestedFileName(services.store.getState().project).replace(/\.stacksizer\.json$/, '');

/** One file the core makes of the project on the chosen paper, saved as the user picks. */
async function exportReport(
  services: Services,
  method: 'report/xlsx' | 'report/pdf',
  extension: string,
): Promise<SaveResult> {
  const { store, core, platform } = services;
  const { project, reportPaper } = store.getState();
  const bytes = await core.call(method, {
    projectJson: JSON.stringify(project),
    paper: reportPaper,
  });
  return platform.saveReport(bytes, `${fileStem(services)}.${extension}`);
}

export const exportXlsx = (services: Services) => exportReport(services, 'report/xlsx', 'xlsx');

/** The PDF proposal, made by the core (the same document as the CLI's `report --pdf`). */
export const exportPdf = (services: Services) => exportReport(services, 'report/pdf', 'pdf');

/** Every report table as CSV, in a folder (desktop) or ZIP (browser) of their own. */
export async function exportCsv(services: Services): Promise<SaveResult> {
  const { store, core, platform } = services;
  const { tables } = await core.call('report/csv', {
    projectJson: JSON.stringify(store.getState().project),
  });
  return platform.saveCsvTables(
    tables.map((t) => ({ fileName: t.file_name, text: t.text })),
    `${fileStem(services)}-csv`,
  );
}

export async function exportComparison(services: Services, variants: Variant[]): Promise<void> {
  const bytes = await services.core.call('report/comparison', {
    variants: variants.map((v) => ({ name: v.name, project_json: JSON.stringify(v.project) })),
    paper: services.store.getState().reportPaper,
  });
  await services.platform.saveReport(bytes, `${fileStem(services)}-comparison.xlsx`);
}

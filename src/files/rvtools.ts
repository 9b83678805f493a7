// Starting a project from a customer's RVTools export.
import type { Services } from '../services';
import { userCatalogJson } from '../store/catalogSlice';

/** RVTools workbooks beyond this are refused before reading (the core limits what they inflate to). */
export const MAX_RVTOOLS_BYTES = 64 * 1024 * 1024;

export type RvtoolsResult =
  { status: 'imported' } | { status: 'invalid'; fileName: string; issues: { message: string }[] };

/**
 * Imports powered-on VMs grouped by vSphere cluster into a new, unsaved
 * project sized with the catalog's defaults (the user's catalog over the
 * shipped one, with its prices); the summary lists what was skipped.
 */
export async function importRvtoolsFile(services: Services, file: File): Promise<RvtoolsResult> {
  if (file.size > MAX_RVTOOLS_BYTES) {
    return {
      status: 'invalid',
      fileName: file.name,
      issues: [
        {
          message: `the file is ${file.size} bytes; RVTools exports may be at most ${MAX_RVTOOLS_BYTES} bytes`,
        },
      ],
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const outcome = await services.core.call('import/rvtools', {
    bytes,
    fileName: file.name,
    options: {},
    userCatalogJson: userCatalogJson(services.store.getState()),
  });
  if (outcome.status === 'invalid')
    return { status: 'invalid', fileName: file.name, issues: outcome.issues };
  const { store } = services;
  store.getState().restoreProject(outcome.project, null);
  store.temporal.getState().clear();
  store.getState().setImportSummary({ fileName: file.name, summary: outcome.summary });
  return { status: 'imported' };
}

/** Lets the user pick an .xlsx (the file's content is read in the page; no path is exposed). */
export function pickFile(accept: string, doc: Document = document): Promise<File | null> {
  return new Promise((resolve) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}

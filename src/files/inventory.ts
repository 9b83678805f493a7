// Importing a customer's inventory (RVTools, Live Optics, or a workloads
// CSV): the file, or RVTools' CSV tabs, one file each, is read into a
// preview in its own Worker (cancellable, with its progress), the user
// chooses what to import, and the project the core made from those
// choices replaces the open one as one undoable edit.
import { startInventoryRead, ReadCancelled, type RunningRead } from '../core/inventory-read';
import type { AppliedImport, InventoryPreviewOutcome } from '../core/types';
import type { Services } from '../services';
import { confirmDiscard } from './commands';
import { importWorkloadsCsvFile } from './workloadsCsv';

/** Inventories beyond this (all files together) are refused before reading (the core limits what they inflate to). */
export const MAX_INVENTORY_BYTES = 64 * 1024 * 1024;

export const INVENTORY_ACCEPT =
  '.xlsx,.zip,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/zip,text/csv';

/** A dropped file the import reads (an inventory or a workloads CSV) rather than a project file. */
export const isInventoryFileName = (name: string) => /\.(xlsx|zip|csv)$/i.test(name);

/** The scenario the existing hosts are kept as, next to the new design. */
export const EXISTING_HOSTS_SCENARIO = 'Existing hosts';

export type InventoryReadResult =
  | { status: 'preview' }
  | { status: 'cancelled' }
  | { status: 'added'; added: number }
  | { status: 'invalid'; fileName: string; issues: { message: string }[] };

/** What the import calls the files given: the one file, or the first and how many more. */
export const describeFiles = (files: readonly File[]) =>
  files.length > 1 ? `${files[0]?.name} and ${files.length - 1} more` : (files[0]?.name ?? '');

/**
 * Reads the files into a preview the import dialog shows (several files:
 * RVTools CSV tabs, matched by the core by their names); a workloads CSV
 * adds its workloads to the open project instead. `start` runs the read
 * (a Worker of its own in the app).
 */
export async function readInventoryFile(
  services: Services,
  files: readonly File[],
  start: typeof startInventoryRead = startInventoryRead,
): Promise<InventoryReadResult> {
  const fileName = describeFiles(files);
  const size = files.reduce((sum, file) => sum + file.size, 0);
  if (size > MAX_INVENTORY_BYTES) {
    return {
      status: 'invalid',
      fileName,
      issues: [
        {
          message: `the ${files.length > 1 ? 'files are' : 'file is'} ${size} bytes; an inventory may be at most ${MAX_INVENTORY_BYTES} bytes`,
        },
      ],
    };
  }
  const { store } = services;
  const show = store.getState().setInventoryImport;
  let running: RunningRead | null = null;
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    running?.cancel();
    show(null);
  };
  show({ phase: 'reading', fileName, progress: { stage: 'opening' }, cancel });
  const read = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  if (cancelled) return { status: 'cancelled' };
  running = start({ files: read }, (progress) =>
    show({ phase: 'reading', fileName, progress, cancel }),
  );
  let outcome: InventoryPreviewOutcome;
  try {
    outcome = await running.result;
  } catch (error) {
    if (error instanceof ReadCancelled) return { status: 'cancelled' };
    show(null);
    throw error;
  }
  if (outcome.status === 'preview') {
    show({ phase: 'preview', fileName, preview: outcome.preview });
    return { status: 'preview' };
  }
  show(null);
  if (outcome.status === 'invalid') {
    return { status: 'invalid', fileName, issues: outcome.issues };
  }
  // Only a single file is recognised as a workloads CSV.
  const [file] = files;
  if (!file) return { status: 'cancelled' };
  const added = await importWorkloadsCsvFile(services, file);
  return added.status === 'imported' ? { status: 'added', added: added.added } : added;
}

/**
 * The import entry point for picked or dropped files: a preview to
 * choose from, the workloads a workloads CSV added, or the files'
 * problems shown. Resolves with the one-line notice, if any.
 */
export async function importInventory(
  services: Services,
  files: readonly File[],
): Promise<string | null> {
  const result = await readInventoryFile(services, files);
  const { showFileProblem } = services.store.getState();
  if (result.status === 'invalid') {
    showFileProblem({ fileName: result.fileName, issues: result.issues });
    return null;
  }
  showFileProblem(null);
  return result.status === 'added'
    ? `Added ${result.added} workloads from ${describeFiles(files)}.`
    : null;
}

/**
 * Replaces the open project with the imported one, after asking when it
 * has unsaved changes; undo brings the previous project back. With
 * `keepScenario`, the existing hosts' project is kept for comparison.
 * Resolves false when the user kept their changes (nothing changed).
 */
export async function applyInventoryImport(
  services: Services,
  fileName: string,
  applied: AppliedImport,
  keepScenario: boolean,
): Promise<boolean> {
  if (!(await confirmDiscard(services, `Importing ${fileName}`))) return false;
  const state = services.store.getState();
  state.restoreProject(applied.project, null);
  if (keepScenario && applied.scenario) {
    state.addVariant({ name: EXISTING_HOSTS_SCENARIO, project: applied.scenario });
  }
  state.setImportSummary({ fileName, summary: applied.summary });
  state.setInventoryImport(null);
  return true;
}

/**
 * Lets the user pick files, several when `multiple` (the content is read
 * in the page; no path is exposed). In the desktop app the input opens
 * the system's open dialog, with multi-select when `multiple`.
 */
export function pickFiles(
  accept: string,
  multiple: boolean,
  doc: Document = document,
): Promise<File[]> {
  return new Promise((resolve) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.addEventListener('change', () => resolve([...(input.files ?? [])]));
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}

/** Lets the user pick one file. */
export const pickFile = (accept: string, doc: Document = document): Promise<File | null> =>
  pickFiles(accept, false, doc).then((files) => files[0] ?? null);

/** Lets the user pick an inventory, or several RVTools CSV tabs. */
export const pickInventoryFiles = () => pickFiles(INVENTORY_ACCEPT, true);

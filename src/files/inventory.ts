// Importing a customer's inventory (RVTools, Live Optics, or a workloads
// CSV): the file is read into a preview in its own Worker (cancellable),
// the user chooses what to import, and the project the core made from
// those choices replaces the open one as one undoable edit.
import { startInventoryRead, ReadCancelled, type RunningRead } from '../core/inventory-read';
import type { AppliedImport, InventoryPreviewOutcome } from '../core/types';
import type { Services } from '../services';
import { confirmDiscard } from './commands';
import { importWorkloadsCsvFile } from './workloadsCsv';

/** Inventories beyond this are refused before reading (the core limits what they inflate to). */
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

/**
 * Reads the file into a preview the import dialog shows; a workloads CSV
 * adds its workloads to the open project instead. `start` runs the read
 * (a Worker of its own in the app).
 */
export async function readInventoryFile(
  services: Services,
  file: File,
  start: typeof startInventoryRead = startInventoryRead,
): Promise<InventoryReadResult> {
  if (file.size > MAX_INVENTORY_BYTES) {
    return {
      status: 'invalid',
      fileName: file.name,
      issues: [
        {
          message: `the file is ${file.size} bytes; an inventory may be at most ${MAX_INVENTORY_BYTES} bytes`,
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
  show({ phase: 'reading', fileName: file.name, stage: 'opening', cancel });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (cancelled) return { status: 'cancelled' };
  running = start({ bytes }, (stage) =>
    show({ phase: 'reading', fileName: file.name, stage, cancel }),
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
    show({ phase: 'preview', fileName: file.name, preview: outcome.preview });
    return { status: 'preview' };
  }
  show(null);
  if (outcome.status === 'invalid') {
    return { status: 'invalid', fileName: file.name, issues: outcome.issues };
  }
  const added = await importWorkloadsCsvFile(services, file);
  return added.status === 'imported' ? { status: 'added', added: added.added } : added;
}

/**
 * The import entry point for a picked or dropped file: a preview to
 * choose from, the workloads a workloads CSV added, or the file's
 * problems shown. Resolves with the one-line notice, if any.
 */
export async function importInventory(services: Services, file: File): Promise<string | null> {
  const result = await readInventoryFile(services, file);
  const { showFileProblem } = services.store.getState();
  if (result.status === 'invalid') {
    showFileProblem({ fileName: result.fileName, issues: result.issues });
    return null;
  }
  showFileProblem(null);
  return result.status === 'added' ? `Added ${result.added} workloads from ${file.name}.` : null;
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

/** Lets the user pick a file (the file's content is read in the page; no path is exposed). */
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

import { OverlayToaster, Toast } from '@blueprintjs/core';
import { exportCsv, exportPdf, exportXlsx } from '../files/exports';
import { pickFile } from '../files/inventory';
import { attempt } from '../files/failures';
import { exportWorkloadsCsvFile, importWorkloadsCsvFile } from '../files/workloadsCsv';
import type { SaveResult } from '../platform';
import { useServices, type Services } from '../services';
import { useApp } from '../store/context';

const CSV_ACCEPT = '.csv,text/csv';

/** How long a notice stays before it fades; its close button ends it sooner. */
const NOTICE_MS = 8000;

export type ExportKind = 'xlsx' | 'csv' | 'pdf';

/** The exports of the design, each with the action a failure names. */
const EXPORTS: Record<
  ExportKind,
  { label: string; action: string; save: (services: Services) => Promise<SaveResult> }
> = {
  xlsx: { label: 'Export XLSX', action: 'Exporting the XLSX report', save: exportXlsx },
  csv: { label: 'Export CSV', action: 'Exporting the CSV tables', save: exportCsv },
  pdf: { label: 'Export PDF proposal…', action: 'Exporting the PDF proposal', save: exportPdf },
};

export const exportLabel = (kind: ExportKind) => EXPORTS[kind].label;

const savedAs = (result: SaveResult) =>
  result.status === 'saved' ? `Exported as ${result.fileName}.` : null;

export interface DataExchange {
  importWorkloadsCsv: () => void;
  exportWorkloadsCsv: () => void;
  exportReport: (kind: ExportKind) => void;
  /** Why the exports are off, or null when they can run. */
  exportBlocked: string | null;
}

/**
 * Import or export a workloads CSV; export the
 * design as XLSX, CSV tables or a PDF proposal. What succeeded is said in a
 * notice; what failed, in the failure banner.
 */
export function useDataExchange(): DataExchange {
  const services = useServices();
  const setNotice = useApp((s) => s.setNotice);
  const showFileProblem = useApp((s) => s.showFileProblem);
  const canExport = useApp((s) => s.issues.length === 0 && s.evaluation !== null);

  const run = (action: string, task: () => Promise<string | null>) => {
    setNotice(null);
    void attempt(services.store, action, async () => setNotice(await task()));
  };

  return {
    importWorkloadsCsv: () =>
      run('Importing the workloads CSV', async () => {
        const file = await pickFile(CSV_ACCEPT);
        if (!file) return null;
        const result = await importWorkloadsCsvFile(services, file);
        if (result.status === 'invalid') {
          showFileProblem({ fileName: result.fileName, issues: result.issues });
          return null;
        }
        showFileProblem(null);
        return `Added ${result.added} workloads from ${file.name}.`;
      }),
    exportWorkloadsCsv: () =>
      run('Exporting the workloads CSV', async () =>
        savedAs(await exportWorkloadsCsvFile(services)),
      ),
    exportReport: (kind) => {
      const { action, save } = EXPORTS[kind];
      run(action, async () => savedAs(await save(services)));
    },
    exportBlocked: canExport ? null : 'Fix the input problems first',
  };
}

/** The last file action's outcome, as a toast that fades (failures stay in their banner). */
export function NoticeToaster() {
  const notice = useApp((s) => s.notice);
  const setNotice = useApp((s) => s.setNotice);
  return (
    // Escape is left to the dialogs: a toaster that takes it would keep a
    // native <dialog> (the catalog picker) from closing while a notice shows.
    <OverlayToaster position="bottom-right" canEscapeKeyClear={false}>
      {notice && (
        <Toast
          key={notice}
          icon="info-sign"
          timeout={NOTICE_MS}
          onDismiss={() => setNotice(null)}
          message={
            <span role="status" className="notice">
              {notice}
            </span>
          }
        />
      )}
    </OverlayToaster>
  );
}

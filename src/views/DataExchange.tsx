import { exportCsv, exportXlsx } from '../files/exports';
import { importInventory, INVENTORY_ACCEPT, pickFile } from '../files/inventory';
import { attempt } from '../files/failures';
import { importWorkloadsCsvFile } from '../files/workloadsCsv';
import type { SaveResult } from '../platform';
import { useServices } from '../services';
import { useApp } from '../store/context';
import type { ReportPaper } from '../store/uiSlice';

const CSV_ACCEPT = '.csv,text/csv';

const savedAs = (result: SaveResult) =>
  result.status === 'saved' ? `Exported as ${result.fileName}.` : null;

/** Import an inventory (RVTools, Live Optics) or a workloads CSV; export the design as XLSX or CSV tables. */
export function DataExchange() {
  const services = useServices();
  const notice = useApp((s) => s.notice);
  const setNotice = useApp((s) => s.setNotice);
  const showFileProblem = useApp((s) => s.showFileProblem);
  const canExport = useApp((s) => s.issues.length === 0 && s.evaluation !== null);
  const paper = useApp((s) => s.reportPaper);
  const setPaper = useApp((s) => s.setReportPaper);

  const run = (action: string, task: () => Promise<string | null>) => {
    setNotice(null);
    return attempt(services.store, action, async () => setNotice(await task()));
  };

  return (
    <>
      <button
        type="button"
        onClick={() =>
          run('Importing an inventory', async () => {
            const file = await pickFile(INVENTORY_ACCEPT);
            return file && importInventory(services, file);
          })
        }
      >
        Import inventory…
      </button>
      <button
        type="button"
        onClick={() =>
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
          })
        }
      >
        Import workloads CSV…
      </button>
      <label>
        Report paper{' '}
        <select
          value={paper}
          data-testid="report-paper"
          onChange={(e) => setPaper(e.target.value as ReportPaper)}
        >
          <option value="a4">A4</option>
          <option value="letter">Letter</option>
        </select>
      </label>
      <button
        type="button"
        disabled={!canExport}
        title={canExport ? undefined : 'Fix the input problems first'}
        onClick={() =>
          run('Exporting the XLSX report', async () => savedAs(await exportXlsx(services)))
        }
      >
        Export XLSX
      </button>
      <button
        type="button"
        disabled={!canExport}
        title={canExport ? undefined : 'Fix the input problems first'}
        onClick={() =>
          run('Exporting the CSV tables', async () => savedAs(await exportCsv(services)))
        }
      >
        Export CSV
      </button>
      {notice && (
        <span role="status" className="notice">
          {notice}
        </span>
      )}
    </>
  );
}

import { exportCsv, exportPdf, exportXlsx } from '../files/exports';
import { importRvtoolsFile, pickFile } from '../files/rvtools';
import { confirmDiscard } from '../files/commands';
import { attempt } from '../files/failures';
import { importWorkloadsCsvFile } from '../files/workloadsCsv';
import type { SaveResult } from '../platform';
import { useServices } from '../services';
import { useApp } from '../store/context';
import type { ReportPaper } from '../store/uiSlice';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_ACCEPT = '.csv,text/csv';

const savedAs = (result: SaveResult) =>
  result.status === 'saved' ? `Exported as ${result.fileName}.` : null;

/** Import from RVTools or a workloads CSV; export the design as XLSX, CSV tables or a PDF proposal. */
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
          run('Importing the RVTools inventory', async () => {
            if (!(await confirmDiscard(services, 'Importing an RVTools inventory'))) return null;
            const file = await pickFile(XLSX_ACCEPT);
            if (!file) return null;
            const result = await importRvtoolsFile(services, file);
            if (result.status === 'invalid') {
              showFileProblem({ fileName: result.fileName, issues: result.issues });
              return null;
            }
            showFileProblem(null);
            return `Imported ${file.name}.`;
          })
        }
      >
        Import RVTools…
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
      <button
        type="button"
        disabled={!canExport}
        title={canExport ? undefined : 'Fix the input problems first'}
        onClick={() =>
          run('Exporting the PDF proposal', async () => savedAs(await exportPdf(services)))
        }
      >
        Export PDF proposal…
      </button>
      {notice && (
        <span role="status" className="notice">
          {notice}
        </span>
      )}
    </>
  );
}

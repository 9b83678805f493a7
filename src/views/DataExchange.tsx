import { exportCsv, exportPdf, exportXlsx } from '../files/exports';
import { importInventory, pickFile, pickInventoryFiles } from '../files/inventory';
import { attempt } from '../files/failures';
import { importWorkloadsCsvFile } from '../files/workloadsCsv';
import type { SaveResult } from '../platform';
import { useServices, type Services } from '../services';
import { useApp } from '../store/context';
import type { ReportPaper } from '../store/uiSlice';

const CSV_ACCEPT = '.csv,text/csv';

/** The exports of the design, each with the action a failure names. */
const EXPORTS: {
  label: string;
  action: string;
  save: (services: Services) => Promise<SaveResult>;
}[] = [
  { label: 'Export XLSX', action: 'Exporting the XLSX report', save: exportXlsx },
  { label: 'Export CSV', action: 'Exporting the CSV tables', save: exportCsv },
  { label: 'Export PDF proposal…', action: 'Exporting the PDF proposal', save: exportPdf },
];

const savedAs = (result: SaveResult) =>
  result.status === 'saved' ? `Exported as ${result.fileName}.` : null;

/** Import an inventory (RVTools, Live Optics) or a workloads CSV; export the design as XLSX, CSV tables or a PDF proposal. */
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
            const files = await pickInventoryFiles();
            return files.length > 0 ? importInventory(services, files) : null;
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
      {EXPORTS.map(({ label, action, save }) => (
        <button
          key={label}
          type="button"
          disabled={!canExport}
          title={canExport ? undefined : 'Fix the input problems first'}
          onClick={() => run(action, async () => savedAs(await save(services)))}
        >
          {label}
        </button>
      ))}
      {notice && (
        <span role="status" className="notice">
          {notice}
        </span>
      )}
    </>
  );
}

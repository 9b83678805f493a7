import { Button, Checkbox, Classes, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NumberField } from '../components/NumberField';
import type {
  AppliedImport,
  GroupBy,
  ImportChoices,
  InputIssue,
  InventoryPreview,
  InventoryOptions,
  SqlAssumptions,
} from '../core/types';
import { attempt } from '../files/failures';
import { applyInventoryImport } from '../files/inventory';
import { useServices } from '../services';
import { userCatalogJson } from '../store/catalogSlice';
import { upTo } from '../units';
import { ImportMissingTabs } from './ImportMissingTabs';
import { ImportVmTables } from './ImportVmTables';

const SOURCE_NAME: Record<InventoryPreview['source'], string> = {
  rvtools: 'RVTools export',
  live_optics: 'Live Optics export',
  workloads_csv: 'Workloads CSV',
};

const GROUPING: { value: GroupBy; label: string }[] = [
  { value: 'cluster', label: 'Per source cluster' },
  { value: 'vm', label: 'Per VM' },
  { value: 'profile', label: 'By profile (vCPU and memory)' },
  { value: 'os', label: 'By guest OS' },
  { value: 'none', label: 'All VMs together' },
];

/** The SQL Server assumptions the user edits: field, label, unit. */
type SqlFigure = 'db_share_pct' | 'log_share_pct' | 'tempdb_share_pct' | 'read_pct' | 'iops_per_vm';
const SQL_FIELDS: [SqlFigure, string, string?][] = [
  ['db_share_pct', 'Database share of disk', '%'],
  ['log_share_pct', 'Log share of disk', '%'],
  ['tempdb_share_pct', 'tempdb share of disk', '%'],
  ['read_pct', 'SQL Server reads', '%'],
  ['iops_per_vm', 'SQL Server IOPS per VM when not measured'],
];

/** The core's totals the footer shows: label, figure, test id. */
const totals = (s: AppliedImport['summary']): [string, string, string?][] => [
  ['VMs to import', String(s.vms_imported), 'preview-vms'],
  ['vCPU', String(s.total_vcpu)],
  ['RAM', `${upTo(s.total_ram_gib, 0)} GiB`],
  ['Provisioned', `${upTo(s.total_provisioned_gib, 0)} GiB`],
  ['SQL Server VMs', String(s.sql_server_vms), 'preview-sql'],
  ['Workloads', String(s.groups.length), 'preview-workloads'],
];

/** Waits this long after the last change before asking the core again. */
const APPLY_DELAY_MS = 150;

interface Props {
  fileName: string;
  preview: InventoryPreview;
  onClose: () => void;
}

/**
 * What the file holds and the user's choices over it; every total shown is
 * the core's, recomputed on each change, and Import applies that project.
 */
export function ImportPreview({ fileName, preview, onClose }: Props) {
  const services = useServices();
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  const [applied, setApplied] = useState<AppliedImport | null>(null);
  const [issues, setIssues] = useState<InputIssue[]>([]);
  // The choices the core last answered for: Import waits until they are the current ones.
  const [answered, setAnswered] = useState<ImportChoices | null | undefined>(undefined);
  // The first answer fills in the defaults; those choices need no second call.
  const filledIn = useRef<ImportChoices | null>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (choices && choices === filledIn.current) return;
    let current = true;
    const timer = setTimeout(
      () =>
        void attempt(services.store, `Previewing ${fileName}`, async () => {
          const outcome = await services.core.call('import/apply', {
            preview,
            choices: choices ?? {},
            fileName,
            userCatalogJson: userCatalogJson(services.store.getState()),
          });
          if (!current) return;
          if (outcome.status === 'invalid') {
            setAnswered(choices);
            setIssues(outcome.issues);
            return;
          }
          setIssues([]);
          setApplied(outcome.applied);
          if (choices) {
            setAnswered(choices);
          } else {
            filledIn.current = outcome.applied.choices;
            setAnswered(outcome.applied.choices);
            setChoices(outcome.applied.choices);
          }
        }),
      choices ? APPLY_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [services, preview, choices, fileName]);

  const edit = (change: (c: ImportChoices) => ImportChoices) =>
    setChoices((c) => (c ? change(c) : c));
  const editOptions = (change: Partial<InventoryOptions>) =>
    edit((c) => ({ ...c, options: { ...c.options, ...change } }));
  const editSql = (change: Partial<SqlAssumptions>) =>
    edit((c) => ({ ...c, options: { ...c.options, sql: { ...c.options?.sql, ...change } } }));
  const issueAt = (path: string) => {
    const found = issues.find((i) => i.path === path);
    return found && found.message.slice(path.length).trim();
  };
  const options = choices?.options;
  const sql = options?.sql;
  const candidates = useMemo(() => preview.vms.filter((vm) => vm.sql_rule), [preview]);
  const hasHosts = preview.baselines.length > 0;
  const summary = applied?.summary;

  return (
    <form
      className="import-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!applied || !choices) return;
        setImporting(true);
        void attempt(services.store, `Importing ${fileName}`, () =>
          applyInventoryImport(services, fileName, applied, choices.baseline_scenario ?? false),
        ).finally(() => setImporting(false));
      }}
    >
      <header className="import-header">
        <h2 id="import-preview-title">Import {fileName}</h2>
        <p className="muted">
          {SOURCE_NAME[preview.source]}
          {preview.encoding && `, ${preview.encoding}`}: {preview.vms.length} VMs
          {hasHosts &&
            `, ${preview.hosts.length} hosts in ${preview.baselines.length} source clusters`}
          {preview.has_measurements &&
            `; measured IOPS per VM${preview.has_p95 ? ' (peak and 95th percentile)' : ' (peak)'}`}
          . Nothing changes until you import.
        </p>
      </header>
      <div className="import-body">
        <ImportMissingTabs preview={preview} />
        {choices && options && sql && (
          <>
            <fieldset className="import-section">
              <legend>VMs to import</legend>
              <div className="import-filters">
                <Checkbox
                  checked={options.include_powered_off ?? false}
                  onChange={(e) => editOptions({ include_powered_off: e.currentTarget.checked })}
                >
                  Powered-off and suspended VMs
                </Checkbox>
                <Checkbox
                  checked={options.include_templates ?? false}
                  onChange={(e) => editOptions({ include_templates: e.currentTarget.checked })}
                >
                  Templates
                </Checkbox>
                <label className="import-pattern">
                  Leave out names matching{' '}
                  <input
                    type="text"
                    className={Classes.INPUT}
                    value={choices.exclude_names ?? ''}
                    placeholder="e.g. *-old, test*"
                    data-testid="exclude-names"
                    onChange={(e) => {
                      const exclude_names = e.target.value;
                      edit((c) => ({ ...c, exclude_names }));
                    }}
                  />
                </label>
              </div>
              <ImportVmTables
                preview={preview}
                choices={choices}
                applied={applied}
                onChange={(change) => edit(change)}
              />
            </fieldset>

            <fieldset className="import-section" data-testid="sql-candidates">
              <legend>SQL Server candidates ({candidates.length})</legend>
              <p className="muted">
                A VM is a candidate when its name contains &ldquo;sql&rdquo; or its annotation names
                SQL Server or MSSQL, no other database engine is named, and its guest OS runs SQL
                Server (Windows, Red Hat, SUSE, Ubuntu) or is not reported. The shares below are
                assumptions: an inventory knows a VM&apos;s disks, not what is on them.
              </p>
              {candidates.length > 0 && (
                <ul className="import-candidates">
                  {candidates.slice(0, 20).map((vm) => (
                    <li key={vm.row}>
                      <strong>{vm.name}</strong>: {vm.sql_rule}
                    </li>
                  ))}
                  {candidates.length > 20 && <li>and {candidates.length - 20} more</li>}
                </ul>
              )}
              <Checkbox
                checked={sql.detect ?? true}
                onChange={(e) => editSql({ detect: e.currentTarget.checked })}
              >
                Size the candidates as SQL Server workloads
              </Checkbox>
              <div className="import-fields">
                {SQL_FIELDS.map(([key, label, unit]) => (
                  <NumberField
                    key={key}
                    label={label}
                    unit={unit}
                    value={sql[key]}
                    // The shares' sum is checked as a whole and shown on the first.
                    issue={
                      issueAt(`options.sql.${key}`) ??
                      (key === 'db_share_pct' ? issueAt('options.sql') : undefined)
                    }
                    onChange={(v) => editSql({ [key]: v })}
                  />
                ))}
              </div>
            </fieldset>

            <fieldset className="import-section">
              <legend>Sizing</legend>
              <div className="import-fields">
                <label className="field">
                  Workloads
                  <HTMLSelect
                    value={options.group_by ?? 'cluster'}
                    data-testid="group-by"
                    onChange={(e) => editOptions({ group_by: e.target.value as GroupBy })}
                  >
                    {GROUPING.map((g) => (
                      <option key={g.value} value={g.value}>
                        {g.label}
                      </option>
                    ))}
                  </HTMLSelect>
                </label>
                {preview.has_measurements && (
                  <label className="field">
                    Size on measured IOPS
                    <HTMLSelect
                      value={options.iops_basis ?? 'p95'}
                      onChange={(e) =>
                        editOptions({
                          iops_basis: e.target.value as InventoryOptions['iops_basis'],
                        })
                      }
                    >
                      <option value="p95">95th percentile</option>
                      <option value="peak">Peak</option>
                    </HTMLSelect>
                  </label>
                )}
                <NumberField
                  label="Other VMs: IOPS per VM when not measured"
                  value={options.iops_per_vm}
                  issue={issueAt('options.iops_per_vm')}
                  onChange={(v) => editOptions({ iops_per_vm: v })}
                />
                <NumberField
                  label="Other VMs: reads"
                  unit="%"
                  value={options.read_pct}
                  issue={issueAt('options.read_pct')}
                  onChange={(v) => editOptions({ read_pct: v })}
                />
              </div>
              <Checkbox
                disabled={!hasHosts}
                checked={choices.baseline_clusters ?? false}
                data-testid="baseline-clusters"
                onChange={(e) => {
                  const baseline_clusters = e.currentTarget.checked;
                  edit((c) => ({ ...c, baseline_clusters }));
                }}
              >
                Add the existing hosts as a baseline cluster (one per source cluster, holding its
                VMs)
              </Checkbox>
              <Checkbox
                disabled={!hasHosts || choices.baseline_clusters}
                checked={(choices.baseline_scenario ?? false) && !choices.baseline_clusters}
                data-testid="baseline-scenario"
                onChange={(e) => {
                  const baseline_scenario = e.currentTarget.checked;
                  edit((c) => ({ ...c, baseline_scenario }));
                }}
              >
                Keep the existing hosts as a scenario to compare with
              </Checkbox>
              <p className="muted">
                {hasHosts
                  ? 'Existing hosts keep their count, cores and memory from the file; their disks are assumed to be the catalog defaults.'
                  : 'The file lists no hosts, so there is no baseline to add.'}
              </p>
            </fieldset>
          </>
        )}
        {summary && summary.findings.length > 0 && (
          <section className="import-section" aria-label="Findings">
            <ul className="findings" data-testid="import-preview-findings">
              {summary.findings.map((f, i) => (
                <li key={i}>{f.message}</li>
              ))}
            </ul>
          </section>
        )}
        {summary && (summary.skipped.length > 0 || summary.notes.length > 0) && (
          <SkippedRows summary={summary} />
        )}
      </div>
      <footer className="import-footer">
        {summary && (
          <dl className="figures import-totals" data-testid="import-totals">
            {totals(summary).map(([label, value, testId]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd data-testid={testId}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {issues.length > 0 && (
          <p className="issue" role="alert">
            Fix the highlighted assumptions to import.
          </p>
        )}
        <div className="panel-actions">
          <Button text="Cancel" onClick={onClose} />
          <Button
            type="submit"
            intent="primary"
            icon="import"
            text="Import"
            loading={importing}
            disabled={!applied || answered !== choices || issues.length > 0}
          />
        </div>
      </footer>
    </form>
  );
}

function SkippedRows({ summary }: { summary: AppliedImport['summary'] }) {
  return (
    <details className="import-section" data-testid="skipped-rows">
      <summary>
        Skipped rows ({summary.skipped.length})
        {summary.notes.length > 0 && `, cells read with an assumption (${summary.notes.length})`}
      </summary>
      {summary.skipped.length > 0 && (
        <HTMLTable compact striped className="grid">
          <caption className="visually-hidden">Skipped rows</caption>
          <thead>
            <tr>
              <th scope="col">Sheet</th>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">VM</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {summary.skipped.map((s) => (
              <tr key={`${s.sheet}-${s.row}`}>
                <td>{s.sheet}</td>
                <td>{s.row}</td>
                <td>{s.column ?? '—'}</td>
                <td>{s.name}</td>
                <td>{s.message ?? s.reason.replace(/_/g, ' ')}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {summary.notes.length > 0 && (
        <ul className="skipped">
          {summary.notes.map((n, i) => (
            <li key={i}>{n.message}</li>
          ))}
        </ul>
      )}
    </details>
  );
}

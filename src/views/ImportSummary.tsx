import { Button, Callout } from '@blueprintjs/core';
import { upTo } from '../units';
import { useApp } from '../store/context';

const gib = (n: number) => `${upTo(n, 0)} GiB`;

/** What an inventory import took in, and every VM it skipped with the reason. */
export function ImportSummary() {
  const imported = useApp((s) => s.importSummary);
  const setImportSummary = useApp((s) => s.setImportSummary);
  if (!imported) return null;
  const { summary } = imported;
  // The figure the workloads were sized on (the core falls back to the peak without a p95 column).
  const measured =
    summary.iops_basis === 'peak'
      ? summary.measured_peak_iops
      : (summary.measured_p95_iops ?? summary.measured_peak_iops);
  return (
    <Callout
      className="import-done"
      intent="success"
      icon="import"
      role="region"
      aria-labelledby="import-heading"
      data-testid="import-summary"
    >
      <h2 id="import-heading" className="callout-title">
        Imported from {imported.fileName}
      </h2>
      <dl className="figures">
        <div>
          <dt>VMs imported</dt>
          <dd data-testid="vms-imported">{summary.vms_imported}</dd>
        </div>
        <div>
          <dt>VMs skipped</dt>
          <dd data-testid="vms-skipped">{summary.vms_skipped}</dd>
        </div>
        <div>
          <dt>vCPU</dt>
          <dd>{summary.total_vcpu}</dd>
        </div>
        <div>
          <dt>RAM</dt>
          <dd>{gib(summary.total_ram_gib)}</dd>
        </div>
        <div>
          <dt>Provisioned</dt>
          <dd>{gib(summary.total_provisioned_gib)}</dd>
        </div>
        <div>
          <dt>In use</dt>
          <dd>{gib(summary.total_in_use_gib)}</dd>
        </div>
        <div>
          <dt>SQL Server VMs</dt>
          <dd data-testid="sql-server-vms">{summary.sql_server_vms}</dd>
        </div>
        <div>
          <dt>Measured IOPS ({summary.iops_basis === 'peak' ? 'peak' : '95th percentile'})</dt>
          <dd>{measured == null ? 'not in the file' : upTo(measured, 0)}</dd>
        </div>
      </dl>
      {summary.findings.length > 0 && (
        <ul className="findings" data-testid="import-findings">
          {summary.findings.map((f) => (
            <li key={f.code}>{f.message}</li>
          ))}
        </ul>
      )}
      {summary.skipped.length > 0 && (
        <details>
          <summary>Skipped VMs ({summary.skipped.length})</summary>
          <ul className="skipped">
            {summary.skipped.map((vm) => (
              <li key={`${vm.sheet}-${vm.row}`}>
                {vm.name} ({vm.sheet} row {vm.row}): {vm.message ?? vm.reason.replace(/_/g, ' ')}
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className="muted">
        Workloads are grouped as chosen in the preview; SQL Server candidates become SQL Server
        workloads on the stated assumptions (docs/import.md). Review the hosts, devices and
        policies: the new cluster, and the disks of existing hosts, use the catalog&apos;s defaults.
      </p>
      <Button text="Close" icon="cross" size="small" onClick={() => setImportSummary(null)} />
    </Callout>
  );
}

import { Button, Callout } from '@blueprintjs/core';
import { useApp } from '../store/context';

/** The workloads a workloads CSV import added to the project; undo takes them out again. */
export function WorkloadsImportSummary() {
  const imported = useApp((s) => s.workloadsImport);
  const setWorkloadsImport = useApp((s) => s.setWorkloadsImport);
  if (!imported) return null;
  const vms = imported.workloads.reduce((n, w) => n + w.spec.vm_count, 0);
  return (
    <Callout
      className="import-done"
      intent="success"
      icon="import"
      role="region"
      aria-labelledby="workloads-import-heading"
      data-testid="workloads-import-summary"
    >
      <h2 id="workloads-import-heading" className="callout-title">
        Workloads added from {imported.fileName}
      </h2>
      <p>
        {imported.workloads.length} workloads, {vms} VMs. Undo removes them again.
      </p>
      <ul>
        {imported.workloads.map((w) => (
          <li key={w.id}>
            {w.name} ({w.spec.kind.replace('_', ' ')}, {w.spec.vm_count} VMs) on cluster{' '}
            {w.cluster_id}, policy {w.policy_id}
          </li>
        ))}
      </ul>
      <Button text="Close" icon="cross" size="small" onClick={() => setWorkloadsImport(null)} />
    </Callout>
  );
}

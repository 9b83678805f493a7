import { Button, Checkbox, HTMLTable } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { AppliedImport, ImportChoices, InventoryPreview, PreviewVm } from '../core/types';
import { upTo } from '../units';

/** Rows shown per cluster before "Show all": a 10,000-VM file stays responsive. */
const FIRST_ROWS = 50;

const POWER: Record<PreviewVm['power'], string> = {
  on: 'On',
  off: 'Off',
  suspended: 'Suspended',
};

interface Props {
  preview: InventoryPreview;
  choices: ImportChoices;
  /** The core's last answer: which rows it imports, and why others are skipped. */
  applied: AppliedImport | null;
  onChange: (change: (c: ImportChoices) => ImportChoices) => void;
}

const without = (rows: number[] | undefined, row: number) => (rows ?? []).filter((r) => r !== row);

/** One table per source cluster: its existing hosts, and its VMs with a box each. */
export function ImportVmTables({ preview, choices, applied, onChange }: Props) {
  const clusters = useMemo(() => {
    const byName = new Map<string, PreviewVm[]>();
    for (const vm of preview.vms) {
      const list = byName.get(vm.cluster);
      if (list) list.push(vm);
      else byName.set(vm.cluster, [vm]);
    }
    return [...byName.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [preview]);
  const imported = useMemo(() => new Set(applied?.imported_rows), [applied]);
  const skipped = useMemo(
    () => new Map(applied?.summary.skipped.map((s) => [s.row, s])),
    [applied],
  );
  const excludedClusters = new Set(choices.exclude_clusters);
  // A box the user changed shows their choice at once; the others, the core's last answer.
  const unticked = new Set(choices.excluded_rows);
  const ticked = new Set(choices.options?.also_import_rows);
  const isTicked = (row: number) => !unticked.has(row) && (ticked.has(row) || imported.has(row));

  const toggle = (row: number, include: boolean) =>
    onChange((c) => ({
      ...c,
      excluded_rows: include
        ? without(c.excluded_rows, row)
        : [...without(c.excluded_rows, row), row],
      options: {
        ...c.options,
        also_import_rows: include
          ? [...without(c.options?.also_import_rows, row), row]
          : without(c.options?.also_import_rows, row),
      },
    }));
  const toggleCluster = (name: string, include: boolean) =>
    onChange((c) => ({
      ...c,
      exclude_clusters: include
        ? (c.exclude_clusters ?? []).filter((n) => n !== name)
        : [...(c.exclude_clusters ?? []), name],
    }));

  return (
    <div className="import-clusters">
      {clusters.map(([name, vms]) => (
        <ClusterTable
          key={name}
          name={name}
          vms={vms}
          baseline={preview.baselines.find((b) => b.name === name)}
          measured={preview.has_measurements}
          included={!excludedClusters.has(name)}
          ticked={isTicked}
          skipped={skipped}
          onCluster={(include) => toggleCluster(name, include)}
          onVm={toggle}
        />
      ))}
    </div>
  );
}

interface ClusterProps {
  name: string;
  vms: PreviewVm[];
  baseline: InventoryPreview['baselines'][number] | undefined;
  measured: boolean;
  included: boolean;
  ticked: (row: number) => boolean;
  skipped: Map<number, AppliedImport['summary']['skipped'][number]>;
  onCluster: (include: boolean) => void;
  onVm: (row: number, include: boolean) => void;
}

function ClusterTable(p: ClusterProps) {
  const [all, setAll] = useState(false);
  const label = p.name || '(no cluster)';
  const shown = all ? p.vms : p.vms.slice(0, FIRST_ROWS);
  const count = p.vms.filter((vm) => p.ticked(vm.row)).length;
  return (
    <section className="import-cluster" aria-label={`Source cluster ${label}`}>
      <h3>
        <Checkbox
          inline
          label={label}
          checked={p.included}
          onChange={(e) => p.onCluster(e.currentTarget.checked)}
        />
        <span className="muted">
          {' '}
          {count} of {p.vms.length} VMs to import
          {p.baseline &&
            `; existing hosts: ${p.baseline.hosts}, ${upTo(p.baseline.cores, 0)} cores, ${upTo(p.baseline.memory_gib, 0)} GiB`}
          {p.baseline?.cpu_usage_pct != null && `, CPU ${upTo(p.baseline.cpu_usage_pct, 0)} % used`}
        </span>
      </h3>
      <HTMLTable compact striped className="grid import-vms">
        <caption className="visually-hidden">VMs of {label}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-pick">
              Import
            </th>
            <th scope="col" className="col-vm">
              VM
            </th>
            <th scope="col" className="col-power">
              Power
            </th>
            <th scope="col">Guest OS</th>
            <th scope="col" className="num col-figure">
              vCPU
            </th>
            <th scope="col" className="num col-figure">
              RAM (GiB)
            </th>
            <th scope="col" className="num col-figure">
              Storage (GiB)
            </th>
            {p.measured && (
              <th scope="col" className="num col-iops">
                IOPS peak / p95
              </th>
            )}
            <th scope="col" className="col-sql">
              SQL Server
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((vm) => {
            const on = p.ticked(vm.row);
            const why = p.skipped.get(vm.row);
            return (
              <tr key={vm.row} className={on ? undefined : 'left-out'}>
                <td>
                  <Checkbox
                    checked={on}
                    aria-label={`Import ${vm.name} (row ${vm.row})`}
                    onChange={(e) => p.onVm(vm.row, e.currentTarget.checked)}
                  />
                </td>
                <td>
                  {vm.name}
                  {why && (
                    <div className="muted">{why.message ?? why.reason.replace(/_/g, ' ')}</div>
                  )}
                </td>
                <td>
                  {POWER[vm.power]}
                  {vm.template && ', template'}
                </td>
                <td>{vm.os || '—'}</td>
                <td className="num">{vm.vcpu ?? '—'}</td>
                <td className="num">
                  {vm.memory_mib == null ? '—' : upTo(vm.memory_mib / 1024, 1)}
                </td>
                <td className="num">{vm.storage_gib == null ? '—' : upTo(vm.storage_gib, 0)}</td>
                {p.measured && (
                  <td className="num">
                    {vm.measured
                      ? `${upTo(vm.measured.peak_iops, 0)} / ${vm.measured.p95_iops == null ? '—' : upTo(vm.measured.p95_iops, 0)}`
                      : '—'}
                  </td>
                )}
                <td>{vm.sql_rule ? 'Candidate' : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {p.vms.length > FIRST_ROWS && (
        <Button variant="minimal" size="small" intent="primary" onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_ROWS} VMs` : `Show all ${p.vms.length} VMs of ${label}`}
        </Button>
      )}
    </section>
  );
}

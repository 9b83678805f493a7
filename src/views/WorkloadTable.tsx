import { ScrollRegion } from '../components/ScrollRegion';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { PathNumber, PathSelect, PathText } from '../components/PathFields';
import type { Workload } from '../core/types';
import { useApp } from '../store/context';
import { duplicateAt, freshId } from '../store/listEdits';
import { addFromTemplate, removeWorkloads, setPolicy } from '../workloads/edits';
import { workloadShares } from '../workloads/shares';
import { KIND_LABEL, LOAD_FIELD, SIZE_FIELD, WORKLOAD_TEMPLATES } from '../workloads/templates';
import { formatPct } from '../units';

type SortKey = 'name' | 'kind' | 'vms' | 'capacity' | 'iops';

/**
 * Arrow keys move between rows in the same column, as in a spreadsheet;
 * Tab moves along the row.
 */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const cell = (event.target as HTMLElement).closest('td');
  const row = cell?.parentElement;
  if (!cell || !row) return;
  const target = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
  const field = target?.children[cell.cellIndex]?.querySelector<HTMLElement>('input, select');
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/** Every workload in one table: add from templates, duplicate, delete, bulk edit, sort, filter. */
export function WorkloadTable() {
  const workloads = useApp((s) => s.project.workloads ?? []);
  const policies = useApp((s) => s.project.policies ?? []);
  const clusters = useApp((s) => s.project.clusters);
  const evaluation = useApp((s) => s.evaluation);
  const editProject = useApp((s) => s.editProject);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'name',
    descending: false,
  });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const shares = useMemo(() => workloadShares(evaluation), [evaluation]);

  const sortValue = (w: Workload): string | number => {
    switch (sort.key) {
      case 'name':
        return w.name.toLowerCase();
      case 'kind':
        return KIND_LABEL[w.spec.kind];
      case 'vms':
        return w.spec.vm_count;
      case 'capacity':
        return shares.get(w.id)?.capacity_pct ?? 0;
      case 'iops':
        return shares.get(w.id)?.iops_pct ?? 0;
    }
  };
  const needle = filter.trim().toLowerCase();
  const rows = workloads
    .map((workload, index) => ({ workload, index }))
    .filter(({ workload }) =>
      needle === ''
        ? true
        : `${workload.name} ${KIND_LABEL[workload.spec.kind]}`.toLowerCase().includes(needle),
    )
    .sort((a, b) => {
      const [x, y] = [sortValue(a.workload), sortValue(b.workload)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return sort.descending ? -order : order;
    });

  const header = (key: SortKey, label: string) => (
    <th
      scope="col"
      aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <button
        type="button"
        className="sort"
        onClick={() => setSort((s) => ({ key, descending: s.key === key ? !s.descending : false }))}
      >
        {label}
      </button>
    </th>
  );
  const toggle = (index: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const policyChoices = policies.map((p) => ({ value: p.id, label: p.name }));
  const clusterChoices = clusters.map((c) => ({ value: c.id, label: c.name }));

  return (
    <section className="panel" aria-labelledby="workloads-heading">
      <h2 id="workloads-heading">Workloads</h2>
      <div className="panel-actions">
        <label>
          Add{' '}
          <select
            aria-label="Add a workload from a template"
            value=""
            onChange={(e) => {
              const template = WORKLOAD_TEMPLATES.find((t) => t.id === e.target.value);
              const cluster = clusters[0];
              if (template && cluster) editProject((p) => addFromTemplate(p, template, cluster.id));
            }}
          >
            <option value="">a workload…</option>
            {WORKLOAD_TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Filter <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        {selected.size > 0 && (
          <>
            <label>
              Policy for {selected.size} selected{' '}
              <select
                value=""
                onChange={(e) =>
                  e.target.value && editProject((p) => setPolicy(p, selected, e.target.value))
                }
              >
                <option value="">choose…</option>
                {policyChoices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              onClick={() => {
                editProject((p) => removeWorkloads(p, selected));
                setSelected(new Set());
              }}
            >
              Delete selected
            </button>
          </>
        )}
      </div>
      <ScrollRegion label="Workloads table">
        <table className="grid workloads">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              {header('name', 'Name')}
              {header('kind', 'Kind')}
              {clusters.length > 1 && <th scope="col">Cluster</th>}
              <th scope="col">Policy</th>
              {header('vms', 'VMs')}
              <th scope="col">vCPU/VM</th>
              <th scope="col">RAM GB/VM</th>
              <th scope="col">Size</th>
              <th scope="col">Load</th>
              {header('capacity', 'Capacity share')}
              {header('iops', 'IOPS share')}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={moveBetweenRows}>
            {rows.map(({ workload, index }) => {
              const path = `workloads[${index}]`;
              const size = SIZE_FIELD[workload.spec.kind];
              const load = LOAD_FIELD[workload.spec.kind];
              const share = shares.get(workload.id);
              const name = workload.name || workload.id;
              return (
                <tr key={workload.id} data-testid={`workload-${workload.id}`}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${name}`}
                      checked={selected.has(index)}
                      onChange={() => toggle(index)}
                    />
                  </td>
                  <td>
                    <PathText
                      path={`${path}.name`}
                      label={`Workload ${index + 1} name`}
                      hideLabel
                    />
                  </td>
                  <td>{KIND_LABEL[workload.spec.kind]}</td>
                  {clusters.length > 1 && (
                    <td>
                      <PathSelect
                        path={`${path}.cluster_id`}
                        label={`${name} cluster`}
                        choices={clusterChoices}
                        hideLabel
                      />
                    </td>
                  )}
                  <td>
                    <PathSelect
                      path={`${path}.policy_id`}
                      label={`${name} policy`}
                      choices={policyChoices}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber path={`${path}.spec.vm_count`} label={`${name} VMs`} hideLabel />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.spec.vcpu_per_vm`}
                      label={`${name} vCPU per VM`}
                      hideLabel
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.spec.ram_gb_per_vm`}
                      label={`${name} RAM per VM`}
                      hideLabel
                    />
                  </td>
                  <td title={size.label}>
                    <PathNumber
                      path={`${path}.spec.${size.field}`}
                      label={`${name} ${size.label}`}
                      hideLabel
                    />
                  </td>
                  <td title={load.label}>
                    <PathNumber
                      path={`${path}.spec.${load.field}`}
                      label={`${name} ${load.label}`}
                      hideLabel
                    />
                  </td>
                  <td data-testid={`capacity-share-${workload.id}`}>
                    {share ? formatPct(share.capacity_pct) : '–'}
                  </td>
                  <td>{share ? formatPct(share.iops_pct) : '–'}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      aria-label={`Duplicate ${name}`}
                      onClick={() =>
                        editProject((p) =>
                          duplicateAt(p, 'workloads', index, freshId(p, 'workloads', workload.id)),
                        )
                      }
                    >
                      Duplicate
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${name}`}
                      onClick={() => editProject((p) => removeWorkloads(p, new Set([index])))}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

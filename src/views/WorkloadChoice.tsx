import { useId } from 'react';
import type { Workload } from '../core/types';
import { useApp } from '../store/context';
import { applyCellEdits, specValue } from '../workloads/cells';
import type { WorkloadField } from '../workloads/fields';

/**
 * A workload field chosen from a list (deployment, AG commit, iSCSI
 * target): edited as the grid's cells are, so switching the deployment
 * brings the fields it needs with it.
 */
export function WorkloadChoice({
  index,
  workload,
  field,
  label,
  hideLabel,
}: {
  index: number;
  workload: Workload;
  field: WorkloadField;
  label: string;
  hideLabel?: boolean;
}) {
  const id = useId();
  const editProject = useApp((s) => s.editProject);
  const issue = useApp(
    (s) => s.issues.find((i) => i.path === `workloads[${index}].spec.${field.key}`)?.message,
  );
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        data-path={`workloads[${index}].spec.${field.key}`}
        value={String(specValue(workload.spec, field.key))}
        aria-invalid={issue ? true : undefined}
        onChange={(e) => {
          const text = e.target.value;
          editProject((p) => {
            const outcome = applyCellEdits(p, [{ index, key: field.key, text, where: label }]);
            return outcome.ok ? outcome.project : p;
          });
        }}
      >
        {(field.choices ?? []).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {issue && (
        <p className="issue" role="alert">
          {issue}
        </p>
      )}
    </div>
  );
}

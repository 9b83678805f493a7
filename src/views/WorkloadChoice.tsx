import { PathSelect } from '../components/PathFields';
import { applyCellEdits } from '../workloads/cells';
import type { WorkloadField } from '../workloads/fields';

/**
 * A workload field chosen from a list (deployment, AG commit, iSCSI
 * target): edited as the grid's cells are, so switching the deployment
 * brings the fields it needs with it.
 */
export function WorkloadChoice({
  index,
  field,
  label,
  hideLabel,
  hint,
}: {
  index: number;
  field: WorkloadField;
  label: string;
  hideLabel?: boolean;
  hint?: string;
}) {
  return (
    <PathSelect
      path={`workloads[${index}].spec.${field.key}`}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      choices={field.choices ?? []}
      edit={(text) => (p) => {
        const outcome = applyCellEdits(p, [{ index, key: field.key, text, where: label }]);
        return outcome.ok ? outcome.project : p;
      }}
    />
  );
}

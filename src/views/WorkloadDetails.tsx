import { Classes } from '@blueprintjs/core';
import { PathNumber, PathSelect, PathText } from '../components/PathFields';
import { useApp } from '../store/context';
import { hasField, KIND_PROFILE, spokenLabel, WORKLOAD_FIELDS } from '../workloads/fields';
import { rangeText, type WorkloadRanges } from '../workloads/ranges';
import { KIND_LABEL } from '../workloads/templates';
import { WorkloadChoice } from './WorkloadChoice';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every field of one workload with what it means, its allowed range and where its defaults come from. */
export function WorkloadDetails({ index, ranges }: { index: number; ranges: WorkloadRanges }) {
  const workload = useApp((s) => s.project.workloads?.[index]);
  const policies = useApp((s) => s.project.policies ?? []);
  const clusters = useApp((s) => s.project.clusters);
  if (!workload) return null;
  const path = `workloads[${index}]`;
  const kind = workload.spec.kind;
  return (
    <section className="workload-details" aria-labelledby="workload-details-heading">
      <h3 id="workload-details-heading" className={Classes.HEADING}>
        {workload.name || workload.id}: {KIND_LABEL[kind]}
      </h3>
      <p className={Classes.TEXT_MUTED}>Defaults from: {KIND_PROFILE[kind]}</p>
      <div className="details-fields">
        <PathText path={`${path}.name`} label="Name" hint="How the reports name the workload" />
        <PathSelect
          path={`${path}.cluster_id`}
          label="Cluster"
          hint="The cluster the workload runs on"
          choices={clusters.map((c) => ({ value: c.id, label: c.name }))}
        />
        <PathSelect
          path={`${path}.policy_id`}
          label="Storage policy"
          hint="The storage policy protecting its disks"
          choices={policies.map((p) => ({ value: p.id, label: p.name }))}
        />
        {WORKLOAD_FIELDS.filter((f) => hasField(workload.spec, f)).map((field) => {
          const hint = `${field.meaning}. ${rangeText(ranges, kind, field.key)}`.trim();
          return field.choices ? (
            <WorkloadChoice
              key={field.key}
              index={index}
              field={field}
              label={field.label}
              hint={hint}
            />
          ) : (
            <PathNumber
              key={field.key}
              path={`${path}.spec.${field.key}`}
              label={sentenceCase(spokenLabel(field))}
              optional={field.optional !== undefined}
              placeholder={field.optional?.placeholder}
              testId={`detail-${field.key}`}
              hint={hint}
            />
          );
        })}
      </div>
    </section>
  );
}

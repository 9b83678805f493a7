// The allowed range of every workload field, as the core's validation
// states it. The core gives a field's range (as data, beside the message a
// field shows under its input) on the issue of a value outside it, so the
// app asks once with a probe: one workload of each kind with every field
// outside its range, and reads the ranges off the issues. Nothing here
// restates a limit.
import type { InputIssue, Project, Workload } from '../core/types';
import { WORKLOAD_FIELDS, type WorkloadKind } from './fields';
import { WORKLOAD_TEMPLATES } from './templates';

export interface FieldRange {
  min: number;
  max: number;
}

/** Ranges by kind, then by field key. */
export type WorkloadRanges = ReadonlyMap<WorkloadKind, ReadonlyMap<string, FieldRange>>;

// Every minimum the core sets is >= 0 and every count's maximum is far
// below 2^32 - 1, so these are outside every range and still parse (a count
// is an unsigned 32-bit integer; 0 is allowed where a VM group carries disks
// only, with no vCPUs).
const OUTSIDE_COUNT = 4_294_967_295;
const OUTSIDE_NUMBER = -1;

/** The probe: the project's clusters and policies, one out-of-range workload per kind. */
export function rangeProbe(project: Project): Project {
  const kinds = new Set<WorkloadKind>();
  const workloads: Workload[] = [];
  for (const template of WORKLOAD_TEMPLATES) {
    // The AG template, so the probe also carries the replicas.
    if (kinds.has(template.spec.kind) || template.id === 'sql') continue;
    kinds.add(template.spec.kind);
    const spec = structuredClone(template.spec) as unknown as Record<string, unknown>;
    for (const field of WORKLOAD_FIELDS) {
      // The reservation's range is 0 to the VM's RAM: it has no fixed end to probe.
      if (field.choices || field.optional || !field.kinds.includes(template.spec.kind)) continue;
      const value = field.integer ? OUTSIDE_COUNT : OUTSIDE_NUMBER;
      const [head, tail] = field.key.split('.') as [string, string | undefined];
      if (tail === undefined) spec[head] = value;
      else spec[head] = { ...(spec[head] as Record<string, unknown>), [tail]: value };
    }
    workloads.push({
      id: `probe-${template.spec.kind}`,
      name: 'probe',
      cluster_id: project.clusters[0]?.id ?? '',
      policy_id: project.policies?.[0]?.id ?? '',
      spec: spec as unknown as Workload['spec'],
    });
  }
  return { ...project, workloads };
}

const SPEC_PATH = /^workloads\[(\d+)\]\.spec\.(.+)$/;

/** Reads the ranges out of the core's answer to `rangeProbe(project)`. */
export function rangesFromIssues(probe: Project, issues: readonly InputIssue[]): WorkloadRanges {
  const ranges = new Map<WorkloadKind, Map<string, FieldRange>>();
  for (const issue of issues) {
    const at = SPEC_PATH.exec(issue.path);
    const range = issue.allowed;
    const workload = at && probe.workloads?.[Number(at[1])];
    if (!at || !range || !workload) continue;
    const kind = workload.spec.kind;
    const byField = ranges.get(kind) ?? new Map<string, FieldRange>();
    byField.set(at[2] as string, { min: range.min, max: range.max });
    ranges.set(kind, byField);
  }
  return ranges;
}

/** "Allowed: 0 to 100", or what the core checks instead when the range is not fixed. */
export function rangeText(ranges: WorkloadRanges, kind: WorkloadKind, key: string): string {
  if (key === 'memory_reservation_gb_per_vm') return 'Allowed: 0 to the RAM per VM';
  const range = ranges.get(kind)?.get(key);
  return range
    ? `Allowed: ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}`
    : '';
}

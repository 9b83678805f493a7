// Pure edits of the workload list.
import type { Project, Workload } from '../core/types';
import { appendAt, freshId } from '../store/listEdits';
import type { WorkloadTemplate } from './templates';

export function addFromTemplate(
  project: Project,
  template: WorkloadTemplate,
  clusterId: string,
): Project {
  const policyId = project.policies?.[0]?.id ?? '';
  const workload: Workload = {
    id: freshId(project, 'workloads', template.id),
    name: template.label,
    cluster_id: clusterId,
    policy_id: policyId,
    spec: structuredClone(template.spec),
  };
  return appendAt(project, 'workloads', workload);
}

export function removeWorkloads(project: Project, indices: ReadonlySet<number>): Project {
  return { ...project, workloads: (project.workloads ?? []).filter((_, i) => !indices.has(i)) };
}

export function setPolicy(
  project: Project,
  indices: ReadonlySet<number>,
  policyId: string,
): Project {
  return {
    ...project,
    workloads: (project.workloads ?? []).map((w, i) =>
      indices.has(i) ? { ...w, policy_id: policyId } : w,
    ),
  };
}

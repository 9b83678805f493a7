import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { addFromTemplate, removeWorkloads, setPolicy } from './edits';
import { WORKLOAD_TEMPLATES } from './templates';

const project = example as Project;

describe('workload edits', () => {
  it('adds each template with a fresh id on the given cluster and the first policy', () => {
    let next = project;
    for (const template of WORKLOAD_TEMPLATES) next = addFromTemplate(next, template, 'sql-af');
    const shipped = project.workloads?.length ?? 0;
    const added = (next.workloads ?? []).slice(shipped);
    expect(added.map((w) => w.spec.kind)).toEqual([
      'sql_server',
      'sql_server',
      'sql_server',
      'exchange',
      'file_server',
      'vm_group',
    ]);
    expect(new Set((next.workloads ?? []).map((w) => w.id)).size).toBe(shipped + 6);
    expect(added.every((w) => w.cluster_id === 'sql-af' && w.policy_id === 'raid1-ftt1')).toBe(
      true,
    );
  });

  it('sets the policy of the selected rows and removes them', () => {
    const both = new Set([0, 1]);
    const raid5 = setPolicy(project, both, 'raid5-ftt1');
    // The rows selected change; the OS-disk group (row 2) keeps its policy.
    expect(raid5.workloads?.map((w) => w.policy_id)).toEqual([
      'raid5-ftt1',
      'raid5-ftt1',
      'raid1-ftt1',
    ]);
    expect(removeWorkloads(raid5, new Set([0])).workloads?.map((w) => w.id)).toEqual([
      'sql500',
      'os-disks',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { applyDiskGroupToAll, duplicateDiskGroup, removeDiskGroup } from './designEdits';

const project = example as Project;
const groups = (p: Project) => {
  const storage = p.clusters[0]?.storage;
  return storage?.architecture === 'vsan_osa' ? storage.disk_groups : [];
};

describe('disk group edits', () => {
  it('duplicates a group right after itself', () => {
    const withThird = duplicateDiskGroup(project, 0, 0);
    expect(groups(withThird)).toHaveLength(3);
    expect(groups(withThird)[1]).toEqual(groups(project)[0]);
  });

  it('removes a group', () => {
    expect(groups(removeDiskGroup(project, 0, 1))).toHaveLength(1);
  });

  it('applies one group to all', () => {
    const changed = {
      ...project,
      clusters: project.clusters.map((c) =>
        c.storage.architecture === 'vsan_osa'
          ? {
              ...c,
              storage: {
                ...c.storage,
                disk_groups: c.storage.disk_groups.map((g, i) =>
                  i === 1 ? { ...g, capacity_device_count: 7 } : g,
                ),
              },
            }
          : c,
      ),
    };
    expect(groups(applyDiskGroupToAll(changed, 0, 1)).map((g) => g.capacity_device_count)).toEqual([
      7, 7,
    ]);
  });
});

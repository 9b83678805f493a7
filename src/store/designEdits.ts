// Pure edits of a cluster's storage design that are more than one field.
import type { DiskGroup, Project } from '../core/types';

function editDiskGroups(
  project: Project,
  clusterIndex: number,
  edit: (groups: DiskGroup[]) => DiskGroup[],
): Project {
  return {
    ...project,
    clusters: project.clusters.map((c, i) =>
      i === clusterIndex && c.storage.architecture === 'vsan_osa'
        ? { ...c, storage: { ...c.storage, disk_groups: edit(c.storage.disk_groups) } }
        : c,
    ),
  };
}

export const duplicateDiskGroup = (project: Project, clusterIndex: number, group: number) =>
  editDiskGroups(project, clusterIndex, (groups) => {
    const copy = groups[group];
    return copy ? [...groups.slice(0, group + 1), { ...copy }, ...groups.slice(group + 1)] : groups;
  });

export const removeDiskGroup = (project: Project, clusterIndex: number, group: number) =>
  editDiskGroups(project, clusterIndex, (groups) => groups.filter((_, i) => i !== group));

/** Makes every disk group of the host like `group` (hosts are uniform in a cluster). */
export const applyDiskGroupToAll = (project: Project, clusterIndex: number, group: number) =>
  editDiskGroups(project, clusterIndex, (groups) => {
    const model = groups[group];
    return model ? groups.map(() => ({ ...model })) : groups;
  });

import { Classes } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { NumberField } from '../components/NumberField';
import { useApp } from '../store/context';
import {
  diskGroupsOf,
  withCapacityDeviceGb,
  withCapacityDevicesPerGroup,
  withDiskGroupCount,
  withHostCount,
} from '../store/clusterEdits';
import { hostCount } from '../store/newCluster';

/** The cluster's shape: hosts, disk groups and capacity devices. */
export function ClusterEditor({ clusterIndex }: { clusterIndex: number }) {
  const cluster = useApp((s) => s.project.clusters[clusterIndex]);
  const devices = useApp((s) => s.project.devices);
  const issues = useApp((s) => s.issues);
  const editProject = useApp((s) => s.editProject);
  if (!cluster) return null;

  const base = `clusters[${clusterIndex}]`;
  const issueAt = (path: string) => issues.find((i) => i.path.startsWith(path))?.message;
  const groups = diskGroupsOf(cluster);
  const vsan = cluster.storage.architecture === 'vsan_osa';
  const firstGroup = groups[0];
  const capacityDevice = devices?.find((d) => d.id === firstGroup?.capacity_device);
  const deviceIndex = devices?.findIndex((d) => d.id === firstGroup?.capacity_device) ?? -1;

  return (
    <EditorPanel headingId="cluster-heading" title={cluster.name}>
      <p className={Classes.TEXT_MUTED}>{cluster.host.model}</p>
      <div className="editor-fields">
        <NumberField
          label="Hosts"
          testId="host-count"
          path={`${base}.topology.host_count`}
          value={hostCount(cluster.topology)}
          issue={issueAt(`${base}.topology`)}
          onChange={(n) => n !== undefined && editProject((p) => withHostCount(p, clusterIndex, n))}
        />
        {vsan && (
          <>
            <NumberField
              label="Disk groups per host"
              testId="disk-groups"
              path={`${base}.storage.disk_groups`}
              value={groups.length}
              issue={issueAt(`${base}.storage.disk_groups`)}
              onChange={(n) =>
                n !== undefined && editProject((p) => withDiskGroupCount(p, clusterIndex, n))
              }
            />
            <NumberField
              label="Capacity devices per disk group"
              testId="capacity-devices"
              path={`${base}.storage.disk_groups[0].capacity_device_count`}
              value={firstGroup?.capacity_device_count ?? 0}
              issue={issueAt(`${base}.storage.disk_groups[0].capacity_device_count`)}
              onChange={(n) =>
                n !== undefined &&
                editProject((p) => withCapacityDevicesPerGroup(p, clusterIndex, n))
              }
            />
            <NumberField
              label="Capacity device size"
              unit="GB"
              testId="device-gb"
              path={`devices[${deviceIndex}].capacity_gb`}
              value={capacityDevice?.capacity_gb ?? 0}
              issue={issueAt(`devices[${deviceIndex}].capacity_gb`)}
              onChange={(n) =>
                n !== undefined && editProject((p) => withCapacityDeviceGb(p, clusterIndex, n))
              }
            />
          </>
        )}
      </div>
    </EditorPanel>
  );
}

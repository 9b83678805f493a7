import { Classes } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { PathCheckbox, PathNumber, PathSelect } from '../components/PathFields';
import { useApp } from '../store/context';
import { PickFromCatalog } from './CatalogPicker';

const FREE_SPACE = [
  { value: 'reserved_capacity', label: 'Reserved capacity (operations + host rebuild)' },
  { value: 'slack', label: 'Slack space (settings) + host rebuild' },
];

/** A vSAN ESA cluster's storage pool: one NVMe device model on every host. */
export function EsaEditor({ clusterIndex }: { clusterIndex: number }) {
  const devices = useApp((s) => s.project.devices ?? []);
  const base = `clusters[${clusterIndex}].storage`;
  // ESA pools take NVMe devices only (the core says so if another is chosen).
  const nvme = devices
    .filter((d) => d.kind === 'nvme')
    .map((d) => ({ value: d.id, label: `${d.model} (${d.capacity_gb} GB)` }));
  return (
    <EditorPanel
      headingId={`esa-heading-${clusterIndex}`}
      title="vSAN ESA storage pool (every host)"
    >
      <div className="editor-actions">
        <PickFromCatalog
          slot={{ slot: 'esa_device', cluster: clusterIndex }}
          label="Choose the NVMe device from the catalog…"
        />
      </div>
      <div className="editor-fields">
        <PathSelect path={`${base}.device`} label="NVMe device" choices={nvme} />
        <PathNumber path={`${base}.devices_per_host`} label="NVMe devices per host" />
        <PathNumber
          path={`${base}.compression_ratio`}
          label="Compression ratio (policies with compression on)"
          unit=":1"
          optional
        />
        <PathSelect path={`${base}.free_space`} label="Free space kept" choices={FREE_SPACE} />
        <PathNumber
          path={`${base}.operations_reserve_pct`}
          label="Operations reserve (blank: 255 or 765 GB per host + 5 %)"
          unit="% of raw"
          optional
        />
        <PathCheckbox
          path={`${base}.host_rebuild_reserve`}
          label="Host rebuild reserve (one host per N+x)"
          absent
        />
        <PathNumber
          path={`${base}.vsan_memory_gb`}
          label="vSAN memory per host (blank: estimated)"
          unit="GB"
          optional
        />
      </div>
      <p className={Classes.TEXT_MUTED}>
        Data compression is a storage policy rule on ESA (on unless a policy turns it off): see the
        Compression (ESA) column of Storage policies.
      </p>
    </EditorPanel>
  );
}

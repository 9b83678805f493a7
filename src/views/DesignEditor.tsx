import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { memo } from 'react';
import { EditorPanel } from '../components/EditorPanel';
import { classes } from '../components/FieldFrame';
import { ActionsHeading, DuplicateButton, RemoveButton } from '../components/ListRowActions';
import { ScrollRegion } from '../components/ScrollRegion';
import { PathCheckbox, PathNumber, PathSelect, PathText } from '../components/PathFields';
import { diskGroupsOf } from '../store/clusterEdits';
import { applyDiskGroupToAll, duplicateDiskGroup, removeDiskGroup } from '../store/designEdits';
import { useApp } from '../store/context';
import { upTo } from '../units';
import { PickFromCatalog } from './CatalogPicker';
import { ClusterEditor } from './ClusterEditor';
import { EsaEditor } from './EsaEditor';
import { TopologyEditor } from './TopologyEditor';
import { XtremioVplexEditor } from './XtremioVplexEditor';

/** How the BOM prices the host, as the core priced it: its own price, the catalog's, or none. */
function partStatus(price: number | null | undefined, unpriced: boolean, currency: string) {
  if (price !== undefined && price !== null) {
    return `Priced at ${upTo(price, 2)} ${currency} per host.`;
  }
  return unpriced ? (
    <>
      <Tag intent={Intent.WARNING} minimal>
        custom, unpriced
      </Tag>{' '}
      The BOM lists this host without a price.
    </>
  ) : (
    'Priced from the catalog (the BOM shows the price).'
  );
}

/**
 * A cluster's hosts and storage: every field of the design, by path. Each
 * panel reads only what it shows, so an edit of one (the host count, on
 * every keystroke) does not render the others again.
 */
export const DesignEditor = memo(function DesignEditor({ clusterIndex }: { clusterIndex: number }) {
  const architecture = useApp((s) => s.project.clusters[clusterIndex]?.storage.architecture);
  if (!architecture) return null;
  return (
    <>
      <ClusterEditor clusterIndex={clusterIndex} />
      <TopologyEditor clusterIndex={clusterIndex} />
      <HostPanel clusterIndex={clusterIndex} />
      {architecture === 'xtremio_vplex' && <XtremioVplexEditor clusterIndex={clusterIndex} />}
      {architecture === 'vsan_esa' && <EsaEditor clusterIndex={clusterIndex} />}
      {architecture === 'vsan_osa' && <DiskGroupsPanel clusterIndex={clusterIndex} />}
    </>
  );
});

const HostPanel = memo(function HostPanel({ clusterIndex }: { clusterIndex: number }) {
  const host = useApp((s) => s.project.clusters[clusterIndex]?.host);
  const currency = useApp((s) => s.project.pricing?.currency ?? 'USD');
  const unpricedParts = useApp(
    (s) => s.evaluation?.clusters[clusterIndex]?.key_figures.cost.unpriced_parts,
  );
  if (!host) return null;
  const base = `clusters[${clusterIndex}]`;
  return (
    <EditorPanel headingId={`host-heading-${clusterIndex}`} title="Host">
      <div className="editor-actions">
        <PickFromCatalog
          slot={{ slot: 'host', cluster: clusterIndex }}
          label="Choose the host from the catalog…"
        />
        <span className={Classes.TEXT_MUTED} data-testid={`host-part-${clusterIndex}`}>
          {partStatus(host.unit_price, unpricedParts?.includes(host.model) ?? false, currency)}
        </span>
      </div>
      <div className="editor-fields">
        <PathText path={`${base}.name`} label="Cluster name" />
        <PathText path={`${base}.host.model`} label="Host model" wide />
        <PathNumber path={`${base}.host.sockets`} label="Sockets" />
        <PathNumber path={`${base}.host.cores_per_socket`} label="Cores per socket" />
        <PathNumber path={`${base}.host.ghz`} label="Clock" unit="GHz" />
        <PathNumber path={`${base}.host.ram_gb`} label="Memory" unit="GB" />
        <PathNumber path={`${base}.host.nics`} label="NICs" />
        <PathNumber path={`${base}.host.nic_gbps`} label="NIC speed" unit="Gb/s" />
        <PathNumber
          path={`${base}.host.unit_price`}
          label="Host unit price"
          unit={currency}
          optional
        />
      </div>
    </EditorPanel>
  );
});

/** A vSAN OSA cluster's disk groups; each field reads its own value, so only their number renders the table. */
const DiskGroupsPanel = memo(function DiskGroupsPanel({ clusterIndex }: { clusterIndex: number }) {
  const groups = useApp((s) => diskGroupsOf(s.project.clusters[clusterIndex]).length);
  const devices = useApp((s) => s.project.devices ?? []);
  const editProject = useApp((s) => s.editProject);
  const base = `clusters[${clusterIndex}]`;
  const deviceChoices = devices.map((d) => ({
    value: d.id,
    label: `${d.model} (${d.capacity_gb} GB)`,
  }));
  return (
    <EditorPanel headingId={`dg-heading-${clusterIndex}`} title="Disk groups (every host)">
      <PathCheckbox
        path={`${base}.storage.dedup_compression`}
        label="Deduplication and compression (all-flash only)"
      />
      <div className="editor-actions">
        <PickFromCatalog
          slot={{ slot: 'cache_device', cluster: clusterIndex }}
          label="Choose the cache device from the catalog…"
        />
        <PickFromCatalog
          slot={{ slot: 'capacity_device', cluster: clusterIndex }}
          label="Choose the capacity device from the catalog…"
        />
      </div>
      <ScrollRegion label="Disk groups table">
        <table className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'disk-groups')}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Cache device</th>
              <th scope="col">Capacity device</th>
              <th scope="col">Count</th>
              <ActionsHeading />
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: groups }, (_, g) => {
              const path = `${base}.storage.disk_groups[${g}]`;
              return (
                <tr key={g}>
                  <td>{g + 1}</td>
                  <td>
                    <PathSelect
                      path={`${path}.cache_device`}
                      label={`Disk group ${g + 1} cache device`}
                      choices={deviceChoices}
                      hideLabel
                      longChoices
                    />
                  </td>
                  <td>
                    <PathSelect
                      path={`${path}.capacity_device`}
                      label={`Disk group ${g + 1} capacity device`}
                      choices={deviceChoices}
                      hideLabel
                      longChoices
                    />
                  </td>
                  <td>
                    <PathNumber
                      path={`${path}.capacity_device_count`}
                      label={`Disk group ${g + 1} capacity device count`}
                      hideLabel
                    />
                  </td>
                  <td className="editor-row-actions">
                    {/* Icons, named per group: the device names need the width. */}
                    <DuplicateButton
                      iconOnly
                      label={`Duplicate disk group ${g + 1}`}
                      onClick={() => editProject((p) => duplicateDiskGroup(p, clusterIndex, g))}
                    />
                    <Button
                      size="small"
                      variant="minimal"
                      icon="layers"
                      title="Apply to all"
                      aria-label={`Apply disk group ${g + 1} to all`}
                      onClick={() => editProject((p) => applyDiskGroupToAll(p, clusterIndex, g))}
                    />
                    <RemoveButton
                      iconOnly
                      label={`Remove disk group ${g + 1}`}
                      onClick={() => editProject((p) => removeDiskGroup(p, clusterIndex, g))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </EditorPanel>
  );
});

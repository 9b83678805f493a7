import { useEffect, useState } from 'react';
import { Classes } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { classes } from '../components/FieldFrame';
import { PathNumber, PathSelect, type Choice } from '../components/PathFields';
import { WrappingSelect } from '../components/WrappingSelect';
import { attempt } from '../files/failures';
import { useServices } from '../services';
import { useApp } from '../store/context';
import { setAtPath } from '../store/paths';
import { PickFromCatalog } from './CatalogPicker';

const REPLICATION: Choice[] = [
  { value: 'metro', label: 'VPLEX Metro (synchronous, <= 5 ms RTT)' },
  { value: 'geo', label: 'VPLEX Geo (asynchronous, <= 50 ms RTT)' },
];

/** The X-Brick models the core knows, for the model picker. */
function useXBrickChoices(): Choice[] {
  const { core, store } = useServices();
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    let current = true;
    attempt(store, 'Listing the X-Brick models', async () => {
      const catalog = await core.call('catalog/x-bricks', {});
      if (current) setChoices(catalog.models.map((m) => ({ value: m.id, label: m.name })));
    });
    return () => {
      current = false;
    };
  }, [core, store]);
  return choices;
}

/** XtremIO's data reduction; empty, the core uses seed 004's figures. */
const DATA_REDUCTION: readonly { key: string; label: string; unit?: string }[] = [
  { key: 'dedup_ratio', label: 'Deduplication ratio', unit: ':1' },
  { key: 'compression_ratio', label: 'Compression ratio', unit: ':1' },
  { key: 'thin_savings_pct', label: 'Thin-provisioning savings (never written)', unit: '%' },
  { key: 'snapshot_copies', label: 'Snapshots kept of every distributed volume' },
  {
    key: 'snapshot_change_pct',
    label: 'Data each snapshot stores of its own (share of the volume)',
    unit: '%',
  },
];

const PLACEMENTS: Choice[] = [
  { value: 'distributed', label: 'Distributed volumes (both sites)' },
  { value: 'local', label: 'Local volumes (production array only)' },
  { value: 'snapshot', label: 'Snapshots mounted from XtremIO' },
];

/**
 * Where each workload of the cluster keeps its volumes: distributed unless
 * listed (seed 004 Table 5). Choosing "distributed" drops the entry.
 */
function VolumePlacements({ clusterIndex }: { clusterIndex: number }) {
  const base = `clusters[${clusterIndex}]`;
  const cluster = useApp((s) => s.project.clusters[clusterIndex]);
  const workloads = useApp((s) => s.project.workloads ?? []);
  const editProject = useApp((s) => s.editProject);
  if (cluster?.storage.architecture !== 'xtremio_vplex') return null;
  const volumes = cluster.storage.volumes ?? [];
  const place = (workloadId: string, placement: string) =>
    editProject((p) =>
      setAtPath(p, `${base}.storage.volumes`, [
        ...volumes.filter((v) => v.workload_id !== workloadId),
        ...(placement === 'distributed' ? [] : [{ workload_id: workloadId, placement }]),
      ]),
    );
  const mine = workloads.filter((w) => w.cluster_id === cluster.id);
  if (mine.length === 0) return null;
  return (
    <table
      className={classes(Classes.HTML_TABLE, Classes.COMPACT, 'volume-placements')}
      aria-label="Volume placement per workload"
    >
      <thead>
        <tr>
          <th scope="col">Workload</th>
          <th scope="col">Volumes</th>
        </tr>
      </thead>
      <tbody>
        {mine.map((w) => (
          <tr key={w.id}>
            <td>{w.name || w.id}</td>
            <td>
              <WrappingSelect
                minimal
                aria-label={`${w.name || w.id} volume placement`}
                value={volumes.find((v) => v.workload_id === w.id)?.placement ?? 'distributed'}
                onChange={(e) => place(w.id, e.target.value)}
                choices={PLACEMENTS}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** XtremIO arrays behind VPLEX Metro: both sites are alike. */
export function XtremioVplexEditor({ clusterIndex }: { clusterIndex: number }) {
  const base = `clusters[${clusterIndex}]`;
  const models = useXBrickChoices();
  const storage = `${base}.storage`;
  return (
    <EditorPanel headingId={`xtremio-heading-${clusterIndex}`} title="XtremIO + VPLEX (each site)">
      <div className="editor-actions">
        <PickFromCatalog
          slot={{ slot: 'x_brick', cluster: clusterIndex }}
          label="Choose the X-Brick from the catalog…"
        />
        <PickFromCatalog
          slot={{ slot: 'vplex_engine', cluster: clusterIndex }}
          label="Choose the VPLEX engine from the catalog…"
        />
      </div>
      <div className="editor-fields">
        <PathSelect
          path={`${storage}.x_brick_model`}
          label="X-Brick model"
          choices={models}
          longChoices
        />
        <PathNumber path={`${storage}.x_bricks_per_site`} label="X-Bricks per site" />
        <PathSelect
          path={`${storage}.vplex_engines`}
          label="VPLEX engines per site"
          choices={[1, 2, 4].map((n) => ({ value: String(n), label: String(n) }))}
          parse={Number}
        />
        <PathSelect
          path={`${storage}.replication`}
          label="Replication"
          choices={REPLICATION}
          longChoices
        />
        <PathNumber
          path={`${storage}.vplex_read_cache_hit_pct`}
          label="VPLEX read-cache hits"
          unit="%"
        />
        {DATA_REDUCTION.map((f) => (
          <PathNumber
            key={f.key}
            path={`${storage}.data_reduction.${f.key}`}
            label={f.label}
            unit={f.unit}
            optional
            placeholder="seed 004 default"
          />
        ))}
      </div>
      <p className={Classes.TEXT_MUTED}>
        The inter-site RTT and links are the cluster’s topology, under Architecture and topology.
      </p>
      <VolumePlacements clusterIndex={clusterIndex} />
    </EditorPanel>
  );
}

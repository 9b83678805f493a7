import { useEffect, useRef, useState } from 'react';
import { NumberField } from '../components/NumberField';
import type { Topology } from '../core/types';
import { useApp } from '../store/context';
import {
  addClusterOf,
  ARCHITECTURES,
  defaultTopology,
  hostCount,
  type Architecture,
} from '../store/newCluster';
import { ArchitectureOptions, TopologyOptions } from './TopologyEditor';

type Stretched = Extract<Topology, { kind: 'stretched' }>;

/** Asks what the new cluster is: its architecture, and one site or two with their links. */
export function AddClusterDialog({ onClose }: { onClose: () => void }) {
  const count = useApp((s) => s.project.clusters.length);
  const editProject = useApp((s) => s.editProject);
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(`Cluster ${count + 1}`);
  const [architecture, setArchitecture] = useState<Architecture>('vsan_osa_all_flash');
  const [topology, setTopology] = useState<Topology>(defaultTopology('single', 4));
  const allowed = ARCHITECTURES.find((a) => a.value === architecture)?.topologies ?? ['single'];

  // Mounted while it is open: modal from the start, gone when closed.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const hosts = hostCount(topology);
  const pickArchitecture = (next: Architecture) => {
    setArchitecture(next);
    const kinds = ARCHITECTURES.find((a) => a.value === next)?.topologies ?? ['single'];
    if (!kinds.includes(topology.kind)) setTopology(defaultTopology(kinds[0] ?? 'single', hosts));
  };
  const stretched = (field: keyof Omit<Stretched, 'kind' | 'site_mirroring'>) => (n?: number) =>
    n !== undefined && topology.kind === 'stretched' && setTopology({ ...topology, [field]: n });

  return (
    <dialog
      ref={dialog}
      className="question add-cluster"
      aria-labelledby="add-cluster-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="add-cluster-title">Add a cluster</h2>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          editProject((p) =>
            addClusterOf(p, architecture, topology, name.trim() || `Cluster ${count + 1}`),
          );
          onClose();
        }}
      >
        <div className="fields">
          <div className="field">
            <label htmlFor="new-cluster-name">Cluster name</label>
            <input id="new-cluster-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="new-cluster-architecture">Architecture</label>
            <select
              id="new-cluster-architecture"
              value={architecture}
              onChange={(e) => pickArchitecture(e.target.value as Architecture)}
            >
              <ArchitectureOptions />
            </select>
          </div>
          <div className="field">
            <label htmlFor="new-cluster-topology">Topology</label>
            <select
              id="new-cluster-topology"
              value={topology.kind}
              onChange={(e) =>
                setTopology(defaultTopology(e.target.value as Topology['kind'], hosts))
              }
            >
              <TopologyOptions allowed={allowed} />
            </select>
          </div>
          {topology.kind === 'single' ? (
            <NumberField
              label="Hosts"
              value={topology.host_count}
              onChange={(n) => n !== undefined && setTopology({ ...topology, host_count: n })}
            />
          ) : (
            <>
              <NumberField
                label="Hosts per site"
                value={topology.hosts_per_site}
                onChange={stretched('hosts_per_site')}
              />
              <NumberField
                label="Inter-site RTT"
                unit="ms"
                value={topology.inter_site_rtt_ms}
                onChange={stretched('inter_site_rtt_ms')}
              />
              <NumberField
                label="Inter-site link"
                unit="Gb/s"
                value={topology.inter_site_link_gbps}
                onChange={stretched('inter_site_link_gbps')}
              />
              <NumberField
                label="Witness RTT"
                unit="ms"
                value={topology.witness_rtt_ms}
                onChange={stretched('witness_rtt_ms')}
              />
              <NumberField
                label="Witness link"
                unit="Mb/s"
                value={topology.witness_link_mbps}
                onChange={stretched('witness_link_mbps')}
              />
              <div className="field checkbox">
                <input
                  id="new-cluster-mirroring"
                  type="checkbox"
                  checked={topology.site_mirroring !== false}
                  onChange={(e) => setTopology({ ...topology, site_mirroring: e.target.checked })}
                />
                <label htmlFor="new-cluster-mirroring">
                  Site mirroring (a full copy in each site)
                </label>
              </div>
            </>
          )}
        </div>
        <p className="muted">
          Hosts and storage start from {ARCHITECTURES.find((a) => a.value === architecture)?.from};
          edit them after adding. The core checks every figure once the cluster is added.
        </p>
        <div className="panel-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit">Add the cluster</button>
        </div>
      </form>
    </dialog>
  );
}

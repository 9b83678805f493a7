import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  InputGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
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
import {
  ArchitectureOptions,
  SITE_MIRRORING_LABEL,
  STRETCHED_FIELDS,
  TopologyOptions,
} from './TopologyEditor';

/** Asks what the new cluster is: its architecture, and one site or two with their links. */
export function AddClusterDialog({ onClose }: { onClose: () => void }) {
  const count = useApp((s) => s.project.clusters.length);
  const editProject = useApp((s) => s.editProject);
  const [name, setName] = useState(`Cluster ${count + 1}`);
  const [architecture, setArchitecture] = useState<Architecture>('vsan_osa_all_flash');
  const [topology, setTopology] = useState<Topology>(defaultTopology('single', 4));
  const allowed = ARCHITECTURES.find((a) => a.value === architecture)?.topologies ?? ['single'];

  const hosts = hostCount(topology);
  const pickArchitecture = (next: Architecture) => {
    setArchitecture(next);
    const kinds = ARCHITECTURES.find((a) => a.value === next)?.topologies ?? ['single'];
    if (!kinds.includes(topology.kind)) setTopology(defaultTopology(kinds[0] ?? 'single', hosts));
  };
  const stretched = (field: (typeof STRETCHED_FIELDS)[number]['key']) => (n?: number) =>
    n !== undefined && topology.kind === 'stretched' && setTopology({ ...topology, [field]: n });

  return (
    // Mounted while it is open: modal from the start, gone when closed.
    <Dialog
      isOpen
      className="add-cluster"
      title="Add a cluster"
      icon="add"
      canOutsideClickClose={false}
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          editProject((p) =>
            addClusterOf(p, architecture, topology, name.trim() || `Cluster ${count + 1}`),
          );
          onClose();
        }}
      >
        <DialogBody>
          <div className="fields">
            <div className="field">
              <label htmlFor="new-cluster-name">Cluster name</label>
              <InputGroup
                id="new-cluster-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="new-cluster-architecture">Architecture</label>
              <HTMLSelect
                fill
                id="new-cluster-architecture"
                value={architecture}
                onChange={(e) => pickArchitecture(e.target.value as Architecture)}
              >
                <ArchitectureOptions />
              </HTMLSelect>
            </div>
            <div className="field">
              <label htmlFor="new-cluster-topology">Topology</label>
              <HTMLSelect
                fill
                id="new-cluster-topology"
                value={topology.kind}
                onChange={(e) =>
                  setTopology(defaultTopology(e.target.value as Topology['kind'], hosts))
                }
              >
                <TopologyOptions allowed={allowed} />
              </HTMLSelect>
            </div>
            {topology.kind === 'single' ? (
              <NumberField
                label="Hosts"
                value={topology.host_count}
                onChange={(n) => n !== undefined && setTopology({ ...topology, host_count: n })}
              />
            ) : (
              <>
                {STRETCHED_FIELDS.map((f) => (
                  <NumberField
                    key={f.key}
                    label={f.label}
                    unit={f.unit}
                    value={topology[f.key]}
                    onChange={stretched(f.key)}
                  />
                ))}
                <Checkbox
                  className="field"
                  label={SITE_MIRRORING_LABEL}
                  checked={topology.site_mirroring !== false}
                  onChange={(e) =>
                    setTopology({ ...topology, site_mirroring: e.currentTarget.checked })
                  }
                />
              </>
            )}
          </div>
          <p className="muted">
            Hosts and storage start from {ARCHITECTURES.find((a) => a.value === architecture)?.from}
            ; edit them after adding. The core checks every figure once the cluster is added.
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" icon="add" text="Add the cluster" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

import { HTMLSelect } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { FieldFrame } from '../components/FieldFrame';
import { PathCheckbox, PathNumber } from '../components/PathFields';
import type { Topology } from '../core/types';
import { useApp } from '../store/context';
import {
  ARCHITECTURES,
  architectureOf,
  convertCluster,
  defaultTopology,
  hostCount,
  type Architecture,
} from '../store/newCluster';

/** The architectures, as options of a select. */
export const ArchitectureOptions = () =>
  ARCHITECTURES.map((a) => (
    <option key={a.value} value={a.value}>
      {a.label}
    </option>
  ));

/** The topologies an architecture is sized on, as options of a select. */
export const TopologyOptions = ({ allowed }: { allowed: readonly Topology['kind'][] }) => (
  <>
    {allowed.includes('single') && <option value="single">Single site</option>}
    {allowed.includes('stretched') && <option value="stretched">Stretched (two sites)</option>}
  </>
);

type Stretched = Extract<Topology, { kind: 'stretched' }>;

/** The stretched topology's figures, with their units. */
export const STRETCHED_FIELDS: readonly {
  key: keyof Omit<Stretched, 'kind' | 'site_mirroring'>;
  label: string;
  unit?: string;
}[] = [
  { key: 'hosts_per_site', label: 'Hosts per site' },
  { key: 'inter_site_rtt_ms', label: 'Inter-site RTT', unit: 'ms' },
  { key: 'inter_site_link_gbps', label: 'Inter-site link', unit: 'Gb/s' },
  { key: 'witness_rtt_ms', label: 'Witness RTT', unit: 'ms' },
  { key: 'witness_link_mbps', label: 'Witness link', unit: 'Mb/s' },
];
export const SITE_MIRRORING_LABEL = 'Site mirroring (a full copy in each site)';

/** The stretched topology's fields, by path. */
export function StretchedFields({ base }: { base: string }) {
  const t = `${base}.topology`;
  return (
    <>
      {STRETCHED_FIELDS.map((f) => (
        <PathNumber key={f.key} path={`${t}.${f.key}`} label={f.label} unit={f.unit} />
      ))}
      <PathCheckbox path={`${t}.site_mirroring`} label={SITE_MIRRORING_LABEL} absent />
    </>
  );
}

/** A cluster's architecture and topology: single site or stretched, and converting to another architecture. */
export function TopologyEditor({ clusterIndex }: { clusterIndex: number }) {
  const cluster = useApp((s) => s.project.clusters[clusterIndex]);
  const devices = useApp((s) => s.project.devices ?? []);
  const editProject = useApp((s) => s.editProject);
  const ask = useApp((s) => s.ask);
  if (!cluster) return null;
  const base = `clusters[${clusterIndex}]`;
  const architecture = architectureOf(cluster, devices);
  const allowed = ARCHITECTURES.find((a) => a.value === architecture)?.topologies ?? [];
  const hosts = hostCount(cluster.topology);

  const convert = async (to: Architecture) => {
    const target = ARCHITECTURES.find((a) => a.value === to);
    if (!target || to === architecture) return;
    const answer = await ask({
      title: `Convert ${cluster.name} to ${target.label}?`,
      text: `Kept: the cluster’s name, hosts, host count, workloads${
        target.topologies.includes(cluster.topology.kind) ? ' and topology' : ''
      }. To choose again: the storage, which starts from ${target.from}${
        target.topologies.includes(cluster.topology.kind)
          ? ''
          : `, and the topology, which becomes ${target.topologies[0] === 'single' ? 'a single site' : 'stretched'} (${target.label} is sized ${target.topologies[0] === 'single' ? 'on one site' : 'across two sites'})`
      }. Undo converts it back.`,
      choices: [
        { value: 'cancel', label: 'Cancel' },
        { value: 'convert', label: 'Convert' },
      ],
    });
    if (answer === 'convert') editProject((p) => convertCluster(p, clusterIndex, to));
  };

  return (
    <EditorPanel headingId={`topology-heading-${clusterIndex}`} title="Architecture and topology">
      <div className="editor-fields">
        <FieldFrame id={`architecture-${clusterIndex}`} label="Architecture">
          <HTMLSelect
            id={`architecture-${clusterIndex}`}
            fill
            value={architecture}
            onChange={(e) => void convert(e.target.value as Architecture)}
          >
            <ArchitectureOptions />
          </HTMLSelect>
        </FieldFrame>
        <FieldFrame id={`topology-${clusterIndex}`} label="Topology">
          <HTMLSelect
            id={`topology-${clusterIndex}`}
            fill
            data-path={`${base}.topology.kind`}
            value={cluster.topology.kind}
            onChange={(e) =>
              editProject((p) => ({
                ...p,
                clusters: p.clusters.map((c, i) =>
                  i === clusterIndex
                    ? { ...c, topology: defaultTopology(e.target.value as Topology['kind'], hosts) }
                    : c,
                ),
              }))
            }
          >
            <TopologyOptions allowed={allowed} />
          </HTMLSelect>
        </FieldFrame>
        {cluster.topology.kind === 'stretched' && <StretchedFields base={base} />}
      </div>
    </EditorPanel>
  );
}

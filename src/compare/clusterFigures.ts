// The figures a comparison reads from one cluster, whatever its kind (vSAN
// OSA, vSAN ESA, XtremIO + VPLEX), so hybrid, all-flash, ESA and array
// variants line up row by row. Every number is one the core returned; a
// figure the core does not model for a kind says so and why, instead of
// standing in as a zero or a dash.
import type {
  ArrayClusterEvaluation,
  Capacity,
  CapacityEvaluation,
  ClusterCompute,
  ClusterEvaluation,
  EsaClusterEvaluation,
  Evaluation,
} from '../core/types';

/** A figure the core does not compute for this kind of cluster (or not in the evaluation). */
export interface NotModelled {
  /** Why, for the tooltip. */
  notModelled: string;
  /** The cell's text when "not modelled" would mislead. */
  shown?: string;
}

export const notModelled = (why: string, shown?: string): NotModelled =>
  shown === undefined ? { notModelled: why } : { notModelled: why, shown };

export const isNotModelled = (value: unknown): value is NotModelled =>
  typeof value === 'object' && value !== null && 'notModelled' in value;

export type ClusterKind = 'vsan_osa' | 'vsan_esa' | 'xtremio_vplex';

export interface ClusterFigures {
  kind: ClusterKind;
  name: string;
  /** Undefined where the core leaves a figure out (e.g. nothing to divide by). */
  raw: Capacity | undefined;
  capacity: CapacityEvaluation;
  compute: ClusterCompute;
  frontEndIops: number | undefined | NotModelled;
  /** Front-end IOPS the design can serve at this workload mix. */
  iopsCapability: number | undefined | NotModelled;
  /** What `iopsCapability` is for this kind, for its tooltip. */
  iopsCapabilityBasis: string;
  backEndIops: number | undefined | NotModelled;
}

function vsanOsa(c: ClusterEvaluation): ClusterFigures {
  return {
    kind: 'vsan_osa',
    name: c.cluster_name,
    raw: c.raw.total,
    capacity: c.capacity,
    compute: c.compute,
    frontEndIops: c.performance.front_end_iops,
    iopsCapability: c.performance.device_limited_front_end_iops,
    iopsCapabilityBasis:
      'Device-limited: the front-end IOPS that bring the busiest device tier to its utilisation ceiling.',
    backEndIops: c.performance.back_end_iops,
  };
}

function vsanEsa(c: EsaClusterEvaluation): ClusterFigures {
  return {
    kind: 'vsan_esa',
    name: c.cluster_name,
    raw: c.raw.total,
    capacity: c.capacity,
    compute: c.compute,
    frontEndIops: c.performance.front_end_iops,
    iopsCapability: c.performance.device_limited_front_end_iops,
    iopsCapabilityBasis:
      "Device-limited: the front-end IOPS that bring the pool's NVMe devices to their utilisation ceiling (RAID-1 performance leg plus full-stripe capacity writes).",
    backEndIops: c.performance.back_end_iops,
  };
}

function xtremioVplex(c: ArrayClusterEvaluation): ClusterFigures {
  const x = c.xtremio_vplex;
  return {
    kind: 'xtremio_vplex',
    name: c.cluster_name,
    // The waterfall starts at both sites' raw X-Brick capacity.
    raw: c.capacity.waterfall.find((s) => s.kind === 'start')?.amount,
    capacity: c.capacity,
    compute: c.compute,
    frontEndIops: x.vplex.frontend_iops,
    iopsCapability: x.vplex.limit.frontend_iops_peak,
    iopsCapabilityBasis:
      "The VPLEX engines' peak front-end limit at this read share; each site's X-Brick rated IOPS are on the Results tab.",
    backEndIops: x.sites.reduce((total, s) => total + s.back_end_iops, 0),
  };
}

/** Every cluster of an evaluation, in the dashboard's order (OSA, arrays, ESA). */
export const clusterFigures = (e: Evaluation): ClusterFigures[] => [
  ...e.clusters.map(vsanOsa),
  ...e.array_clusters.map(xtremioVplex),
  ...e.esa_clusters.map(vsanEsa),
];

export const KIND_LABEL: Record<ClusterKind, string> = {
  vsan_osa: 'vSAN OSA',
  vsan_esa: 'vSAN ESA',
  xtremio_vplex: 'XtremIO + VPLEX',
};

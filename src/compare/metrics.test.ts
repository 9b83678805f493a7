// The comparison rows for every kind of cluster, read from evaluations the
// real Wasm core makes of the shipped examples.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import hybrid from '../../assets/examples/seed-000-hybrid-alwayson.json';
import allFlash from '../../assets/examples/seed-001-all-flash-sql.json';
import array from '../../assets/examples/seed-004-xtremio-vplex.json';
import esa from '../../assets/examples/esa-all-nvme.json';
import * as core from '../core/pkg/stacksizer_core.js';
import type { Evaluation } from '../core/types';
import { isNotModelled } from './clusterFigures';
import { bestIndex, formatMetric, METRICS, variantKinds, type Metric } from './metrics';

beforeAll(() => {
  core.initSync({
    module: readFileSync(new URL('../core/pkg/stacksizer_core_bg.wasm', import.meta.url)),
  });
});

function evaluate(project: unknown): Evaluation {
  const outcome = core.evaluateProject(JSON.stringify(project));
  if (outcome.status !== 'evaluated') throw new Error('the example does not evaluate');
  return outcome.evaluation;
}

const metric = (id: string): Metric => {
  const found = METRICS.find((m) => m.id === id);
  if (!found) throw new Error(`no metric ${id}`);
  return found;
};
const value = (id: string, e: Evaluation) => metric(id).value(e, 'tb');

describe('comparison figures per kind of cluster', () => {
  it('vSAN OSA: every row from the cluster the core evaluated', () => {
    const e = evaluate(allFlash);
    const c = e.clusters[0]!;
    expect(value('raw', e)).toBe(c.raw.total.tb);
    expect(value('usable', e)).toBe(c.capacity.usable.tb);
    expect(value('required', e)).toBe(c.capacity.required.tb);
    expect(value('headroom', e)).toBe(c.capacity.headroom_pct);
    expect(value('front-end', e)).toBe(c.performance.front_end_iops);
    expect(value('iops-limit', e)).toBe(c.performance.device_limited_front_end_iops);
    expect(value('back-end', e)).toBe(c.performance.back_end_iops);
    expect(value('vcpu', e)).toBe(c.compute.vcpu_per_core_after_failure);
    expect(value('ram', e)).toBe(c.compute.ram_demand_pct_after_failure);
    expect(variantKinds(e)).toBe('vSAN OSA (all-flash)');
    expect(variantKinds(evaluate(hybrid))).toBe('vSAN OSA (hybrid)');
  });

  it('vSAN ESA: capacity, device IOPS and compute from the core', () => {
    const e = evaluate(esa);
    const c = e.esa_clusters[0]!;
    expect(e.clusters).toHaveLength(0);
    expect(value('raw', e)).toBe(c.raw.total.tb);
    expect(value('usable', e)).toBe(c.capacity.usable.tb);
    expect(value('required', e)).toBe(c.capacity.required.tb);
    expect(value('headroom', e)).toBe(c.capacity.headroom_pct);
    expect(value('front-end', e)).toBe(c.performance.front_end_iops);
    expect(value('iops-limit', e)).toBe(c.performance.device_limited_front_end_iops);
    expect(value('back-end', e)).toBe(c.performance.back_end_iops);
    expect(value('cpu', e)).toBe(c.compute.cores_needed_pct_after_failure);
    expect(variantKinds(e)).toBe('vSAN ESA');
  });

  it('XtremIO + VPLEX: both sites raw, the VPLEX limit and both arrays back end', () => {
    const e = evaluate(array);
    const c = e.array_clusters[0]!;
    const x = c.xtremio_vplex;
    const sitesRaw = x.sites.reduce((sum, s) => sum + s.raw.tb, 0);
    expect(value('raw', e)).toBeCloseTo(sitesRaw, 9);
    expect(value('usable', e)).toBe(c.capacity.usable.tb);
    expect(value('required', e)).toBe(c.capacity.required.tb);
    expect(value('front-end', e)).toBe(x.vplex.frontend_iops);
    expect(value('iops-limit', e)).toBe(x.vplex.limit.frontend_iops_peak);
    expect(value('back-end', e)).toBeCloseTo(x.sites[0]!.back_end_iops + x.sites[1]!.back_end_iops);
    expect(value('vcpu', e)).toBe(c.compute.vcpu_per_core_after_failure);
    expect(variantKinds(e)).toBe('XtremIO + VPLEX');
  });

  it('several clusters: totals add up, ratios show the tightest', () => {
    const osa = evaluate(allFlash);
    const pool = evaluate(esa);
    const both: Evaluation = {
      ...osa,
      esa_clusters: pool.esa_clusters,
      findings: [...osa.findings, ...pool.findings],
    };
    expect(value('usable', both)).toBeCloseTo(
      osa.clusters[0]!.capacity.usable.tb + pool.esa_clusters[0]!.capacity.usable.tb,
      9,
    );
    const headrooms = [osa, pool].map((e) => value('headroom', e) as number);
    expect(value('headroom', both)).toBe(Math.min(...headrooms));
    expect(value('iops-limit', both)).toBeCloseTo(
      osa.clusters[0]!.performance.device_limited_front_end_iops! +
        pool.esa_clusters[0]!.performance.device_limited_front_end_iops!,
      6,
    );
    expect(value('errors', both)).toBe(both.findings.filter((f) => f.severity === 'error').length);
  });

  it('cost: the BOM total of priced parts; unpriced parts make it incomplete', () => {
    const unpriced = value('cost', evaluate(allFlash));
    expect(formatMetric(metric('cost'), unpriced, 'tb')).toBe('no prices');
    expect(isNotModelled(unpriced) && unpriced.notModelled).toMatch(/Dell PowerEdge R630/);

    // Seed 001: 4 hosts, 8 cache and 32 capacity devices.
    const priced = structuredClone(allFlash) as typeof allFlash;
    priced.clusters[0]!.host = { ...priced.clusters[0]!.host, unit_price: 10_000 } as never;
    const devices = priced.devices as { unit_price?: number }[];
    devices[0]!.unit_price = 500;
    const partial = value('cost', evaluate(priced));
    expect(formatMetric(metric('cost'), partial, 'tb')).toMatch(/^4\d,\d{3} \+ 1 part unpriced$/);
    devices.forEach((d) => (d.unit_price = 500));
    expect(value('cost', evaluate(priced))).toBe(4 * 10_000 + (8 + 32) * 500);
  });
});

describe('bestIndex', () => {
  it('picks the highest or the lowest', () => {
    expect(bestIndex([3, 9, 5], 'higher')).toBe(1);
    expect(bestIndex([3, 9, 5], 'lower')).toBe(0);
  });

  it('skips figures the core left out or does not model', () => {
    expect(bestIndex([undefined, 2, 7], 'higher')).toBe(2);
    expect(bestIndex([{ notModelled: 'why' }, 9, 7], 'lower')).toBe(2);
  });

  it('marks nothing when all are equal, only one has a figure, or the row is context', () => {
    expect(bestIndex([4, 4], 'higher')).toBeUndefined();
    expect(bestIndex([undefined, 4], 'lower')).toBeUndefined();
    expect(bestIndex([{ notModelled: 'why' }, 4], 'higher')).toBeUndefined();
    expect(bestIndex([1, 2], 'none')).toBeUndefined();
  });
});

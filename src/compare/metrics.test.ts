// The comparison rows for every kind of cluster, read from evaluations the
// real Wasm core makes of the shipped examples.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import hybrid from '../../assets/examples/seed-000-hybrid-alwayson.json';
import allFlash from '../../assets/examples/seed-001-all-flash-sql.json';
import array from '../../assets/examples/seed-004-xtremio-vplex.json';
import esa from '../../assets/examples/esa-all-nvme.json';
import mixed from '../../assets/examples/seed-003-mixed-sql-exchange.json';
import * as core from '../core/pkg/stacksizer_core.js';
import type { Evaluation } from '../core/types';
import {
  bestIndex,
  costRule,
  formatMetric,
  isNotModelled,
  METRICS,
  utilisationMetrics,
  variantKinds,
  type Metric,
} from './metrics';
import { sameWorkloads } from './designRows';
import type { Project } from '../core/types';

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

const metric = (id: string, evaluations: Evaluation[] = []): Metric => {
  const found = [...METRICS, ...utilisationMetrics(evaluations)].find((m) => m.id === id);
  if (!found) throw new Error(`no metric ${id}`);
  return found;
};
const value = (id: string, e: Evaluation) => metric(id, [e]).value(e, 'tb');
const shown = { unit: 'tb' as const, currency: 'EUR' };

describe('comparison figures per kind of cluster', () => {
  it('vSAN OSA: every row from the key figures the core computed', () => {
    const e = evaluate(allFlash);
    const c = e.clusters[0]!;
    const k = c.key_figures;
    expect(c.kind).toBe('vsan_osa');
    if (c.kind !== 'vsan_osa') return;
    expect(value('raw', e)).toBe(c.detail.raw.total.tb);
    expect(value('usable', e)).toBe(c.detail.capacity.usable.tb);
    expect(value('required', e)).toBe(c.detail.capacity.required.tb);
    expect(value('headroom', e)).toBe(c.detail.capacity.headroom_pct);
    expect(value('front-end', e)).toBe(c.detail.performance.front_end_iops);
    expect(value('iops-limit', e)).toBe(c.detail.performance.device_limited_front_end_iops);
    expect(value('back-end', e)).toBe(k.iops.back_end);
    expect(value('vcpu', e)).toBe(c.detail.compute.vcpu_per_core_after_failure);
    expect(value('ram@after_failure', e)).toBe(c.detail.compute.ram_demand_pct_after_failure);
    expect(value('cpu@at_n', e)).toBe(c.detail.compute.cores_needed_pct);
    expect(variantKinds(e)).toBe('vSAN OSA (all-flash)');
    expect(variantKinds(evaluate(hybrid))).toBe('vSAN OSA (hybrid)');
  });

  it('vSAN ESA: capacity, device IOPS and compute from the core', () => {
    const e = evaluate(esa);
    const c = e.clusters[0]!;
    expect(e.clusters).toHaveLength(1);
    if (c.kind !== 'vsan_esa') throw new Error('an ESA cluster');
    expect(value('raw', e)).toBe(c.detail.raw.total.tb);
    expect(value('usable', e)).toBe(c.detail.capacity.usable.tb);
    expect(value('required', e)).toBe(c.detail.capacity.required.tb);
    expect(value('headroom', e)).toBe(c.detail.capacity.headroom_pct);
    expect(value('front-end', e)).toBe(c.detail.performance.front_end_iops);
    expect(value('iops-limit', e)).toBe(c.detail.performance.device_limited_front_end_iops);
    expect(value('back-end', e)).toBe(c.detail.performance.back_end_iops);
    expect(value('cpu@after_failure', e)).toBe(c.detail.compute.cores_needed_pct_after_failure);
    // ESA models no cache: no cache row at all, rather than a zero.
    expect(utilisationMetrics([e]).some((m) => m.id.startsWith('cache'))).toBe(false);
    expect(variantKinds(e)).toBe('vSAN ESA');
  });

  it('XtremIO + VPLEX: both sites raw, the VPLEX limit and both arrays back end', () => {
    const e = evaluate(array);
    const c = e.clusters[0]!;
    if (c.kind !== 'xtremio_vplex') throw new Error('an array cluster');
    const x = c.detail.xtremio_vplex;
    const sitesRaw = x.sites.reduce((sum, s) => sum + s.raw.tb, 0);
    expect(value('raw', e)).toBeCloseTo(sitesRaw, 9);
    expect(value('usable', e)).toBe(c.detail.capacity.usable.tb);
    expect(value('required', e)).toBe(c.detail.capacity.required.tb);
    expect(value('front-end', e)).toBe(x.vplex.frontend_iops);
    expect(value('iops-limit', e)).toBe(x.vplex.limit.frontend_iops_peak);
    expect(value('back-end', e)).toBeCloseTo(x.sites[0]!.back_end_iops + x.sites[1]!.back_end_iops);
    expect(value('vcpu', e)).toBe(c.detail.compute.vcpu_per_core_after_failure);
    expect(variantKinds(e)).toBe('XtremIO + VPLEX');
  });

  it('several clusters: the core totals add up, ratios show the tightest', () => {
    // Seed 001 with a second, smaller cluster running copies of its workloads.
    const project = structuredClone(allFlash) as typeof allFlash;
    const second = structuredClone(project.clusters[0]!);
    Object.assign(second, { id: 'second', name: 'Second' });
    (second.topology as { host_count: number }).host_count = 6;
    project.clusters.push(second);
    const copies = project.workloads.map((w) => ({ ...w, id: `${w.id}-2`, cluster_id: 'second' }));
    project.workloads.push(...copies);
    const e = evaluate(project);
    const [a, b] = e.clusters.map((c) => c.key_figures);
    expect(value('usable', e)).toBeCloseTo(a!.usable.tb + b!.usable.tb, 9);
    expect(value('headroom', e)).toBe(Math.min(a!.headroom_pct!, b!.headroom_pct!));
    expect(value('cpu@after_failure', e)).toBe(
      Math.max(a!.cpu.after_failure.pct!, b!.cpu.after_failure.pct!),
    );
    expect(value('iops-limit', e)).toBeCloseTo(a!.iops.limit! + b!.iops.limit!, 6);
    expect(value('errors', e)).toBe(e.findings.filter((f) => f.severity === 'error').length);
  });

  it('cost: the BOM total of priced parts; unpriced parts make it incomplete', () => {
    // Seed 001 is built from catalog parts, priced as the shipped catalog prices them
    // (4 hosts at 13,500, 8 cache at 600 and 32 capacity devices at 450, indicative).
    expect(value('cost', evaluate(allFlash))).toBe(4 * 13_500 + 8 * 600 + 32 * 450);
    expect(formatMetric(metric('cost'), 73_200, shown)).toBe('73,200 EUR');

    // The same design of parts the catalog does not know, without prices of their own.
    const own = JSON.parse(
      JSON.stringify(allFlash).replaceAll('seed001-sas-ssd', 'own-ssd'),
    ) as typeof allFlash;
    own.clusters[0]!.host = { ...own.clusters[0]!.host, model: 'Own server' } as never;
    delete (own.clusters[0]!.host as { unit_price?: number }).unit_price;
    (own.devices as { unit_price?: number }[]).forEach((d) => delete d.unit_price);
    const unpriced = value('cost', evaluate(own));
    expect(formatMetric(metric('cost'), unpriced, shown)).toBe('no prices');
    expect(isNotModelled(unpriced) && unpriced.notModelled).toMatch(/Own server/);

    own.clusters[0]!.host = { ...own.clusters[0]!.host, unit_price: 10_000 } as never;
    const devices = own.devices as { unit_price?: number }[];
    devices[0]!.unit_price = 500;
    const partial = value('cost', evaluate(own));
    expect(formatMetric(metric('cost'), partial, shown)).toMatch(
      /^4\d,\d{3} USD \+ 1 part unpriced$/,
    );
    devices.forEach((d) => (d.unit_price = 500));
    expect(value('cost', evaluate(own))).toBe(4 * 10_000 + (8 + 32) * 500);
  });

  it('cost: the project total with extra lines and discounts, the BOM total', () => {
    const priced = {
      ...allFlash,
      pricing: {
        currency: 'USD',
        extra_lines: [
          { kind: 'item', description: 'Licence', part_number: '', quantity: 8, unit_price: 2_500 },
          { kind: 'discount', description: 'Deal', percent: 10 },
        ],
      },
    };
    const e = evaluate(priced);
    expect(value('cost', e)).toBeCloseTo((73_200 + 20_000) * 0.9, 6);
    expect(costRule(e.totals.cost)).toBe(
      'hardware 73,200 USD + extra lines 20,000 USD - discounts 9,320 USD = 83,880 USD',
    );
    expect(metric('cost').explain?.(e)?.rule).toBe(costRule(e.totals.cost));
    expect(value('cost-per-tb', e)).toBeCloseTo(e.totals.cost.total / e.totals.usable.tb, 6);
    for (const id of ['cost-per-tb', 'cost-per-iops']) {
      expect(metric(id).explain?.(e)?.rule).toMatch(/^83,880 USD \(bill of materials total\) \/ /);
    }
    expect(costRule(evaluate(allFlash).totals.cost)).toBe('hardware 73,200 USD = 73,200 USD');
  });

  it('counts requirements not met and warnings as the core does', () => {
    const e = evaluate(allFlash);
    expect(value('errors', e)).toBe(e.verdict.counts.errors);
    expect(value('warnings', e)).toBe(e.verdict.counts.warnings);
    expect(e.verdict.counts.errors).toBe(e.findings.filter((f) => f.severity === 'error').length);
  });
});

const higher = { better: 'higher' } as const;
const lower = { better: 'lower' } as const;

describe('bestIndex', () => {
  it('picks the highest or the lowest', () => {
    expect(bestIndex([3, 9, 5], higher)).toBe(1);
    expect(bestIndex([3, 9, 5], lower)).toBe(0);
  });

  it('skips figures the core left out or does not model', () => {
    expect(bestIndex([undefined, 2, 7], higher)).toBe(2);
    expect(bestIndex([{ notModelled: 'why' }, 9, 7], lower)).toBe(2);
  });

  it('marks nothing when all are equal, only one has a figure, or the row is context', () => {
    expect(bestIndex([4, 4], higher)).toBeUndefined();
    expect(bestIndex([undefined, 4], lower)).toBeUndefined();
    expect(bestIndex([{ notModelled: 'why' }, 4], higher)).toBeUndefined();
    expect(bestIndex([1, 2], { better: 'none' })).toBeUndefined();
    expect(bestIndex([1, 1, 2], lower)).toBeUndefined();
  });

  it('marks nothing where the cells read the same', () => {
    const cents = (v: number) => v.toFixed(3);
    expect(bestIndex([0.2521, 0.2524, 0.2523], lower, [], cents)).toBeUndefined();
    expect(bestIndex([0.2521, 0.2524, 0.2519], lower, [], cents)).toBeUndefined();
    expect(bestIndex([0.251, 0.2524], lower, [], cents)).toBe(0);
  });

  it('never marks a value the core judges over its limit better', () => {
    // Seed 000 after N+1: 102.7 % of the cores is not "better" than 171 %.
    expect(bestIndex([102.7, 171.1], lower, ['over', 'over'])).toBeUndefined();
    expect(bestIndex([102.7, 64.2], lower, ['over', 'ok'])).toBe(1);
    // A warning still competes; the level, not the figure, decides.
    expect(bestIndex([85, 64.2], lower, ['warn', 'ok'])).toBe(1);
    expect(bestIndex([120, 130], lower, ['ok', 'ok'])).toBe(0);
  });
});

describe("the core's judgement decides what is past a limit", () => {
  /** Seed 001 on `hosts` hosts: 123.5 cores needed, 24 cores per host. */
  const onHosts = (hosts: number) => {
    const project = structuredClone(allFlash) as typeof allFlash;
    (project.clusters[0]!.topology as { host_count: number }).host_count = hosts;
    return evaluate(project);
  };

  it("reads each utilisation cell's level from the row the core judged", () => {
    for (const e of [evaluate(hybrid), evaluate(allFlash), evaluate(array), evaluate(esa)]) {
      for (const m of utilisationMetrics([e])) {
        const [figure, state] = m.id.split('@') as [string, 'at_n' | 'after_failure'];
        const row = e.totals.utilisation.find((t) => t.row.figure === figure)!.row;
        expect(m.level?.(e), m.id).toBe(row.judged[state]?.level);
      }
    }
  });

  it('marks no variant better where the core judges every figure over', () => {
    // 171 % of 72 cores after N+1 on 4 hosts, 103 % of 120 on 6, 74 % of 168 on 8.
    const variants = [onHosts(4), onHosts(6), onHosts(8)];
    const m = metric('cpu@after_failure', variants);
    const values = variants.map((e) => m.value(e, 'tb'));
    const levels = variants.map((e) => m.level?.(e));
    expect(levels).toEqual(['over', 'over', 'ok']);
    expect(bestIndex(values.slice(0, 2), m, levels.slice(0, 2))).toBeUndefined();
    expect(bestIndex(values, m, levels)).toBe(2);
  });

  it("judges negative headroom by the core's capacity row", () => {
    // Seed 003 needs 124 % of its usable capacity: capacity.insufficient.
    const short = evaluate(mixed);
    expect(value('headroom', short)).toBeLessThan(0);
    expect(metric('headroom').level?.(short)).toBe('over');
    expect(metric('headroom').level?.(evaluate(allFlash))).toBe('ok');
  });

  it('names the failure a row plays instead of N+x', () => {
    const e = evaluate(array);
    const m = metric('part_failure_iops@after_failure', [e]);
    expect(m.label).toBe('Array / VPLEX IOPS (worst part failure) after that failure');
    expect(m.level?.(e)).toBe('over');
    expect(m.explain?.(e)?.rule).toMatch(/^82,000 of 45,000 IOPS after a VPLEX engine failure\. /);
  });
});

describe('variants with different workloads', () => {
  it('tells a policy change (same demand) from other workloads', () => {
    const raid5 = structuredClone(allFlash) as unknown as Project;
    raid5.workloads?.forEach((w) => (w.policy_id = 'raid5-ftt1'));
    expect(sameWorkloads([allFlash as unknown as Project, raid5])).toBe(true);
    expect(sameWorkloads([allFlash as unknown as Project, esa as unknown as Project])).toBe(false);
  });

  it('every utilisation row depends on demand and cites its rule', () => {
    const e = evaluate(hybrid);
    const rows = utilisationMetrics([e]);
    expect(rows.map((m) => m.id)).toContain('cpu@after_failure');
    for (const m of rows) {
      expect(m.demand).toBe(true);
      expect(m.explain?.(e)?.sources.length).toBeGreaterThan(0);
    }
  });
});

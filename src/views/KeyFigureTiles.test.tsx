// @vitest-environment jsdom
// The dashboard's tiles and Compare's rows read the same key figures the
// core computed, for every shipped example and a project generated from
// each (its workloads repeated to 40, as the UI benchmark generates them);
// the report's summary reads them too: core-rs/src/report/tests/key_figures.rs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatedProject } from '../../bench/generated-project.mjs';
import { METRICS, utilisationMetrics } from '../compare/metrics';
import * as core from '../core/pkg/stacksizer_core.js';
import type { Evaluation } from '../core/types';
import { formatCapacity, formatIops, formatPct, formatRatio, upTo } from '../units';
import { KeyFigureTiles } from './KeyFigureTiles';

// jsdom gives the module an http URL: files are found from the repository root.
const examplesDir = join(process.cwd(), 'assets', 'examples');
const examples = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.json'))
  .sort();

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
});

afterEach(cleanup);

/** An example as shipped, or ("generated: …") its workloads repeated to 40. */
const projects = [...examples, ...examples.map((f) => `generated: ${f}`)];

function evaluate(name: string): Evaluation {
  const file = name.replace(/^generated: /, '');
  const text = readFileSync(join(examplesDir, file), 'utf8');
  const json = name === file ? text : JSON.stringify(generatedProject(text, 40));
  const outcome = core.evaluateProject(json);
  if (outcome.status !== 'evaluated') throw new Error(`${name} does not evaluate`);
  return outcome.evaluation;
}

const compared = (id: string, e: Evaluation) => {
  const metric = [...METRICS, ...utilisationMetrics([e])].find((m) => m.id === id);
  if (!metric) throw new Error(`no metric ${id}`);
  return metric.value(e, 'tb');
};

const tile = (id: string) => screen.getByTestId(id).textContent;

describe('every example', () => {
  it('ships the examples the test covers', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });

  it.each(projects)('%s: the dashboard tiles show each cluster key figures', (file) => {
    const e = evaluate(file);
    for (const cluster of e.clusters) {
      const k = cluster.key_figures;
      render(<KeyFigureTiles cluster={cluster} unit="tb" currency="USD" />);
      expect(tile('raw-tb')).toBe(formatCapacity(k.raw, 'tb'));
      expect(tile('raw-tib')).toBe(formatCapacity(k.raw, 'tib'));
      expect(tile('usable')).toBe(formatCapacity(k.usable, 'tb'));
      expect(tile('required')).toBe(formatCapacity(k.required, 'tb'));
      expect(tile('front-end-iops')).toBe(formatIops(k.iops.front_end));
      expect(tile('iops-limit')).toBe(k.iops.limit === undefined ? '–' : formatIops(k.iops.limit));
      expect(tile('vcpu-ratio')).toBe(
        k.vcpu_per_core_after_failure === undefined
          ? '–'
          : formatRatio(k.vcpu_per_core_after_failure),
      );
      const ram = k.ram.after_failure;
      expect(tile('ram-after-failure')).toBe(`${upTo(ram.used, 2)} of ${upTo(ram.limit, 2)} GB`);
      expect(tile('binding')).toBe(
        k.binding ? `${k.binding.name}: ${formatPct(k.binding.pct)}` : '–',
      );
      // What a kind does not model is named, not drawn as zero.
      if (!k.latency) expect(tile('latency')).toMatch(/^not modelled/);
      expect(screen.queryByTestId('not-modelled')?.querySelectorAll('li').length ?? 0).toBe(
        k.not_modelled.length,
      );
      cleanup();
    }
  });

  it.each(projects)('%s: Compare reads the project totals of the same key figures', (file) => {
    const e = evaluate(file);
    const keys = e.clusters.map((c) => c.key_figures);
    const sum = (pick: (k: (typeof keys)[number]) => number) =>
      keys.reduce((total, k) => total + pick(k), 0);
    const highest = (pick: (k: (typeof keys)[number]) => number | undefined) =>
      Math.max(...keys.map(pick).filter((v): v is number => v !== undefined));
    expect(compared('raw', e)).toBeCloseTo(
      sum((k) => k.raw.tb),
      9,
    );
    expect(compared('usable', e)).toBeCloseTo(
      sum((k) => k.usable.tb),
      9,
    );
    expect(compared('required', e)).toBeCloseTo(
      sum((k) => k.required.tb),
      9,
    );
    expect(compared('front-end', e)).toBe(sum((k) => k.iops.front_end));
    expect(compared('back-end', e)).toBe(sum((k) => k.iops.back_end));
    // One cluster each: its row is the tightest.
    expect(compared('cpu@at_n', e)).toBe(highest((k) => k.cpu.at_n.pct));
    expect(compared('ram@at_n', e)).toBe(highest((k) => k.ram.at_n.pct));
    if (e.clusters.every((c) => c.utilisation.hosts_failed > 0)) {
      expect(compared('cpu@after_failure', e)).toBe(highest((k) => k.cpu.after_failure.pct));
      expect(compared('ram@after_failure', e)).toBe(highest((k) => k.ram.after_failure.pct));
    }
    expect(compared('vcpu', e)).toBe(highest((k) => k.vcpu_per_core_after_failure));
    const headrooms = keys.map((k) => k.headroom_pct).filter((v) => v !== undefined);
    expect(compared('headroom', e)).toBe(Math.min(...headrooms));
    if (keys.every((k) => k.iops.limit !== undefined)) {
      expect(compared('iops-limit', e)).toBe(sum((k) => k.iops.limit!));
    } else {
      expect(compared('iops-limit', e)).toBeUndefined();
    }
  });
});

describe('an XtremIO + VPLEX cluster', () => {
  it("says its capacity tiles cover both sites and opens rules with the tiles' numbers", () => {
    const [cluster] = evaluate('seed-004-xtremio-vplex.json').clusters;
    if (!cluster) throw new Error('seed 004 has its cluster');
    const k = cluster.key_figures;
    render(<KeyFigureTiles cluster={cluster} unit="tb" currency="USD" />);
    // The core's rule text writes TB with two decimals, as the tiles do.
    const tb = (v: number) => `${v.toFixed(2)} TB`;
    for (const [label, figure] of [
      ['Usable (both sites)', k.usable],
      ['Required (both sites)', k.required],
    ] as const) {
      const term = screen.getByText(label).closest('dt');
      expect(term?.textContent).toContain(tb(figure.tb));
    }
  });
});

// @vitest-environment jsdom
// Every bar and growth point opens the rule and sources the core returned
// for its figure: by hover, by click and by Enter/Space, with an accessible
// name per mark. The figures are the real core's, for the seed 001 example.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../core/pkg/stacksizer_core.js';
import type { ClusterResult } from '../core/types';
import { computeBars, iopsBars } from '../views/keyFigureBars';
import { CapacityWaterfallChart } from './CapacityWaterfallChart';
import { FigureBarChart } from './FigureBarChart';
import { HorizontalBars } from './HorizontalBars';
import { LatencyChart } from './LatencyChart';
import { LinePlot } from './LinePlot';
import { formatCapacity } from '../units';

type Osa = Extract<ClusterResult, { kind: 'vsan_osa' }>;
let seed001: Osa;

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
  const project = readFileSync(
    join(process.cwd(), 'assets', 'examples', 'seed-001-all-flash-sql.json'),
    'utf8',
  );
  const outcome = core.evaluateProject(project);
  if (outcome.status !== 'evaluated') throw new Error('seed 001 does not evaluate');
  const cluster = outcome.evaluation.clusters[0];
  if (cluster?.kind !== 'vsan_osa') throw new Error('seed 001 is a vSAN OSA cluster');
  seed001 = cluster;
});

afterEach(cleanup);

const row = (figure: string) => {
  const found = seed001.utilisation.rows.find((r) => r.figure === figure);
  if (!found) throw new Error(`seed 001 has no ${figure} row`);
  return found;
};

const note = () => screen.getByRole('note');

describe('a bar chart of the key figures', () => {
  const iops = () =>
    render(
      <FigureBarChart
        title="IOPS"
        unit="IOPS"
        bars={iopsBars(seed001.key_figures, seed001.utilisation)}
      />,
    );

  it('names each bar by its figure and shows no explanation until asked', () => {
    iops();
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Front-end: 16,656 IOPS',
      'Back-end: 18,322 IOPS',
      'Limit: 290,909 IOPS',
    ]);
    expect(screen.queryByRole('note')).toBeNull();
    for (const bar of screen.getAllByRole('button')) expect(bar.tabIndex).toBe(0);
  });

  it("opens the IOPS row's rule and sources on a click, and closes on a second", () => {
    iops();
    const bar = screen.getByRole('button', { name: 'Back-end: 18,322 IOPS' });
    fireEvent.click(bar);
    expect(bar.getAttribute('aria-expanded')).toBe('true');
    expect(note().textContent).toContain(row('iops').rule);
    for (const source of row('iops').sources) expect(note().textContent).toContain(source);
    expect(bar.getAttribute('aria-describedby')).toBe(note().id);
    expect(within(note()).getByText('Back-end: 18,322 IOPS')).toBeTruthy();
    fireEvent.click(bar);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('opens with Enter or Space and closes with Escape or its close button', () => {
    iops();
    const bar = screen.getByRole('button', { name: 'Limit: 290,909 IOPS' });
    fireEvent.keyDown(bar, { key: 'Enter' });
    expect(note().textContent).toContain(row('iops').rule);
    fireEvent.keyDown(bar, { key: 'Escape' });
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.keyDown(bar, { key: ' ' });
    fireEvent.click(
      screen.getByRole('button', { name: 'Close the explanation of Limit: 290,909 IOPS' }),
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a hovered bar while the pointer is on it, over a pinned one', () => {
    render(
      <FigureBarChart
        title="Use after host failure"
        unit="% of what is left"
        digits={1}
        limit={100}
        bars={computeBars(seed001.key_figures, seed001.utilisation)}
      />,
    );
    const cpu = screen.getByRole('button', { name: /^CPU: 171\.1 % of what is left$/ });
    const ram = screen.getByRole('button', { name: /^RAM: / });
    fireEvent.click(cpu);
    expect(note().textContent).toContain(row('cpu').rule);
    fireEvent.mouseEnter(ram);
    expect(note().textContent).toContain(row('ram').rule);
    expect(note().textContent).not.toContain(row('cpu').rule);
    fireEvent.mouseLeave(ram);
    expect(note().textContent).toContain(row('cpu').rule);
  });

  it('keeps a bar the core gives no rule a plain tooltip, not a control', () => {
    const { container } = render(
      <HorizontalBars
        title="Plain"
        unit="GB"
        rows={[{ label: 'Installed', values: [3200] }]}
        series={[{ name: 'Cache', colour: '#000' }]}
        width={260}
        labelWidth={64}
        rowHeight={30}
        barSize={18}
        format={String}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Plain, in GB');
    expect(container.querySelector('rect title')?.textContent).toBe('Installed, Cache: 3200 GB');
  });
});

describe('the capacity waterfall', () => {
  const waterfall = () => {
    const capacity = seed001.detail.capacity;
    render(
      <CapacityWaterfallChart
        steps={capacity.waterfall}
        required={capacity.required.tb}
        requiredRule={capacity.required_rule}
        unit="tb"
      />,
    );
    return capacity;
  };

  it('makes every step and the requirement a control named by its figure', () => {
    const capacity = waterfall();
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      ...capacity.waterfall.map((s) => `${s.label}: ${formatCapacity(s.amount, 'tb')}`),
      `Required by workloads: ${formatCapacity(capacity.required, 'tb')}`,
    ]);
    expect(names[0]).toBe('Raw capacity (capacity devices): 12.80 TB');
    for (const bar of screen.getAllByRole('button')) expect(bar.tabIndex).toBe(0);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it("opens each step's rule with this design's numbers and its source", () => {
    const capacity = waterfall();
    const slack = capacity.waterfall.find((s) => s.label === 'Slack space');
    if (!slack) throw new Error('seed 001 has a slack step');
    const bar = screen.getByRole('button', { name: /^Slack space: / });
    fireEvent.mouseEnter(bar);
    expect(note().textContent).toContain('25.0 % of the 12.03 TB datastore = 3.01 TB kept free.');
    expect(note().textContent).toContain(slack.source);
    fireEvent.mouseLeave(bar);
    expect(screen.queryByRole('note')).toBeNull();

    const required = screen.getByRole('button', { name: /^Required by workloads: / });
    fireEvent.keyDown(required, { key: 'Enter' });
    expect(required.getAttribute('aria-expanded')).toBe('true');
    expect(note().textContent).toContain(capacity.required_rule);
    fireEvent.keyDown(required, { key: 'Escape' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('the latency chart', () => {
  it("opens the core's latency model from each workload's read and write bar", () => {
    const model = seed001.detail.performance.latency_model;
    render(
      <LatencyChart
        title="Estimated latency by workload"
        bars={[{ label: 'sql200', read: 1.6, write: 2.1 }]}
        targets={seed001.detail.performance.latency_targets}
        explain={{ rule: model, sources: [] }}
      />,
    );
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['sql200, Read: 1.6 ms', 'sql200, Write: 2.1 ms']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'sql200, Write: 2.1 ms' }), {
      key: 'Enter',
    });
    expect(note().textContent).toContain(model);
  });
});

describe('the growth plot', () => {
  it("opens the core's timeline rule from each year's point", () => {
    const growth = seed001.detail.growth;
    const explain = { rule: growth.source, sources: [] };
    render(
      <LinePlot
        title="Capacity required and usable by year"
        width={560}
        height={220}
        xDomain={[0, growth.horizon_years]}
        xTicks={growth.years.map((y) => y.year)}
        formatX={(year) => `Year ${year}`}
        yUnit="TB"
        formatY={(v) => `${v.toFixed(2)} TB`}
        lines={[
          {
            name: 'Required',
            colour: '#000',
            points: growth.years.map((y) => ({ x: y.year, y: y.capacity_required.tb })),
            explain,
          },
        ]}
      />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(growth.years.length);
    fireEvent.click(screen.getByRole('button', { name: 'Year 2, Required: 3.77 TB' }));
    expect(note().textContent).toContain(growth.source);
  });
});

// @vitest-environment jsdom
// The growth panel says what the core's timeline says: its crossings in
// the core's words, a limit short today as short today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../core/pkg/stacksizer_core.js';
import type { ClusterGrowth } from '../core/types';
import { GrowthPanel } from './GrowthPanel';

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
});

afterEach(cleanup);

/** The first cluster's growth timeline of a shipped example, as the core evaluates it. */
function growthOf(example: string): ClusterGrowth {
  const text = readFileSync(join(process.cwd(), 'assets', 'examples', example), 'utf8');
  const outcome = core.evaluateProject(text);
  if (outcome.status !== 'evaluated') throw new Error(`${example} does not evaluate`);
  const cluster = outcome.evaluation.clusters[0];
  if (cluster?.kind === 'vsan_osa') return cluster.detail.growth;
  if (cluster?.kind === 'vsan_esa') return cluster.detail.growth;
  throw new Error(`${example}'s first cluster has no growth timeline`);
}

describe('GrowthPanel', () => {
  it("says a limit crossed in year 0 is short today, in the core's words", () => {
    // Seed 001: CPU after N+1 is over 100 % as entered.
    const growth = growthOf('seed-001-all-flash-sql.json');
    const cpu = growth.first_crossing.find((c) => c.limit === 'cpu');
    expect(cpu?.year).toBe(0);
    render(<GrowthPanel growth={growth} unit="tb" />);
    const items = screen.getByTestId('growth-crossings').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(
      growth.first_crossing.map((c) => `${c.summary}.`),
    );
    expect(screen.getByTestId('growth-crossings').textContent).toMatch(
      /^CPU after N\+1 is already short today \(year 0\): add \d+ host\(s\)/,
    );
    expect(screen.getByTestId('growth-crossings').textContent).not.toContain('runs out in year 0');
  });

  it('names every limit short today (seed 003: capacity and CPU)', () => {
    const growth = growthOf('seed-003-mixed-sql-exchange.json');
    render(<GrowthPanel growth={growth} unit="tb" />);
    const text = screen.getByTestId('growth-crossings').textContent ?? '';
    expect(text).toContain('Usable capacity is already short today (year 0)');
    expect(text).toContain('CPU after N+1 is already short today (year 0)');
  });

  it('says so when no limit is crossed within the horizon', () => {
    const growth = growthOf('esa-all-nvme.json');
    expect(growth.first_crossing).toEqual([]);
    render(<GrowthPanel growth={growth} unit="tb" />);
    expect(screen.getByTestId('growth-crossings').textContent).toBe(
      'No limit is crossed within the horizon.',
    );
    expect(screen.getByRole('heading').textContent).toBe(
      `Growth over ${growth.horizon_years} years (year 0 is today)`,
    );
  });
});

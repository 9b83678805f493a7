// @vitest-environment jsdom
// The meters take their level and lines from the core's judgement of each
// column (`judged`), computed by the findings' predicates; the panel
// compares nothing itself and draws no line the core does not return.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import * as core from '../core/pkg/stacksizer_core.js';
import type { ClusterUtilisation, Evaluation } from '../core/types';
import { UtilisationPanel } from './UtilisationPanel';

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
});

afterEach(cleanup);

/** The example evaluated by the real core, its settings changed by `settings`. */
function evaluated(example: string, settings: Record<string, number>): Evaluation {
  const project = JSON.parse(
    readFileSync(join(process.cwd(), 'assets', 'examples', example), 'utf8'),
  ) as { settings?: Record<string, unknown> };
  project.settings = { ...project.settings, ...settings };
  const outcome = core.evaluateProject(JSON.stringify(project));
  if (outcome.status !== 'evaluated') throw new Error(`${example} does not evaluate`);
  return outcome.evaluation;
}

/** The meter classes of a row, one per column shown. */
function levels(figure: string) {
  const row = screen.getByTestId('utilisation').querySelector(`tr[data-figure="${figure}"]`);
  return [...(row?.querySelectorAll('.meter') ?? [])].map((m) =>
    m.className.replace('meter', '').trim(),
  );
}

it('leaves the at-N meter uncoloured at the N+x ceiling, where no finding fires', () => {
  // Seed 000: 77 % of the cores at N, 103 % after N+1; ceiling at 70 %.
  const e = evaluated('seed-000-hybrid-alwayson.json', { cpu_ceiling_pct: 70 });
  render(<UtilisationPanel utilisation={e.clusters[0]!.utilisation} />);
  expect(levels('cpu')).toEqual(['ok', 'over']);
  const row = screen.getByTestId('utilisation').querySelector('tr[data-figure="cpu"]')!;
  // The ceiling line is drawn after N+1 only, where its finding fires.
  expect(
    [...row.querySelectorAll('.meter-threshold')].map((t) => t.getAttribute('data-pct')),
  ).toEqual(['70']);
});

it('marks RAM after a site failure past the ceiling as the warning the core finds', () => {
  const e = evaluated('seed-001-stretched.json', { ram_ceiling_pct: 60 });
  expect(e.findings.map((f) => f.code)).toContain('stretched.site_failure_memory_above_ceiling');
  render(<UtilisationPanel utilisation={e.clusters[0]!.utilisation} />);
  // RAM: 33 % at N, 66 % after a site failure (no N+x: N+0 per site).
  expect(levels('ram')).toEqual(['ok', 'warn']);
  expect(levels('cpu')).toEqual(['over', 'over']);
});

it("shows the core's level even where the share alone would read otherwise", () => {
  const utilisation: ClusterUtilisation = {
    hosts_failed: 1,
    two_sites: false,
    rows: [
      {
        figure: 'cache',
        label: 'Cache (required / installed)',
        at_n: { used: 70, limit: 100, pct: 70, unit: 'GB' },
        after_failure: { used: 95, limit: 100, pct: 95, unit: 'GB' },
        judged: { at_n: { level: 'ok' }, after_failure: { level: 'warn' } },
        rule: 'rule',
        sources: [],
      },
    ],
  };
  render(<UtilisationPanel utilisation={utilisation} />);
  expect(levels('cache')).toEqual(['ok', 'warn']);
  expect(screen.getByText('(a warning)', { exact: false })).toBeTruthy();
});

/** Per column of a row, the lines drawn: "<kind>:<pct>:<finding>", or none. */
function lines(figure: string) {
  const row = screen.getByTestId('utilisation').querySelector(`tr[data-figure="${figure}"]`);
  return [...(row?.querySelectorAll('td') ?? [])].map((cell) =>
    [...cell.querySelectorAll('.meter-line')].map(
      (l) =>
        `${l.classList.contains('meter-limit') ? 'limit' : 'threshold'}:${l.getAttribute('data-pct')}:${l.getAttribute('data-finding')}`,
    ),
  );
}

it('draws a line only on a column a finding judges, the line the core returns', () => {
  const e = evaluated('seed-000-hybrid-alwayson.json', {});
  render(<UtilisationPanel utilisation={e.clusters[0]!.utilisation} />);
  // Read-cache misses are judged by the latency findings: no line at all.
  expect(lines('read_cache')).toEqual([[], []]);
  // Cache writes: the rating's error at N; no finding after N+1.
  expect(lines('cache_writes')).toEqual([['limit:100:cache.writes_exceed_rating'], []]);
  // CPU: the error's limit at N, the ceiling's warning and the limit after N+1.
  expect(lines('cpu')).toEqual([
    ['limit:100:compute.cpu_overcommitted'],
    ['threshold:80:compute.cpu_above_ceiling', 'limit:100:compute.cpu_overcommitted'],
  ]);
});

it("shows seed 004's part failure that fails its verdict, named, as an error", () => {
  const e = evaluated('seed-004-xtremio-vplex.json', {});
  render(<UtilisationPanel utilisation={e.clusters[0]!.utilisation} />);
  expect(levels('part_failure_iops')).toEqual(['warn', 'over']);
  const row = screen
    .getByTestId('utilisation')
    .querySelector('tr[data-figure="part_failure_iops"]')!;
  expect(row.textContent).toContain('182.2 %');
  expect(row.textContent).toContain('after a VPLEX engine failure');
  expect(lines('part_failure_iops')[1]).toEqual(['limit:100:xtremio.failure_iops']);
});

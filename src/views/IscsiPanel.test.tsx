// @vitest-environment jsdom
// The iSCSI figures as the core counts them for the seed 002 example:
// seven LUNs under seven targets, 28 sessions (VM Disk Layout).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import * as core from '../core/pkg/stacksizer_core.js';
import type { ClusterEvaluation, ClusterResult } from '../core/types';
import { IscsiPanel } from './IscsiPanel';

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
});

afterEach(cleanup);

function firstCluster(example: string): ClusterEvaluation {
  const json = readFileSync(join(process.cwd(), 'assets', 'examples', example), 'utf8');
  const outcome = core.evaluateProject(json);
  if (outcome.status !== 'evaluated') throw new Error(`${example} does not evaluate`);
  const cluster = outcome.evaluation.clusters[0];
  if (cluster?.kind !== 'vsan_osa') throw new Error(`${example} is not vSAN OSA`);
  return cluster.detail;
}

it('shows seed 002 targets, LUNs and sessions against their limits, with their rules', () => {
  render(<IscsiPanel iscsi={firstCluster('seed-002-iscsi-fci.json').iscsi} hostsFailed={1} />);
  expect(screen.getByTestId('iscsi-luns').textContent).toBe('7 of 128');
  expect(screen.getByTestId('iscsi-targets').textContent).toBe('7 of 16');
  const sessions = screen.getByTestId('iscsi-sessions_per_host');
  expect(sessions.firstChild?.textContent).toBe('8 of 128');
  expect(sessions.querySelector('.figure-note')?.textContent).toBe(
    '12 of 128 after N+1; 28 sessions in all',
  );
  const rules = screen.getAllByRole('note', { hidden: true }).map((n) => n.textContent);
  expect(rules[1]).toContain('7 targets in the cluster');
  expect(rules[1]).toContain('Sources: seed 002 Best Practices');
  expect(rules[2]).toContain('28 sessions in all');
});

it('shows nothing for a cluster without iSCSI-served workloads', () => {
  const { container } = render(
    <IscsiPanel iscsi={firstCluster('seed-001-all-flash-sql.json').iscsi} hostsFailed={1} />,
  );
  expect(container.textContent).toBe('');
});

it('shows an ESA cluster its iSCSI figures, counted by the same rules', () => {
  // The ESA example's 8 OLTP instances as iSCSI-served FCIs: 8 x 4 LUNs,
  // one per target, more than the 16 targets a cluster should serve.
  const project = JSON.parse(
    readFileSync(join(process.cwd(), 'assets', 'examples', 'esa-all-nvme.json'), 'utf8'),
  );
  project.workloads[0].spec.deployment = { type: 'failover_cluster', iscsi_target: true };
  const outcome = core.evaluateProject(JSON.stringify(project));
  if (outcome.status !== 'evaluated') throw new Error('the ESA example does not evaluate');
  const cluster: ClusterResult | undefined = outcome.evaluation.clusters[0];
  if (cluster?.kind !== 'vsan_esa') throw new Error('not a vSAN ESA cluster');
  render(
    <IscsiPanel iscsi={cluster.detail.iscsi} hostsFailed={cluster.utilisation.hosts_failed} />,
  );
  expect(screen.getByTestId('iscsi-luns').textContent).toBe('32 of 128');
  const targets = screen.getByTestId('iscsi-targets');
  expect(targets.textContent).toBe('32 of 16');
  expect(targets.querySelector('.bad')).not.toBeNull();
  const rules = screen.getAllByRole('note', { hidden: true }).map((n) => n.textContent);
  expect(rules.some((r) => r?.includes('Express Storage Architecture'))).toBe(true);
});

// @vitest-environment jsdom
// Customise shows what the real Wasm core returns for each step: the
// step's value, the figures against the optimum in the project's currency,
// the verdict and what binds; a step out of range shows the field's issue.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { resultOf, type CoreClient } from '../core/client';
import { handleRequest } from '../core/handle-request';
import type { CoreMethod, CoreRequests } from '../core/protocol';
import * as core from '../core/pkg/stacksizer_core.js';
import type { Design, RecommendOutcome } from '../core/types';
import { selectVariants } from '../store/uiSlice';
import { CustomiseDesign } from './CustomiseDesign';
import { renderWithExample } from './renderWithExample.test-support';

let design: Design;

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
  const project = readFileSync(
    join(process.cwd(), 'assets', 'examples', 'seed-001-all-flash-sql.json'),
    'utf8',
  );
  const search = new core.DesignSearch(
    project,
    { top: 1, families: ['all_flash_vsan'], min_hosts: 4, max_hosts: 6 },
    null,
  );
  while (!search.isDone()) search.step();
  const outcome = search.outcome() as RecommendOutcome;
  if (outcome.status !== 'searched' || !outcome.recommendation.designs[0]) {
    throw new Error('the search proposes an all-flash design for seed 001');
  }
  design = outcome.recommendation.designs[0];
});

afterEach(cleanup);

/** The core client over the real module, as the Worker answers. */
const realCore = {
  call: <M extends CoreMethod>(method: M, params: CoreRequests[M]['params']) =>
    Promise.resolve().then(
      () => resultOf(handleRequest(core, { id: 1, method, params })) as CoreRequests[M]['result'],
    ),
} as unknown as CoreClient;

it('shows a step as the core took it, with its deltas, verdict and binding constraint', async () => {
  const store = renderWithExample(
    <CustomiseDesign design={design} clusterIndex={0} name="All-flash vSAN" />,
    realCore,
  );
  const hosts = await screen.findByTestId('customise-hosts');
  const before = Number(hosts.textContent);
  expect(screen.getByTestId('customise-delta').textContent).toMatch(
    /^Cost [\d,]+ USD \(±0 against the optimum\); capacity headroom [\d.]+ TB \(±0\)/,
  );
  expect(screen.getByTestId('customise-binds').textContent).toMatch(/^(Limited by|Worst warning)/);

  fireEvent.click(screen.getByRole('button', { name: 'Hosts plus one' }));
  await waitFor(() => expect(hosts.textContent).toBe(String(before + 1)));
  const delta = screen.getByTestId('customise-delta').textContent ?? '';
  expect(delta).toMatch(/\(\+[\d,]+ USD against the optimum\)/);
  // The optimum has RAID-5's fewest hosts and keeps no rebuild reserve; the
  // added host starts one, so the core's headroom delta is signed either way.
  expect(delta).toMatch(/capacity headroom [\d.]+ TB \([+−][\d.]+ TB\)/);
  expect(delta).toMatch(/CPU after N\+x \d+ % \(−\d+ pts\)/);
  expect(screen.getByTestId('customised')).toBeTruthy();

  // Back to the optimum, then keep the customised design as a scenario.
  fireEvent.click(screen.getByRole('button', { name: 'Back to the optimum' }));
  await waitFor(() => expect(hosts.textContent).toBe(String(before)));
  fireEvent.click(screen.getByRole('button', { name: 'RAM per host plus one' }));
  await waitFor(() => expect(screen.queryByTestId('customised')).toBeTruthy());
  fireEvent.click(screen.getByRole('button', { name: 'Keep as scenario' }));
  const kept = selectVariants(store.getState()).at(-1);
  expect(kept?.name).toBe('All-flash vSAN (customised)');
  expect(kept?.project.origin?.customisations?.[0]).toMatch(/^RAM per host: \d+ → \d+ GB$/);
});

it('shows the issue naming the field when a step leaves its range, and keeps the design', async () => {
  renderWithExample(
    <CustomiseDesign design={design} clusterIndex={0} name="All-flash vSAN" />,
    realCore,
  );
  const groups = await screen.findByTestId('customise-disk_groups');
  const start = Number(groups.textContent);
  const down = screen.getByRole('button', { name: 'Disk groups per host minus one' });
  for (let n = start; n > 1; n -= 1) {
    fireEvent.click(down);
    await waitFor(() => expect(groups.textContent).toBe(String(n - 1)));
  }
  fireEvent.click(down);
  await screen.findByText(/clusters\[0\]\.storage\.disk_groups must hold 1 to 5 disk groups/);
  expect(groups.textContent).toBe('1');
});

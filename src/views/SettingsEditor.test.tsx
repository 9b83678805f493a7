// @vitest-environment jsdom
// The settings editor shows the core's defaults in empty fields, edits the
// planning ceilings into the project, and shows the core's range error on
// the field it names (the real Wasm core validates).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { CoreClient } from '../core/client';
import * as core from '../core/pkg/stacksizer_core.js';
import { renderWithExample } from './renderWithExample.test-support';
import { SettingsEditor } from './SettingsEditor';

beforeAll(() => {
  core.initSync({
    module: readFileSync(join(process.cwd(), 'src', 'core', 'pkg', 'stacksizer_core_bg.wasm')),
  });
});

afterEach(cleanup);

/** Answers the one call the editor makes with the real core's defaults. */
const defaultsCore = {
  call: (method: string) => {
    if (method !== 'project/default-settings') throw new Error(`unexpected ${method}`);
    return Promise.resolve(core.defaultSettings());
  },
} as unknown as CoreClient;

it('shows the ceilings with their defaults and edits them into the project', async () => {
  const store = renderWithExample(<SettingsEditor />, defaultsCore);
  const cpu = screen.getByLabelText(/CPU ceiling after a failure/);
  const ram = screen.getByLabelText(/RAM ceiling after a failure/);
  await waitFor(() => expect(cpu.getAttribute('placeholder')).toBe('80 (default)'));
  expect(ram.getAttribute('placeholder')).toBe('90 (default)');
  fireEvent.change(cpu, { target: { value: '50' } });
  fireEvent.change(ram, { target: { value: '75' } });
  const settings = store.getState().project.settings;
  expect([settings?.cpu_ceiling_pct, settings?.ram_ceiling_pct]).toEqual([50, 75]);
});

it("shows the core's range error on the ceiling it names", async () => {
  const store = renderWithExample(<SettingsEditor />, defaultsCore);
  const cpu = screen.getByLabelText(/CPU ceiling after a failure/);
  await waitFor(() => expect(cpu.getAttribute('placeholder')).toBe('80 (default)'));
  fireEvent.change(cpu, { target: { value: '5' } });
  const outcome = core.evaluateProject(JSON.stringify(store.getState().project));
  if (outcome.status !== 'invalid') throw new Error('a 5 % ceiling is out of range');
  act(() => store.getState().setIssues(outcome.issues));
  expect(screen.getByRole('alert').textContent).toContain(
    'settings.cpu_ceiling_pct must be between 10 and 100 (got 5)',
  );
  expect(cpu.getAttribute('aria-invalid')).toBe('true');
});

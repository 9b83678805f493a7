// Renders a view over a store holding the seed 001 example, without a core.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CoreClient } from '../core/client';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import { ServicesProvider } from '../services';
import { createAppStore } from '../store';

/**
 * `view` rendered over the example (schema 1: it has no `facts`), with
 * `core` as the services' core (none by default); returns the store.
 */
export function renderWithExample(view: ReactNode, core = {} as CoreClient) {
  const text = readFileSync(
    join(process.cwd(), 'assets', 'examples', 'seed-001-all-flash-sql.json'),
    'utf8',
  );
  const store = createAppStore(JSON.parse(text) as Project);
  const services = { store, core, platform: {} as Platform };
  render(<ServicesProvider services={services}>{view}</ServicesProvider>);
  return store;
}

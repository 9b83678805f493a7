// @vitest-environment jsdom
// A failed action the core refused lists each problem with a link to its field.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FailureBanner } from './FailureBanner';
import { renderWithExample } from './renderWithExample.test-support';

afterEach(cleanup);

const renderBanner = () => renderWithExample(<FailureBanner />);

it('lists every refused field, with a link to each project field', { timeout: 30_000 }, () => {
  const store = renderBanner();
  const path = 'clusters[0].topology.host_count';
  const message = `${path} must be between 1 and 64 (got 0)`;
  act(() =>
    store.getState().showFailure({
      action: 'Exporting the XLSX report',
      reason: `${message}; paper must be a4 or letter (got "a3")`,
      issues: [
        { path, message, value: 0, allowed: { min: 1, max: 64 } },
        { path: '', message: 'the user catalog: bad' },
        { path: 'paper', message: 'paper must be a4 or letter (got "a3")' },
      ],
    }),
  );
  expect(screen.getByRole('alert').textContent).toContain('Exporting the XLSX report failed');
  // getByRole's accessible-name search is slow in jsdom: find the link by its title.
  expect(screen.getByTitle(`Go to ${path}`).textContent).toBe(message);
  const items = [...document.querySelectorAll('.failure li')];
  expect(items.map((li) => li.textContent)).toEqual([
    message,
    'the user catalog: bad',
    'paper must be a4 or letter (got "a3")',
  ]);
  // Only the project's own field has an editor to go to.
  expect(items.map((li) => li.querySelector('.field-link') !== null)).toEqual([true, false, false]);
});

it('shows a failure without issues by its reason', () => {
  const store = renderBanner();
  act(() => store.getState().showFailure({ action: 'Saving a.json', reason: 'disk full' }));
  expect(screen.getByRole('alert').textContent).toContain('disk full');
  expect(document.querySelectorAll('.failure li')).toHaveLength(0);
});

// @vitest-environment jsdom
// The facts editor edits the project's `facts` through the store (one
// undoable edit per change) and shows the core's message under the field.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ProjectFactsEditor } from './ProjectFactsEditor';
import { renderWithExample } from './renderWithExample.test-support';

afterEach(cleanup);

// A schema 1 example: it has no `facts`, as a file saved before them.
const renderEditor = () => renderWithExample(<ProjectFactsEditor />);

it('edits every fact by its accessible name, creating facts a file left out', () => {
  const store = renderEditor();
  const edits: [string, string][] = [
    ['Customer', 'Contoso Ltd'],
    ['Customer project', 'SQL consolidation'],
    ['Prepared by', 'A. Presales'],
    ['Date', '2026-11-25'],
    ['Objectives and notes', 'Goals:\n- one\n- two'],
  ];
  for (const [name, value] of edits) {
    fireEvent.change(screen.getByLabelText(name), { target: { value } });
  }
  expect(store.getState().project.facts).toEqual({
    customer: 'Contoso Ltd',
    project: 'SQL consolidation',
    author: 'A. Presales',
    date: '2026-11-25',
    notes: 'Goals:\n- one\n- two',
  });
  expect(store.temporal.getState().pastStates).toHaveLength(edits.length);
  expect(screen.getByLabelText('Objectives and notes').tagName).toBe('TEXTAREA');
  expect(screen.getByLabelText('Date')).toHaveProperty('type', 'date');
});

it("shows the core's message on the field it names", () => {
  const store = renderEditor();
  act(() =>
    store.getState().setIssues([
      {
        path: 'facts.customer',
        message: 'facts.customer must be one line without control characters (found U+0007)',
      },
    ]),
  );
  expect(screen.getByRole('alert').textContent).toContain('U+0007');
  expect(screen.getByLabelText('Customer').getAttribute('aria-invalid')).toBe('true');
});

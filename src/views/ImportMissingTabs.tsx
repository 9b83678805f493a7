import type { InventoryPreview } from '../core/types';

/**
 * The tabs of an RVTools export that were not given (its CSV export
 * writes one file per tab) and what the import uses instead of each, as
 * the core says.
 */
export function ImportMissingTabs({ preview }: { preview: InventoryPreview }) {
  const missing = preview.missing_tabs ?? [];
  if (missing.length === 0) return null;
  return (
    <section
      className="import-section import-missing-tabs"
      aria-label="Tabs not given"
      data-testid="missing-tabs"
    >
      <p>
        <strong>Not given: {missing.map((m) => m.tab).join(', ')}.</strong> Without{' '}
        {missing.length === 1 ? 'it' : 'them'}:
      </p>
      <ul>
        {missing.map((m) => (
          <li key={m.tab}>
            {m.tab}: {m.cost}.
          </li>
        ))}
      </ul>
    </section>
  );
}

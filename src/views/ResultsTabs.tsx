import { lazy, Suspense } from 'react';
import { useApp } from '../store/context';
import type { ResultsTab } from '../store/uiSlice';
import { FindingsPanel } from './FindingsPanel';
import { ResultsDashboard } from './ResultsDashboard';
import { VerdictBanner } from './VerdictBanner';

// The tabs behind Results load on first use, out of the start-up bundle.
const CompareView = lazy(() => import('./CompareView').then((m) => ({ default: m.CompareView })));
const RecommendationsView = lazy(() =>
  import('./RecommendationsView').then((m) => ({ default: m.RecommendationsView })),
);
const CatalogView = lazy(() => import('./CatalogView').then((m) => ({ default: m.CatalogView })));

const TABS: { id: ResultsTab; label: string }[] = [
  { id: 'results', label: 'Results' },
  { id: 'compare', label: 'Compare' },
  { id: 'recommend', label: 'Recommend' },
  { id: 'catalog', label: 'Catalog' },
];

export function ResultsTabs() {
  const tab = useApp((s) => s.resultsTab);
  const setTab = useApp((s) => s.setResultsTab);
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Results">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`results-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="results-panel"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id="results-panel"
        role="tabpanel"
        aria-labelledby={`results-tab-${tab}`}
        className="column"
      >
        {tab === 'results' && (
          <>
            <VerdictBanner />
            <ResultsDashboard />
            <FindingsPanel />
          </>
        )}
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {tab === 'compare' && <CompareView />}
          {tab === 'recommend' && <RecommendationsView />}
          {tab === 'catalog' && <CatalogView />}
        </Suspense>
      </div>
    </>
  );
}

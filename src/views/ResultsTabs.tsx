import { lazy, Suspense } from 'react';
import { useApp } from '../store/context';
import { TabBar, tabId, type TabItem } from './TabBar';
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

const TABS: TabItem<ResultsTab>[] = [
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
      <TabBar
        label="Results"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix="results-tab"
        panelId="results-panel"
      />
      <div
        id="results-panel"
        role="tabpanel"
        aria-labelledby={tabId('results-tab', tab)}
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

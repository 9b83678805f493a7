import { useApp } from '../store/context';
import { TabBar, tabId, type TabItem } from './TabBar';
import type { ResultsTab } from '../store/uiSlice';
import { CatalogView } from './CatalogView';
import { CompareView } from './CompareView';
import { FindingsPanel } from './FindingsPanel';
import { RecommendationsView } from './RecommendationsView';
import { ResultsDashboard } from './ResultsDashboard';
import { VerdictBanner } from './VerdictBanner';

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
        {tab === 'compare' && <CompareView />}
        {tab === 'recommend' && <RecommendationsView />}
        {tab === 'catalog' && <CatalogView />}
      </div>
    </>
  );
}

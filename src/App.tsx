import { ClusterEditor } from './views/ClusterEditor';
import { FileProblem } from './views/FileProblem';
import { FindingsPanel } from './views/FindingsPanel';
import { IssueList } from './views/IssueList';
import { RecoveryBanner } from './views/RecoveryBanner';
import { ResultsDashboard } from './views/ResultsDashboard';
import { Toolbar } from './views/Toolbar';
import { useDocumentShortcuts } from './views/useDocumentShortcuts';
import { useApp } from './store/context';

export function App() {
  const name = useApp((s) => s.project.name);
  const clusterCount = useApp((s) => s.project.clusters.length);
  useDocumentShortcuts();
  return (
    <>
      <header className="app-header">
        <h1>StackSizer</h1>
        <span className="project-name">{name}</span>
      </header>
      <Toolbar />
      <main className="layout">
        <div className="column">
          <RecoveryBanner />
          <FileProblem />
          {Array.from({ length: clusterCount }, (_, i) => (
            <ClusterEditor key={i} clusterIndex={i} />
          ))}
          <IssueList />
          <FindingsPanel />
        </div>
        <div className="column">
          <ResultsDashboard />
        </div>
      </main>
    </>
  );
}

import { CapacitySummary } from './views/CapacitySummary';
import { ClusterEditor } from './views/ClusterEditor';
import { IssueList } from './views/IssueList';
import { useApp } from './store/context';

export function App() {
  const name = useApp((s) => s.project.name);
  const clusterCount = useApp((s) => s.project.clusters.length);
  return (
    <>
      <header className="app-header">
        <h1>StackSizer</h1>
        <span className="project-name">{name}</span>
      </header>
      <main className="layout">
        <div className="column">
          {Array.from({ length: clusterCount }, (_, i) => (
            <ClusterEditor key={i} clusterIndex={i} />
          ))}
          <IssueList />
        </div>
        <div className="column">
          <CapacitySummary />
        </div>
      </main>
    </>
  );
}

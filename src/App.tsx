import { EditorTabs } from './views/EditorTabs';
import { FailureBanner } from './views/FailureBanner';
import { FileProblem } from './views/FileProblem';
import { ImportSummary } from './views/ImportSummary';
import { IssueList } from './views/IssueList';
import { RecoveryBanner } from './views/RecoveryBanner';
import { ResultsTabs } from './views/ResultsTabs';
import { Toolbar } from './views/Toolbar';
import { WorkloadsImportSummary } from './views/WorkloadsImportSummary';
import { useDocumentShortcuts } from './views/useDocumentShortcuts';
import { useApp } from './store/context';

export function App() {
  const name = useApp((s) => s.project.name);
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
          <FailureBanner />
          <RecoveryBanner />
          <FileProblem />
          <ImportSummary />
          <WorkloadsImportSummary />
          <IssueList />
          <EditorTabs />
        </div>
        <div className="column">
          <ResultsTabs />
        </div>
      </main>
    </>
  );
}

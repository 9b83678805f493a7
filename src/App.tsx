import { EditorTabs } from './views/EditorTabs';
import { FailureBanner } from './views/FailureBanner';
import { FileProblem } from './views/FileProblem';
import { ImportSummary } from './views/ImportSummary';
import { IssueList } from './views/IssueList';
import { RecoveryBanner } from './views/RecoveryBanner';
import { ResultsTabs } from './views/ResultsTabs';
import { MenuBar } from './views/MenuBar';
import { Toolbar } from './views/Toolbar';
import { NoticeToaster } from './views/DataExchange';
import { ImportPreviewDialog } from './views/ImportPreviewDialog';
import { QuestionDialog } from './views/QuestionDialog';
import { WorkloadsImportSummary } from './views/WorkloadsImportSummary';
import { useAppCommands } from './views/appCommands';
import { useDocumentShortcuts } from './views/useDocumentShortcuts';

export function App() {
  const commands = useAppCommands();
  useDocumentShortcuts();
  return (
    <>
      <header className="app-header">
        <MenuBar commands={commands} />
        <Toolbar commands={commands} />
      </header>
      <ImportPreviewDialog />
      <QuestionDialog />
      <NoticeToaster />
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

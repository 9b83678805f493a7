import { examples } from '../examples';
import { confirmDiscard, openFileText, runCommand } from '../files/commands';
import type { MenuCommand } from '../platform';
import { useServices } from '../services';
import { useApp, useUndoState } from '../store/context';
import { hasUnsavedChanges } from '../store/projectSlice';
import { DataExchange } from './DataExchange';
import { ImportPreviewDialog } from './ImportPreviewDialog';
import { QuestionDialog } from './QuestionDialog';
import { RecentFiles } from './RecentFiles';
import { useReportOpen } from './useReportOpen';

const BUTTONS: { command: MenuCommand; label: string }[] = [
  { command: 'new', label: 'New' },
  { command: 'open', label: 'Open…' },
  { command: 'save', label: 'Save' },
  { command: 'save-as', label: 'Save as…' },
  { command: 'undo', label: 'Undo' },
  { command: 'redo', label: 'Redo' },
];

export function Toolbar() {
  const services = useServices();
  const fileName = useApp((s) => s.fileName);
  const unsaved = useApp(hasUnsavedChanges);
  const { canUndo, canRedo } = useUndoState();
  const reportOpen = useReportOpen();
  const disabled = (command: MenuCommand) =>
    (command === 'undo' && !canUndo) || (command === 'redo' && !canRedo);

  return (
    <nav className="toolbar" aria-label="Project">
      {BUTTONS.map((b) => (
        <button
          key={b.command}
          type="button"
          disabled={disabled(b.command)}
          onClick={() => runCommand(b.command, services, reportOpen)}
        >
          {b.label}
        </button>
      ))}
      <ImportPreviewDialog />
      <QuestionDialog />
      <DataExchange />
      <RecentFiles />
      <label className="examples">
        <span>Example</span>
        <select
          aria-label="Open an example project"
          value=""
          onChange={(event) => {
            const example = examples.find((e) => e.fileName === event.target.value);
            if (!example) return;
            void confirmDiscard(services, `Opening the example ${example.name}`).then(
              (discard) =>
                discard &&
                openFileText(services, example.fileName, async () => example.text, reportOpen),
            );
          }}
        >
          <option value="">Open an example…</option>
          {examples.map((e) => (
            <option key={e.fileName} value={e.fileName}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <span className="document-state" data-testid="document-state">
        {fileName ?? 'Untitled'}
        {unsaved && <span title="Unsaved changes"> • unsaved</span>}
      </span>
    </nav>
  );
}

import { examples } from '../examples';
import { openProjectText, openWithPicker, saveDocument } from '../files/documents';
import { useServices } from '../services';
import { useApp, useUndoState } from '../store/context';
import { hasUnsavedChanges } from '../store/projectSlice';
import { useReportOpen } from './useReportOpen';

export function Toolbar() {
  const services = useServices();
  const { store, core, platform } = services;
  const fileName = useApp((s) => s.fileName);
  const unsaved = useApp(hasUnsavedChanges);
  const { canUndo, canRedo } = useUndoState();
  const reportOpen = useReportOpen();

  const confirmDiscard = () =>
    !hasUnsavedChanges(store.getState()) ||
    window.confirm('The current project has unsaved changes. Discard them?');

  return (
    <nav className="toolbar" aria-label="Project">
      <button
        type="button"
        onClick={() =>
          confirmDiscard() && void openWithPicker(store, core, platform).then(reportOpen)
        }
      >
        Open…
      </button>
      <button type="button" onClick={() => void saveDocument(store, platform, false)}>
        Save
      </button>
      <button type="button" onClick={() => void saveDocument(store, platform, true)}>
        Save as…
      </button>
      <button type="button" disabled={!canUndo} onClick={() => store.temporal.getState().undo()}>
        Undo
      </button>
      <button type="button" disabled={!canRedo} onClick={() => store.temporal.getState().redo()}>
        Redo
      </button>
      <label className="examples">
        <span>Example</span>
        <select
          value=""
          onChange={(event) => {
            const example = examples.find((e) => e.fileName === event.target.value);
            if (example && confirmDiscard()) {
              void openProjectText(store, core, example.fileName, example.text).then(reportOpen);
            }
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

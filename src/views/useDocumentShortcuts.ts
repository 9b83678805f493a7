import { useEffect } from 'react';
import { openProjectText, saveDocument } from '../files/documents';
import { useServices } from '../services';
import { hasUnsavedChanges } from '../store/projectSlice';
import { useReportOpen } from './useReportOpen';

/**
 * Document-wide behaviour: undo/redo and save keys, dropping a project
 * file on the window, and a prompt before leaving with unsaved changes.
 */
export function useDocumentShortcuts(): void {
  const { store, core, platform } = useServices();
  const reportOpen = useReportOpen();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      const temporal = store.temporal.getState();
      if (key === 'z' && !event.shiftKey) temporal.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') temporal.redo();
      else if (key === 's') void saveDocument(store, platform, event.shiftKey);
      else return;
      event.preventDefault();
    };
    const onDragOver = (event: DragEvent) => event.preventDefault();
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      if (
        hasUnsavedChanges(store.getState()) &&
        !window.confirm('The current project has unsaved changes. Discard them?')
      ) {
        return;
      }
      void file
        .text()
        .then((text) => openProjectText(store, core, file.name, text).then(reportOpen));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges(store.getState())) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [store, core, platform, reportOpen]);
}

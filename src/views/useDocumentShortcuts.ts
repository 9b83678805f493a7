import { useEffect } from 'react';
import { confirmDiscard, openFileText, runCommand } from '../files/commands';
import { attempt } from '../files/failures';
import { describeFiles, importInventory, isInventoryFileName } from '../files/inventory';
import type { MenuCommand } from '../platform';
import { useServices } from '../services';
import { hasUnsavedChanges } from '../store/projectSlice';
import { useReportOpen } from './useReportOpen';

/** The command a key chord asks for, if any (Ctrl or Cmd). */
export function commandForKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): MenuCommand | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y') return 'redo';
  if (key === 's') return event.shiftKey ? 'save-as' : 'save';
  if (key === 'o') return 'open';
  return null;
}

/**
 * Document-wide behaviour: command keys and the native menu, dropping a
 * project file or an inventory on the window, and a prompt before leaving with unsaved changes.
 */
export function useDocumentShortcuts(): void {
  const services = useServices();
  const reportOpen = useReportOpen();

  useEffect(() => {
    const { store, platform } = services;
    const onKey = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      if (!command) return;
      event.preventDefault();
      return runCommand(command, services, reportOpen);
    };
    const onDragOver = (event: DragEvent) => event.preventDefault();
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      const files = [...(event.dataTransfer?.files ?? [])];
      const [file] = files;
      if (!file) return;
      // An inventory (or several RVTools CSV tabs) is previewed first; the
      // question comes at Import. The core names any file it cannot read with the rest.
      if (files.some((f) => isInventoryFileName(f.name))) {
        void attempt(store, `Importing ${describeFiles(files)}`, async () =>
          store.getState().setNotice(await importInventory(services, files)),
        );
        return;
      }
      void confirmDiscard(services, `Opening ${file.name}`).then(
        (discard) => discard && openFileText(services, file.name, () => file.text(), reportOpen),
      );
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges(store.getState())) event.preventDefault();
    };
    const stopMenu = platform.onMenuCommand((command) => runCommand(command, services, reportOpen));
    window.addEventListener('keydown', onKey);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      stopMenu();
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [services, reportOpen]);
}

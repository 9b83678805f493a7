// Document commands, whichever way the user gives them: toolbar, keys or
// the native menu.
import newProjectText from '../../assets/templates/new-project.json?raw';
import type { MenuCommand } from '../platform';
import type { Services } from '../services';
import { hasUnsavedChanges } from '../store/projectSlice';
import { openProjectText, openWithPicker, saveDocument, type OpenResult } from './documents';

/** Asks before an action would drop unsaved changes. */
export function confirmDiscard(services: Services): boolean {
  return (
    !hasUnsavedChanges(services.store.getState()) ||
    window.confirm('The current project has unsaved changes. Discard them?')
  );
}

export async function runCommand(
  command: MenuCommand,
  services: Services,
  reportOpen: (result: OpenResult) => void,
): Promise<void> {
  const { store, core, platform } = services;
  const temporal = store.temporal.getState();
  switch (command) {
    case 'new':
      if (confirmDiscard(services)) {
        reportOpen(
          await openProjectText(store, core, 'The new-project template', newProjectText, null),
        );
      }
      return;
    case 'open':
      if (confirmDiscard(services)) reportOpen(await openWithPicker(store, core, platform));
      return;
    case 'save':
      await saveDocument(store, platform, false);
      return;
    case 'save-as':
      await saveDocument(store, platform, true);
      return;
    case 'undo':
      temporal.undo();
      return;
    case 'redo':
      temporal.redo();
      return;
  }
}

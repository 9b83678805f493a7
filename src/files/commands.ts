// Document commands, whichever way the user gives them: toolbar, keys or
// the native menu.
import newProjectText from '../../assets/templates/new-project.json?raw';
import type { MenuCommand } from '../platform';
import type { Services } from '../services';
import { hasUnsavedChanges } from '../store/projectSlice';
import {
  openProjectText,
  openWithPicker,
  saveDocument,
  suggestedFileName,
  type OpenResult,
} from './documents';
import { exportPdf } from './exports';
import { attempt } from './failures';
import { importInventory, pickInventoryFiles } from './inventory';

/** Asks, in the app's dialog, before an action would drop unsaved changes. */
export async function confirmDiscard(services: Services, action: string): Promise<boolean> {
  const state = services.store.getState();
  if (!hasUnsavedChanges(state)) return true;
  const answer = await state.ask({
    title: 'Discard unsaved changes?',
    text: `${state.fileName ?? 'The current project'} has unsaved changes. ${action} replaces it; the changes are lost.`,
    choices: [
      { value: 'keep', label: 'Keep my changes' },
      { value: 'discard', label: 'Discard them' },
    ],
  });
  return answer === 'discard';
}

/** The command as the user would name it when it fails. */
function actionName(command: MenuCommand, services: Services): string {
  const { fileName, project } = services.store.getState();
  switch (command) {
    case 'new':
      return 'Starting a new project';
    case 'open':
      return 'Opening a project';
    case 'import-inventory':
      return 'Importing an inventory';
    case 'save':
    case 'save-as':
      return `Saving ${fileName ?? suggestedFileName(project)}`;
    case 'export-pdf':
      return 'Exporting the PDF proposal';
    case 'undo':
      return 'Undo';
    case 'redo':
      return 'Redo';
  }
}

/** The PDF proposal, when the project is sized; the notice says where it went. */
export async function exportPdfProposal(services: Services): Promise<void> {
  const { issues, evaluation, setNotice } = services.store.getState();
  if (issues.length > 0 || evaluation === null) {
    throw new Error('the project has input problems: fix them first');
  }
  const result = await exportPdf(services);
  if (result.status === 'saved') setNotice(`Exported as ${result.fileName}.`);
}

async function perform(
  command: MenuCommand,
  services: Services,
  reportOpen: (result: OpenResult) => void,
): Promise<void> {
  const { store, core, platform } = services;
  const temporal = store.temporal.getState();
  switch (command) {
    case 'new':
      if (await confirmDiscard(services, 'Starting a new project')) {
        reportOpen(
          await openProjectText(store, core, 'The new-project template', newProjectText, null),
        );
      }
      return;
    case 'open':
      if (await confirmDiscard(services, 'Opening another project')) {
        reportOpen(await openWithPicker(store, core, platform));
      }
      return;
    case 'import-inventory': {
      const files = await pickInventoryFiles();
      if (files.length > 0) store.getState().setNotice(await importInventory(services, files));
      return;
    }
    case 'save':
      await saveDocument(store, platform, false);
      return;
    case 'save-as':
      await saveDocument(store, platform, true);
      return;
    case 'export-pdf':
      await exportPdfProposal(services);
      return;
    case 'undo':
      temporal.undo();
      return;
    case 'redo':
      temporal.redo();
      return;
  }
}

/**
 * Runs a document command. A failure is shown with the file and the reason
 * and leaves the document as it was (a failed save stays unsaved, under its
 * old name); the returned promise never rejects and tells whether it succeeded.
 */
export function runCommand(
  command: MenuCommand,
  services: Services,
  reportOpen: (result: OpenResult) => void,
): Promise<boolean> {
  return attempt(services.store, actionName(command, services), () =>
    perform(command, services, reportOpen),
  );
}

/** Opens a dropped, picked or example file's text, reporting a failure to read it. */
export function openFileText(
  services: Services,
  fileName: string,
  readText: () => Promise<string>,
  reportOpen: (result: OpenResult) => void,
): Promise<boolean> {
  return attempt(services.store, `Opening ${fileName}`, async () =>
    reportOpen(await openProjectText(services.store, services.core, fileName, await readText())),
  );
}

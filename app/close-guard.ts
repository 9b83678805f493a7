import type { BrowserWindow, Dialog } from 'electron';

/**
 * Asks before a window with unsaved changes closes. The renderer reports
 * its unsaved state; the answer is synchronous because 'close' must be
 * cancelled before the handler returns.
 */
export function guardClose(win: BrowserWindow, dialog: Dialog, hasUnsavedChanges: () => boolean) {
  win.on('close', (event) => {
    if (!hasUnsavedChanges()) return;
    const choice = dialog.showMessageBoxSync(win, {
      type: 'warning',
      buttons: ['Discard changes and close', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'The project has unsaved changes.',
      detail: 'Closing now loses them. An autosaved copy is kept for recovery until you save.',
    });
    if (choice !== 0) event.preventDefault();
  });
}

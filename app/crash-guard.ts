import type { BrowserWindow, Dialog, RenderProcessGoneDetails } from 'electron';

/**
 * A renderer that crashed or was killed would leave a blank window. Offer
 * to reload it instead: the autosaved recovery copy (written on every edit)
 * is offered for restore when the page starts again.
 */
export function guardRendererCrash(win: BrowserWindow, dialog: Dialog): void {
  win.webContents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    const choice = dialog.showMessageBoxSync(win, {
      type: 'error',
      buttons: ['Reload', 'Close the window'],
      defaultId: 0,
      cancelId: 1,
      message: 'The StackSizer window stopped unexpectedly.',
      detail: `Reason: ${details.reason} (exit code ${details.exitCode}). Reload to continue: your unsaved work is offered for restore from the recovery copy.`,
    });
    if (choice === 0) win.reload();
    else win.close();
  });
}

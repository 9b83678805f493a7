import type { BrowserWindow, Dialog, RenderProcessGoneDetails } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { guardRendererCrash } from './crash-guard';

function crashedWindow(answer: number, reason: RenderProcessGoneDetails['reason']) {
  let listener: ((event: unknown, details: RenderProcessGoneDetails) => void) | undefined;
  const win = {
    webContents: { on: vi.fn((_name: string, l: typeof listener) => (listener = l)) },
    isDestroyed: () => false,
    reload: vi.fn(),
    close: vi.fn(),
  };
  const dialog = { showMessageBoxSync: vi.fn((_win: unknown, _options: unknown) => answer) };
  guardRendererCrash(win as unknown as BrowserWindow, dialog as unknown as Dialog);
  listener!({}, { reason, exitCode: 139 });
  return { win, dialog };
}

describe('renderer crash guard', () => {
  it('offers a reload after a crash and reloads when asked', () => {
    const { win, dialog } = crashedWindow(0, 'crashed');
    expect(win.webContents.on).toHaveBeenCalledWith('render-process-gone', expect.any(Function));
    expect(dialog.showMessageBoxSync.mock.calls[0]![1]).toMatchObject({
      buttons: ['Reload', 'Close the window'],
      detail: expect.stringContaining('recovery copy'),
    });
    expect(win.reload).toHaveBeenCalled();
  });

  it('closes the window when the user declines', () => {
    const { win } = crashedWindow(1, 'oom');
    expect(win.close).toHaveBeenCalled();
    expect(win.reload).not.toHaveBeenCalled();
  });

  it('stays quiet on a clean exit', () => {
    const { dialog } = crashedWindow(0, 'clean-exit');
    expect(dialog.showMessageBoxSync).not.toHaveBeenCalled();
  });
});

import type { BrowserWindow, Dialog } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { guardClose } from './close-guard';

function windowWithGuard(unsaved: boolean, choice: number) {
  let onClose: ((event: { preventDefault: () => void }) => void) | undefined;
  const win = {
    on: (_name: string, h: typeof onClose) => (onClose = h),
  } as unknown as BrowserWindow;
  const dialog = { showMessageBoxSync: vi.fn(() => choice) };
  guardClose(win, dialog as unknown as Dialog, () => unsaved);
  const event = { preventDefault: vi.fn() };
  onClose?.(event);
  return { event, dialog };
}

describe('close guard', () => {
  it('closes without asking when everything is saved', () => {
    const { event, dialog } = windowWithGuard(false, 1);
    expect(dialog.showMessageBoxSync).not.toHaveBeenCalled();
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('keeps the window open when the user cancels', () => {
    const { event } = windowWithGuard(true, 1);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('closes when the user discards the changes', () => {
    const { event } = windowWithGuard(true, 0);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});

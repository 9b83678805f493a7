import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { MENU_COMMANDS } from './api';
import { menuTemplate } from './menu';

const items = (template: MenuItemConstructorOptions[]) =>
  template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : []));

describe('native menu', () => {
  it('sends every document command to the renderer', () => {
    const send = vi.fn();
    for (const item of items(menuTemplate(send, 'linux'))) {
      (item.click as (() => void) | undefined)?.();
    }
    expect(send.mock.calls.map(([c]) => c).sort()).toEqual([...MENU_COMMANDS].sort());
  });

  it('uses the platform convention to leave', () => {
    expect(items(menuTemplate(vi.fn(), 'linux')).some((i) => i.role === 'quit')).toBe(true);
    expect(items(menuTemplate(vi.fn(), 'darwin')).some((i) => i.role === 'close')).toBe(true);
  });
});

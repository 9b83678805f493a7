import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from './api';

/**
 * The native menu. Document commands go to the renderer, which owns the
 * project; text editing uses Electron's roles.
 */
export function menuTemplate(
  send: (command: MenuCommand) => void,
  platform: NodeJS.Platform = process.platform,
): MenuItemConstructorOptions[] {
  const command = (
    label: string,
    accelerator: string,
    cmd: MenuCommand,
  ): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => send(cmd),
  });
  return [
    {
      label: 'File',
      submenu: [
        command('New Project', 'CmdOrCtrl+N', 'new'),
        command('Open…', 'CmdOrCtrl+O', 'open'),
        command('Import Inventory…', 'CmdOrCtrl+I', 'import-inventory'),
        { type: 'separator' },
        command('Save', 'CmdOrCtrl+S', 'save'),
        command('Save As…', 'CmdOrCtrl+Shift+S', 'save-as'),
        { type: 'separator' },
        command('Export PDF Proposal…', 'CmdOrCtrl+Shift+E', 'export-pdf'),
        { type: 'separator' },
        platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        command('Undo', 'CmdOrCtrl+Z', 'undo'),
        command('Redo', 'CmdOrCtrl+Shift+Z', 'redo'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }] },
  ];
}

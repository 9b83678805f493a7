// Main-process handlers. Paths come only from dialogs the user answered;
// the renderer never names a path.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BrowserWindow, Dialog, IpcMain } from 'electron';
import { CHANNELS, MAX_PROJECT_BYTES, type ProjectFile, type SaveResult } from './api';
import { writeFileAtomic } from './atomic-write';

const PROJECT_FILTERS = [{ name: 'StackSizer project', extensions: ['stacksizer.json', 'json'] }];

export interface IpcDeps {
  ipcMain: IpcMain;
  dialog: Dialog;
  window: () => BrowserWindow | null;
  appVersion: string;
}

export function registerIpc({ ipcMain, dialog, window, appVersion }: IpcDeps): void {
  let currentPath: string | null = null;

  ipcMain.handle(CHANNELS.appVersion, () => appVersion);

  ipcMain.handle(CHANNELS.openProject, async (): Promise<ProjectFile | null> => {
    const win = window();
    if (!win) return null;
    const picked = await dialog.showOpenDialog(win, {
      properties: ['openFile'],
      filters: PROJECT_FILTERS,
    });
    const path = picked.filePaths[0];
    if (picked.canceled || !path) return null;
    const { size } = await stat(path);
    if (size > MAX_PROJECT_BYTES) {
      throw new Error(
        `${basename(path)} is ${size} bytes; project files may be at most ${MAX_PROJECT_BYTES} bytes`,
      );
    }
    const text = await readFile(path, 'utf8');
    currentPath = path;
    return { fileName: basename(path), text };
  });

  ipcMain.handle(
    CHANNELS.saveProject,
    async (_event, text: unknown, saveAs: unknown): Promise<SaveResult> => {
      if (typeof text !== 'string' || typeof saveAs !== 'boolean') {
        throw new TypeError('saveProject expects (text: string, saveAs: boolean)');
      }
      if (Buffer.byteLength(text, 'utf8') > MAX_PROJECT_BYTES) {
        throw new RangeError(`the project is larger than ${MAX_PROJECT_BYTES} bytes`);
      }
      let path = saveAs ? null : currentPath;
      if (!path) {
        const win = window();
        if (!win) return { status: 'cancelled' };
        const picked = await dialog.showSaveDialog(win, { filters: PROJECT_FILTERS });
        if (picked.canceled || !picked.filePath) return { status: 'cancelled' };
        path = picked.filePath;
      }
      writeFileAtomic(path, text);
      currentPath = path;
      return { status: 'saved', fileName: basename(path) };
    },
  );
}

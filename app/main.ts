// Wiring only: windows, IPC and lifecycle. Logic lives in the modules it imports.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu } from 'electron';
import { MENU_CHANNEL } from './api';
import { guardClose } from './close-guard';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { lockDownContents, secureWebPreferences } from './security';

const rendererFile = join(__dirname, '..', 'renderer', 'index.html');
let mainWindow: BrowserWindow | null = null;
let unsavedChanges = false;

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'StackSizer',
    webPreferences: secureWebPreferences(join(__dirname, 'preload.js')),
  });
  lockDownContents(win.webContents);
  guardClose(win, dialog, () => unsavedChanges);
  void win.loadFile(rendererFile);
  win.on('closed', () => {
    mainWindow = null;
  });
  mainWindow = win;
  return win;
}

export function start(): void {
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(() => {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate((command) => mainWindow?.webContents.send(MENU_CHANNEL, command)),
      ),
    );
    registerIpc({
      ipcMain,
      dialog,
      window: () => mainWindow,
      appVersion: app.getVersion(),
      recoveryPath: join(app.getPath('userData'), 'recovery.stacksizer.json'),
      recentPath: join(app.getPath('userData'), 'recent-files.json'),
      userCatalogPath: join(app.getPath('userData'), 'user-catalog.json'),
      addRecentDocument: (path) => app.addRecentDocument(path),
      rendererUrl: pathToFileURL(rendererFile).href,
      onUnsavedChanges: (unsaved) => {
        unsavedChanges = unsaved;
      },
    });
    createMainWindow();
  });
}

if (process.versions.electron) start();

// Wiring only: windows, IPC and lifecycle. Logic lives in the modules it imports.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol } from 'electron';
import { MENU_CHANNEL } from './api';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, serveRenderer } from './app-protocol';
import { guardClose } from './close-guard';
import { guardRendererCrash } from './crash-guard';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { lockDownContents, secureWebPreferences } from './security';

const rendererDir = join(__dirname, '..', 'renderer');
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
  guardRendererCrash(win, dialog);
  win.loadURL(APP_ENTRY_URL).catch((error: unknown) => {
    dialog.showErrorBox('StackSizer could not start', String(error));
  });
  win.on('closed', () => {
    mainWindow = null;
  });
  mainWindow = win;
  return win;
}

export function start(): void {
  // One instance owns the recovery copy and the recent-files list; a second
  // launch focuses the first window instead of sharing them.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(() => {
      protocol.handle(APP_SCHEME, (request) => serveRenderer(request.url, rendererDir));
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
        recoveryDir: join(app.getPath('userData'), 'recovery'),
        recentPath: join(app.getPath('userData'), 'recent-files.json'),
        userCatalogPath: join(app.getPath('userData'), 'user-catalog.json'),
        addRecentDocument: (path) => app.addRecentDocument(path),
        rendererUrl: APP_ENTRY_URL,
        onUnsavedChanges: (unsaved) => {
          unsavedChanges = unsaved;
        },
      });
      createMainWindow();
    })
    .catch((error: unknown) => {
      dialog.showErrorBox('StackSizer could not start', String(error));
      app.quit();
    });
}

if (process.versions.electron) start();

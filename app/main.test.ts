import { beforeEach, describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({
  windowOptions: [] as unknown[],
  loadURL: vi.fn(() => Promise.resolve()),
  protocolHandle: vi.fn(),
  registerSchemes: vi.fn(),
  whenReady: vi.fn(() => Promise.resolve()),
  appOn: vi.fn(),
  handle: vi.fn(),
  setApplicationMenu: vi.fn(),
}));

vi.mock('electron', () => {
  const contents = {
    setWindowOpenHandler: vi.fn(),
    on: vi.fn(),
    session: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
  };
  return {
    app: {
      whenReady: h.whenReady,
      on: h.appOn,
      quit: vi.fn(),
      getVersion: () => '0.1.0',
      getPath: () => '/tmp/stacksizer-user-data',
      addRecentDocument: vi.fn(),
      requestSingleInstanceLock: () => true,
    },
    protocol: { handle: h.protocolHandle, registerSchemesAsPrivileged: h.registerSchemes },
    ipcMain: { handle: h.handle },
    dialog: {},
    Menu: { setApplicationMenu: h.setApplicationMenu, buildFromTemplate: vi.fn((t: unknown) => t) },
    BrowserWindow: vi.fn(function (this: object, options: unknown) {
      h.windowOptions.push(options);
      return { webContents: contents, loadURL: h.loadURL, on: vi.fn() };
    }),
  };
});

import { createMainWindow, start } from './main';
import { CHANNELS } from './api';

beforeEach(() => {
  h.windowOptions.length = 0;
});

describe('Electron main process', () => {
  it('creates the window with the secure preferences and loads the renderer from app://', () => {
    createMainWindow();
    expect(h.windowOptions[0]).toMatchObject({
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
    expect(h.loadURL).toHaveBeenCalledWith('app://stacksizer/index.html');
  });

  it('locks down every web contents and registers IPC once ready', async () => {
    start();
    expect(h.appOn).toHaveBeenCalledWith('web-contents-created', expect.any(Function));
    await Promise.resolve();
    await Promise.resolve();
    expect(h.handle).toHaveBeenCalledTimes(Object.keys(CHANNELS).length);
    expect(h.setApplicationMenu).toHaveBeenCalledWith(
      expect.arrayContaining([expect.objectContaining({ label: 'File' })]),
    );
    expect(h.windowOptions).toHaveLength(1);
    expect(h.registerSchemes).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ secure: true }),
      }),
    ]);
    expect(h.protocolHandle).toHaveBeenCalledWith('app', expect.any(Function));
  });
});

import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({
  expose: vi.fn(),
  invoke: vi.fn(() => Promise.resolve('ok')),
  on: vi.fn(),
  removeListener: vi.fn(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: h.expose },
  ipcRenderer: { invoke: h.invoke, on: h.on, removeListener: h.removeListener },
}));

await import('./preload');

describe('preload', () => {
  it('exposes only the typed API, each call on its own channel', async () => {
    expect(h.expose).toHaveBeenCalledTimes(1);
    const [name, api] = h.expose.mock.calls[0] as unknown as [
      string,
      Record<string, (...a: unknown[]) => unknown>,
    ];
    expect(name).toBe('stacksizer');
    expect(Object.keys(api).sort()).toEqual([
      'appVersion',
      'clearRecovery',
      'onMenuCommand',
      'openProject',
      'openRecent',
      'readRecoveryCopies',
      'readUserCatalog',
      'recentFiles',
      'saveCatalog',
      'saveCsvTables',
      'saveProject',
      'saveReport',
      'saveWorkloadsCsv',
      'setUnsavedChanges',
      'writeRecovery',
      'writeUserCatalog',
    ]);
    await api.saveProject!('{}', true);
    expect(h.invoke).toHaveBeenCalledWith('project:save', '{}', true);
    await api.openProject!();
    expect(h.invoke).toHaveBeenCalledWith('project:open');
    await api.writeUserCatalog!(null);
    expect(h.invoke).toHaveBeenCalledWith('catalog:write-user', null);
    await api.writeRecovery!('window-1', '{}');
    expect(h.invoke).toHaveBeenCalledWith('recovery:write', 'window-1', '{}');
  });

  it('relays only known menu commands to the renderer', () => {
    const api = h.expose.mock.calls[0]![1] as {
      onMenuCommand: (l: (c: string) => void) => () => void;
    };
    const listener = vi.fn();
    const unsubscribe = api.onMenuCommand(listener);
    const relay = h.on.mock.calls[0]![1] as (event: unknown, command: unknown) => void;
    relay({}, 'save');
    relay({}, 'rm -rf');
    expect(listener.mock.calls).toEqual([['save']]);
    unsubscribe();
    expect(h.removeListener).toHaveBeenCalledWith('menu:command', relay);
  });
});

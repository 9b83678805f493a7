import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({ expose: vi.fn(), invoke: vi.fn(() => Promise.resolve('ok')) }));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: h.expose },
  ipcRenderer: { invoke: h.invoke },
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
      'openProject',
      'readRecovery',
      'saveProject',
      'setUnsavedChanges',
      'writeRecovery',
    ]);
    await api.saveProject!('{}', true);
    expect(h.invoke).toHaveBeenCalledWith('project:save', '{}', true);
    await api.openProject!();
    expect(h.invoke).toHaveBeenCalledWith('project:open');
  });
});

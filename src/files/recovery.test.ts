import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import { createAppStore } from '../store';
import { withHostCount } from '../store/clusterEdits';
import { findRecovery, startAutosave } from './recovery';

const project = example as Project;

function memoryPlatform() {
  let copy: string | null = null;
  const platform: Platform = {
    openProject: vi.fn(),
    saveProject: vi.fn(),
    readRecovery: vi.fn(async () => copy),
    writeRecovery: vi.fn(async (text: string) => {
      copy = text;
    }),
    clearRecovery: vi.fn(async () => {
      copy = null;
    }),
    setUnsavedChanges: vi.fn(async () => undefined),
    recentFiles: vi.fn(async () => []),
    openRecent: vi.fn(),
    saveReport: vi.fn(),
    saveCsvTables: vi.fn(),
    readUserCatalog: vi.fn(async () => null),
    writeUserCatalog: vi.fn(async () => undefined),
    saveCatalog: vi.fn(),
    onMenuCommand: vi.fn(() => () => undefined),
  };
  return platform;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('writes a recovery copy only after the edits pause', async () => {
    const store = createAppStore(project);
    const platform = memoryPlatform();
    startAutosave(store, platform, 3000);
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    vi.advanceTimersByTime(2000);
    store.getState().editProject((p) => withHostCount(p, 0, 6));
    vi.advanceTimersByTime(2999);
    expect(platform.writeRecovery).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(platform.writeRecovery).toHaveBeenCalledTimes(1);
    const offer = await findRecovery(platform);
    expect(JSON.parse(offer!.projectJson).clusters[0].topology.host_count).toBe(6);
  });

  it('drops the copy once the project is saved, and tells the platform about unsaved changes', () => {
    const store = createAppStore(project);
    const platform = memoryPlatform();
    startAutosave(store, platform, 3000);
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    expect(platform.setUnsavedChanges).toHaveBeenLastCalledWith(true);
    store.getState().markSaved(store.getState().project, 'a.stacksizer.json');
    expect(platform.clearRecovery).toHaveBeenCalled();
    expect(platform.setUnsavedChanges).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(10_000);
    expect(platform.writeRecovery).not.toHaveBeenCalled();
  });

  it('keeps the old copy while the user has not answered the restore offer', async () => {
    const store = createAppStore(project);
    const platform = memoryPlatform();
    await platform.writeRecovery(
      '{"file_name":null,"saved_at":"2026-11-22T10:00:00Z","project":{}}',
    );
    store.getState().setRecoveryOffer(await findRecovery(platform));
    startAutosave(store, platform, 3000);
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    vi.advanceTimersByTime(5000);
    expect(platform.writeRecovery).toHaveBeenCalledTimes(1);
  });

  it('ignores an unreadable recovery copy', async () => {
    const platform = memoryPlatform();
    await platform.writeRecovery('{"truncated": ');
    await expect(findRecovery(platform)).resolves.toBeNull();
  });
});

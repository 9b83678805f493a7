import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { CoreClient } from '../core/client';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import { createAppStore } from '../store';
import { withHostCount } from '../store/clusterEdits';
import { hasUnsavedChanges } from '../store/projectSlice';
import { AUTOSAVE_DEBOUNCE_MS, findRecovery, restoreRecovery, startAutosave } from './recovery';

const project = example as Project;

/** Every window's copies in one shared map, as one browser profile or data folder keeps them. */
function memoryPlatform(sessionId: string, copies = new Map<string, string>()) {
  const platform: Platform = {
    openProject: vi.fn(),
    saveProject: vi.fn(),
    readRecoveryCopies: vi.fn(async () =>
      [...copies].map(([id, text]) => ({ sessionId: id, text })),
    ),
    writeRecovery: vi.fn(async (text: string) => void copies.set(sessionId, text)),
    clearRecovery: vi.fn(async () => void copies.delete(sessionId)),
    discardRecovery: vi.fn(async (id: string) => void copies.delete(id)),
    setUnsavedChanges: vi.fn(async () => undefined),
    recentFiles: vi.fn(async () => []),
    openRecent: vi.fn(),
    saveReport: vi.fn(),
    saveCsvTables: vi.fn(),
    readUserCatalog: vi.fn(async () => null),
    writeUserCatalog: vi.fn(async () => undefined),
    saveCatalog: vi.fn(),
    saveWorkloadsCsv: vi.fn(),
    onMenuCommand: vi.fn(() => () => undefined),
  };
  return { platform, copies };
}

const events = () => new EventTarget();
const none = async () => new Set<string>();
const copyOf = (hosts: number, savedAt: string) =>
  JSON.stringify({
    file_name: 'a.stacksizer.json',
    saved_at: savedAt,
    project: withHostCount(project, 0, hosts),
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('writes this window’s copy within the debounce of each edit (at most 500 ms)', async () => {
    expect(AUTOSAVE_DEBOUNCE_MS).toBeLessThanOrEqual(500);
    const store = createAppStore(project);
    const { platform, copies } = memoryPlatform('w1');
    startAutosave(store, platform, AUTOSAVE_DEBOUNCE_MS, events());
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS - 1);
    store.getState().editProject((p) => withHostCount(p, 0, 6));
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(platform.writeRecovery).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(platform.writeRecovery).toHaveBeenCalledTimes(1);
    expect(JSON.parse(copies.get('w1')!).project.clusters[0].topology.host_count).toBe(6);
  });

  it('writes at once when the window loses focus, is hidden or unloads', () => {
    const store = createAppStore(project);
    const { platform } = memoryPlatform('w1');
    const target = events();
    startAutosave(store, platform, AUTOSAVE_DEBOUNCE_MS, target);
    for (const [i, name] of ['blur', 'pagehide', 'beforeunload'].entries()) {
      store.getState().editProject((p) => withHostCount(p, 0, 5 + i));
      target.dispatchEvent(new Event(name));
      expect(platform.writeRecovery).toHaveBeenCalledTimes(i + 1);
    }
    // Nothing new to write: a second blur writes nothing.
    target.dispatchEvent(new Event('blur'));
    expect(platform.writeRecovery).toHaveBeenCalledTimes(3);
  });

  it('drops the copy once the project is saved, and tells the platform about unsaved changes', () => {
    const store = createAppStore(project);
    const { platform } = memoryPlatform('w1');
    startAutosave(store, platform, AUTOSAVE_DEBOUNCE_MS, events());
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    expect(platform.setUnsavedChanges).toHaveBeenLastCalledWith(true);
    store.getState().markSaved(store.getState().project, 'a.stacksizer.json');
    expect(platform.clearRecovery).toHaveBeenCalled();
    expect(platform.setUnsavedChanges).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(10_000);
    expect(platform.writeRecovery).not.toHaveBeenCalled();
  });

  it('keeps autosaving while a restore offer waits, into its own copy only', async () => {
    const copies = new Map([['gone', copyOf(7, '2026-11-22T10:00:00Z')]]);
    const store = createAppStore(project);
    const { platform } = memoryPlatform('w2', copies);
    store.getState().setRecoveryOffer(await findRecovery(platform, none));
    startAutosave(store, platform, AUTOSAVE_DEBOUNCE_MS, events());
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    expect([...copies.keys()].sort()).toEqual(['gone', 'w2']);
    expect(copies.get('gone')).toBe(copyOf(7, '2026-11-22T10:00:00Z'));
  });

  it('shows a failed autosave with its reason', async () => {
    const store = createAppStore(project);
    const { platform } = memoryPlatform('w1');
    vi.mocked(platform.writeRecovery).mockRejectedValue(
      new Error("Error invoking remote method 'recovery:write': Error: Could not save: disk full"),
    );
    startAutosave(store, platform, AUTOSAVE_DEBOUNCE_MS, events());
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(store.getState().failure).toEqual({
      action: 'Autosaving the recovery copy',
      reason: 'Could not save: disk full',
    });
  });
});

describe('the restore offer', () => {
  it('offers the newest copy of a window that is gone, never a live window’s', async () => {
    const copies = new Map([
      ['live', copyOf(9, '2026-11-22T12:00:00Z')],
      ['old', copyOf(5, '2026-11-22T09:00:00Z')],
      ['newer', copyOf(6, '2026-11-22T11:00:00Z')],
      ['torn', '{"truncated": '],
    ]);
    const { platform } = memoryPlatform('me', copies);
    const offer = await findRecovery(platform, async () => new Set(['live', 'me']));
    expect(offer?.sessionId).toBe('newer');
    expect(JSON.parse(offer!.projectJson).clusters[0].topology.host_count).toBe(6);
    await expect(findRecovery(platform, async () => new Set(copies.keys()))).resolves.toBeNull();
  });

  it('restores into this window’s copy before removing the old one', async () => {
    const copies = new Map([['gone', copyOf(7, '2026-11-22T10:00:00Z')]]);
    const { platform } = memoryPlatform('me', copies);
    const offer = (await findRecovery(platform, none))!;
    const store = createAppStore(project);
    const checked = { status: 'needs_fixes', project: JSON.parse(offer.projectJson), issues: [] };
    const core = { call: vi.fn(async () => checked) } as unknown as CoreClient;
    await expect(restoreRecovery(store, core, platform, offer)).resolves.toEqual([]);
    expect(store.getState().project.clusters[0]!.topology).toMatchObject({ host_count: 7 });
    expect(hasUnsavedChanges(store.getState())).toBe(true);
    expect([...copies.keys()]).toEqual(['me']);
    expect(vi.mocked(platform.writeRecovery).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(platform.discardRecovery).mock.invocationCallOrder[0]!,
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { CoreClient } from '../core/client';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import type { Services } from '../services';
import { createAppStore, openDocument } from '../store';
import { withHostCount } from '../store/clusterEdits';
import { hasUnsavedChanges } from '../store/projectSlice';
import { openFileText, runCommand } from './commands';
import { saveDocument } from './documents';
import { failureReason } from './failures';

const project = example as Project;

/** An edited document saved as seed.stacksizer.json, on a platform whose calls fail. */
function failingServices(platform: Partial<Platform>): Services {
  const store = createAppStore(project);
  openDocument(store, project, 'seed.stacksizer.json');
  store.getState().editProject((p) => withHostCount(p, 0, 5));
  return { store, platform: platform as Platform, core: {} as CoreClient };
}

const reportOpen = vi.fn();

describe('document commands', () => {
  it.each(['save', 'save-as'] as const)(
    'shows a failed %s with the file and reason; the document stays unsaved',
    async (command) => {
      const services = failingServices({
        saveProject: vi
          .fn()
          .mockRejectedValue(
            new Error(
              "Error invoking remote method 'project:save': Error: Could not save seed.stacksizer.json in /ro: the disk is read-only (EROFS).",
            ),
          ),
      });
      await expect(runCommand(command, services, reportOpen)).resolves.toBe(false);
      const state = services.store.getState();
      expect(state.failure).toEqual({
        action: 'Saving seed.stacksizer.json',
        reason: 'Could not save seed.stacksizer.json in /ro: the disk is read-only (EROFS).',
      });
      expect(state.fileName).toBe('seed.stacksizer.json');
      expect(hasUnsavedChanges(state)).toBe(true);
    },
  );

  it('shows a failed open and keeps the open document', async () => {
    const openProject = vi
      .fn()
      .mockRejectedValue(new Error('Could not open a.json: permission denied'));
    const services = failingServices({ openProject });
    const before = services.store.getState().project;
    // Unsaved work: the app asks in its own dialog first; keeping it opens nothing.
    const kept = runCommand('open', services, reportOpen);
    await vi.waitFor(() => expect(services.store.getState().question).not.toBeNull());
    expect(services.store.getState().question?.title).toBe('Discard unsaved changes?');
    services.store.getState().question?.answer('keep');
    await expect(kept).resolves.toBe(true);
    expect(openProject).not.toHaveBeenCalled();

    const discarded = runCommand('open', services, reportOpen);
    await vi.waitFor(() => expect(services.store.getState().question).not.toBeNull());
    services.store.getState().question?.answer('discard');
    await expect(discarded).resolves.toBe(false);
    expect(services.store.getState().failure).toEqual({
      action: 'Opening a project',
      reason: 'Could not open a.json: permission denied',
    });
    expect(services.store.getState().project).toBe(before);
  });

  it('shows a dropped or recent file that cannot be read', async () => {
    const services = failingServices({});
    const unreadable = () => Promise.reject(new Error('the file was deleted'));
    await expect(openFileText(services, 'old.json', unreadable, reportOpen)).resolves.toBe(false);
    expect(services.store.getState().failure).toEqual({
      action: 'Opening old.json',
      reason: 'the file was deleted',
    });
  });

  it('clears nothing when a save succeeds', async () => {
    const services = failingServices({
      saveProject: vi.fn().mockResolvedValue({ status: 'saved', fileName: 'b.stacksizer.json' }),
    });
    await expect(runCommand('save', services, reportOpen)).resolves.toBe(true);
    const state = services.store.getState();
    expect(state.failure).toBeNull();
    expect(state.fileName).toBe('b.stacksizer.json');
    expect(hasUnsavedChanges(state)).toBe(false);
  });
});

describe('saving a project with fields out of range', () => {
  const issue = { path: 'clusters[0].topology.host_count', message: 'must be 2 to 64 (got 99)' };

  it('asks first, and writes nothing when the user says no', async () => {
    const saveProject = vi.fn();
    const services = failingServices({ saveProject });
    services.store.getState().setIssues([issue]);
    const asked: string[] = [];
    const saved = await saveDocument(services.store, services.platform, false, (q) => {
      asked.push(q);
      return false;
    });
    expect(saved).toBe(false);
    expect(saveProject).not.toHaveBeenCalled();
    expect(asked[0]).toContain('clusters[0].topology.host_count: must be 2 to 64 (got 99)');
  });

  it('saves when the user agrees', async () => {
    const saveProject = vi.fn().mockResolvedValue({ status: 'saved', fileName: 'x.json' });
    const services = failingServices({ saveProject });
    services.store.getState().setIssues([issue]);
    await expect(saveDocument(services.store, services.platform, false, () => true)).resolves.toBe(
      true,
    );
    expect(saveProject).toHaveBeenCalledTimes(1);
  });
});

describe('failureReason', () => {
  it("drops Electron's wrapper and keeps the main process's words", () => {
    expect(
      failureReason(new Error("Error invoking remote method 'recent:open': RangeError: too big")),
    ).toBe('too big');
    expect(failureReason('plain')).toBe('plain');
  });
});

// Autosave to a recovery copy after a few idle seconds, and the offer to
// restore it after a session that did not end with a save.
import type { CoreClient } from '../core/client';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import type { AppStore } from '../store';
import { hasUnsavedChanges } from '../store/projectSlice';

export const AUTOSAVE_IDLE_MS = 3000;

interface RecoveryCopy {
  file_name: string | null;
  saved_at: string;
  project: Project;
}

/** Keeps the recovery copy in step with the project; returns a stop function. */
export function startAutosave(
  store: AppStore,
  platform: Platform,
  idleMs = AUTOSAVE_IDLE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe((state, previous) => {
    const unsaved = hasUnsavedChanges(state);
    if (unsaved !== hasUnsavedChanges(previous)) void platform.setUnsavedChanges(unsaved);
    if (state.project === previous.project && state.savedProject === previous.savedProject) return;
    clearTimeout(timer);
    if (!unsaved) {
      void platform.clearRecovery();
      return;
    }
    timer = setTimeout(() => {
      const { project, fileName, recoveryOffer } = store.getState();
      // Until the user has answered the offer, the old copy is the only one.
      if (recoveryOffer) return;
      const copy: RecoveryCopy = {
        file_name: fileName,
        saved_at: new Date().toISOString(),
        project,
      };
      void platform.writeRecovery(JSON.stringify(copy));
    }, idleMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

export interface RecoveryOffer {
  fileName: string | null;
  savedAt: string;
  projectJson: string;
}

/** The recovery copy left behind, if there is a readable one. */
export async function findRecovery(platform: Platform): Promise<RecoveryOffer | null> {
  const text = await platform.readRecovery();
  if (!text) return null;
  try {
    const copy = JSON.parse(text) as RecoveryCopy;
    return {
      fileName: copy.file_name,
      savedAt: copy.saved_at,
      projectJson: JSON.stringify(copy.project),
    };
  } catch {
    return null;
  }
}

/** Restores the copy after the core has checked it; returns the refusal's issues otherwise. */
export async function restoreRecovery(store: AppStore, core: CoreClient, offer: RecoveryOffer) {
  const outcome = await core.call('project/check-file', { projectJson: offer.projectJson });
  if (outcome.status === 'invalid') return outcome.issues;
  store.getState().restoreProject(outcome.project, offer.fileName);
  store.temporal.getState().clear();
  return [];
}

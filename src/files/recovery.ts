// Autosave to this window's own recovery copy on every committed edit, and
// the offer to restore a copy left by a window that is gone (a crash, a
// reload, a closed tab). Copies of live windows are never offered or touched.
import type { CoreClient } from '../core/client';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import type { AppStore } from '../store';
import { hasUnsavedChanges } from '../store/projectSlice';
import { attempt } from './failures';

/** Edits are copied within this long of the last one (the budget is 500 ms). */
export const AUTOSAVE_DEBOUNCE_MS = 300;

interface RecoveryCopy {
  file_name: string | null;
  saved_at: string;
  project: Project;
}

const copyText = (fileName: string | null, project: Project) =>
  JSON.stringify({
    file_name: fileName,
    saved_at: new Date().toISOString(),
    project,
  } satisfies RecoveryCopy);

/**
 * Keeps this window's recovery copy in step with the project: written
 * shortly after each edit and at once when the window loses focus, is
 * hidden or unloads; removed when the project is saved. Returns a stop function.
 */
export function startAutosave(
  store: AppStore,
  platform: Platform,
  debounceMs = AUTOSAVE_DEBOUNCE_MS,
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const write = () => {
    clearTimeout(timer);
    if (!pending) return;
    pending = false;
    const { project, fileName } = store.getState();
    attempt(store, 'Autosaving the recovery copy', () =>
      platform.writeRecovery(copyText(fileName, project)),
    );
  };
  const unsubscribe = store.subscribe((state, previous) => {
    const unsaved = hasUnsavedChanges(state);
    if (unsaved !== hasUnsavedChanges(previous)) {
      attempt(store, 'Telling the window about unsaved changes', () =>
        platform.setUnsavedChanges(unsaved),
      );
    }
    if (state.project === previous.project && state.savedProject === previous.savedProject) return;
    clearTimeout(timer);
    pending = unsaved;
    if (!unsaved) {
      attempt(store, 'Removing the recovery copy', () => platform.clearRecovery());
      return;
    }
    timer = setTimeout(write, debounceMs);
  });
  const flushWhenHidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') write();
  };
  const flushing = ['blur', 'pagehide', 'beforeunload'] as const;
  for (const name of flushing) events.addEventListener(name, write);
  events.addEventListener('visibilitychange', flushWhenHidden);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    for (const name of flushing) events.removeEventListener(name, write);
    events.removeEventListener('visibilitychange', flushWhenHidden);
  };
}

export interface RecoveryOffer {
  /** The slot the copy is in; Restore and Discard remove only this one. */
  sessionId: string;
  fileName: string | null;
  savedAt: string;
  projectJson: string;
}

/** The newest copy left by a window that is no longer open, if any. */
export async function findRecovery(
  platform: Platform,
  liveSessions: () => Promise<Set<string>>,
): Promise<RecoveryOffer | null> {
  const [copies, live] = await Promise.all([platform.readRecoveryCopies(), liveSessions()]);
  const offers = copies.flatMap(({ sessionId, text }) => {
    if (live.has(sessionId)) return [];
    try {
      const copy = JSON.parse(text) as RecoveryCopy;
      return [
        {
          sessionId,
          fileName: copy.file_name,
          savedAt: copy.saved_at,
          projectJson: JSON.stringify(copy.project),
        },
      ];
    } catch {
      return [];
    }
  });
  offers.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  return offers[0] ?? null;
}

/**
 * Restores the copy, with any out-of-range fields flagged for fixing, and
 * moves it into this window's own slot before removing the old one, so it
 * is never only in memory. Returns the issues of a copy the core cannot read.
 */
export async function restoreRecovery(
  store: AppStore,
  core: CoreClient,
  platform: Platform,
  offer: RecoveryOffer,
) {
  const outcome = await core.call('project/check-file', { projectJson: offer.projectJson });
  if (outcome.status === 'invalid') return outcome.issues;
  store.getState().restoreProject(outcome.project, offer.fileName);
  store.temporal.getState().clear();
  await platform.writeRecovery(copyText(offer.fileName, outcome.project));
  await platform.discardRecovery(offer.sessionId);
  return [];
}

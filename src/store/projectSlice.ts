import type { StateCreator } from 'zustand';
import type { Project } from '../core/types';
import type { AppState, AppMutators } from '.';

/** The user's inputs: the only state that is saved, and the only one undo records. */
export interface ProjectSlice {
  project: Project;
  /**
   * The project as last opened or saved (null when the document has never
   * been saved, e.g. restored from a recovery copy); unsaved changes are
   * `project !== savedProject`.
   */
  savedProject: Project | null;
  fileName: string | null;
  /** Adopts a project as a new, clean document (see `openDocument` for the undo history). */
  openProject: (project: Project, fileName: string | null) => void;
  /** Applies an edit as a pure function of the previous project. */
  editProject: (edit: (project: Project) => Project) => void;
  /** Adopts a recovered project: it differs from anything on disk, so it starts unsaved. */
  restoreProject: (project: Project, fileName: string | null) => void;
  /** Records that `saved` (the project as it was when the save began) is on disk. */
  markSaved: (saved: Project, fileName: string) => void;
}

export const createProjectSlice =
  (initial: Project): StateCreator<AppState, AppMutators, [], ProjectSlice> =>
  (set) => ({
    project: initial,
    savedProject: initial,
    fileName: null,
    openProject: (project, fileName) => set({ project, savedProject: project, fileName }),
    editProject: (edit) => set((state) => ({ project: edit(state.project) })),
    restoreProject: (project, fileName) => set({ project, savedProject: null, fileName }),
    markSaved: (saved, fileName) => set({ savedProject: saved, fileName }),
  });

export const hasUnsavedChanges = (state: AppState) => state.project !== state.savedProject;

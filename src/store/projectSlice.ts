import type { StateCreator } from 'zustand';
import type { Project } from '../core/types';
import type { AppState } from '.';

/** The user's inputs: the only state that is saved. */
export interface ProjectSlice {
  project: Project;
  fileName: string | null;
  openProject: (project: Project, fileName: string | null) => void;
  /** Applies an edit as a pure function of the previous project. */
  editProject: (edit: (project: Project) => Project) => void;
}

export const createProjectSlice =
  (initial: Project): StateCreator<AppState, [], [], ProjectSlice> =>
  (set) => ({
    project: initial,
    fileName: null,
    openProject: (project, fileName) => set({ project, fileName }),
    editProject: (edit) => set((state) => ({ project: edit(state.project) })),
  });

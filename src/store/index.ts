import { temporal, type TemporalState } from 'zundo';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Project } from '../core/types';
import { createCatalogSlice, type CatalogSlice } from './catalogSlice';
import { createProjectSlice, type ProjectSlice } from './projectSlice';
import { createResultSlice, type ResultSlice } from './resultSlice';
import { createUiSlice, type UiSlice } from './uiSlice';

export type AppState = ProjectSlice & ResultSlice & UiSlice & CatalogSlice;
export type AppMutators = [['temporal', unknown]];
/** What undo records: the project only, never results or UI state. */
export type UndoableState = Pick<AppState, 'project'>;
export type AppStore = StoreApi<AppState> & { temporal: StoreApi<TemporalState<UndoableState>> };

const UNDO_LIMIT = 500;

export function createAppStore(initial: Project): AppStore {
  return createStore<AppState>()(
    temporal(
      (...a) => ({
        ...createProjectSlice(initial)(...a),
        ...createResultSlice(...a),
        ...createUiSlice(...a),
        ...createCatalogSlice(...a),
      }),
      {
        partialize: (state): UndoableState => ({ project: state.project }),
        equality: (past, current) => past.project === current.project,
        limit: UNDO_LIMIT,
      },
    ),
  );
}

/** Opens a project as a new document: clean, with a fresh undo history. */
export function openDocument(store: AppStore, project: Project, fileName: string | null): void {
  store.getState().openProject(project, fileName);
  store.temporal.getState().clear();
}

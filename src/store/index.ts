import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Project } from '../core/types';
import { createProjectSlice, type ProjectSlice } from './projectSlice';
import { createResultSlice, type ResultSlice } from './resultSlice';

export type AppState = ProjectSlice & ResultSlice;
export type AppStore = StoreApi<AppState>;

export function createAppStore(initial: Project): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createProjectSlice(initial)(...a),
    ...createResultSlice(...a),
  }));
}

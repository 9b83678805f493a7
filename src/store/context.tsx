import { useStore } from 'zustand';
import { useServices } from '../services';
import type { AppState } from '.';

/** Selects the smallest slice of state a component needs. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useServices().store, selector);
}

/** Undo and redo availability, for buttons and menus. */
export function useUndoState(): { canUndo: boolean; canRedo: boolean } {
  const { store } = useServices();
  const canUndo = useStore(store.temporal, (t) => t.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (t) => t.futureStates.length > 0);
  return { canUndo, canRedo };
}

import type { StateCreator } from 'zustand';
import type { Catalog, UserCatalogSummary } from '../core/types';
import type { AppMutators, AppState } from '.';

/**
 * The user's own hardware catalog (prices, part numbers, parts): kept
 * outside any project and outside undo, stored by the platform so it
 * survives app upgrades.
 */
export interface CatalogSlice {
  /** Only the parts that differ from the shipped catalog, as the core kept them; null: shipped only. */
  userCatalog: Catalog | null;
  setUserCatalog: (catalog: Catalog | null) => void;
  /** What the last catalog import changed, until dismissed. */
  catalogImport: { fileName: string; summary: UserCatalogSummary } | null;
  setCatalogImport: (imported: CatalogSlice['catalogImport']) => void;
}

export const createCatalogSlice: StateCreator<AppState, AppMutators, [], CatalogSlice> = (set) => ({
  userCatalog: null,
  setUserCatalog: (userCatalog) => set({ userCatalog }),
  catalogImport: null,
  setCatalogImport: (catalogImport) => set({ catalogImport }),
});

/** The user catalog as the core's calls take it. */
export const userCatalogJson = (state: Pick<CatalogSlice, 'userCatalog'>): string | null =>
  state.userCatalog ? JSON.stringify(state.userCatalog) : null;

import type { StateCreator } from 'zustand';
import type { InputIssue } from '../core/types';
import type { RecoveryOffer } from '../files/recovery';
import type { CapacityUnit } from '../units';
import type { AppMutators, AppState } from '.';

/** A file the user tried to open that the core refused; nothing was changed. */
export interface FileProblem {
  fileName: string;
  issues: InputIssue[];
}

export interface UiSlice {
  fileProblem: FileProblem | null;
  showFileProblem: (problem: FileProblem | null) => void;
  /** A recovery copy awaiting the user's decision; autosave waits for it. */
  recoveryOffer: RecoveryOffer | null;
  setRecoveryOffer: (offer: RecoveryOffer | null) => void;
  /** Decimal TB or binary TiB, everywhere on the dashboard. */
  capacityUnit: CapacityUnit;
  setCapacityUnit: (unit: CapacityUnit) => void;
  /** The cluster the results dashboard shows. */
  selectedCluster: number;
  selectCluster: (index: number) => void;
}

export const createUiSlice: StateCreator<AppState, AppMutators, [], UiSlice> = (set) => ({
  fileProblem: null,
  showFileProblem: (fileProblem) => set({ fileProblem }),
  recoveryOffer: null,
  setRecoveryOffer: (recoveryOffer) => set({ recoveryOffer }),
  capacityUnit: 'tb',
  setCapacityUnit: (capacityUnit) => set({ capacityUnit }),
  selectedCluster: 0,
  selectCluster: (selectedCluster) => set({ selectedCluster }),
});

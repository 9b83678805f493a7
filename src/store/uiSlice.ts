import type { StateCreator } from 'zustand';
import type { InputIssue } from '../core/types';
import type { AppMutators, AppState } from '.';

/** A file the user tried to open that the core refused; nothing was changed. */
export interface FileProblem {
  fileName: string;
  issues: InputIssue[];
}

export interface UiSlice {
  fileProblem: FileProblem | null;
  showFileProblem: (problem: FileProblem | null) => void;
}

export const createUiSlice: StateCreator<AppState, AppMutators, [], UiSlice> = (set) => ({
  fileProblem: null,
  showFileProblem: (fileProblem) => set({ fileProblem }),
});

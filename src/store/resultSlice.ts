import type { StateCreator } from 'zustand';
import type { Evaluation, InputIssue } from '../core/types';
import type { AppState, AppMutators } from '.';

/**
 * The core's latest answer. `evaluation` stays the last good one while the
 * inputs are invalid, so the dashboard can show it as stale instead of blank.
 */
export interface ResultSlice {
  evaluation: Evaluation | null;
  issues: InputIssue[];
  coreError: string | null;
  evaluating: boolean;
  setEvaluating: () => void;
  setEvaluation: (evaluation: Evaluation) => void;
  setIssues: (issues: InputIssue[]) => void;
  setCoreError: (message: string) => void;
}

export const createResultSlice: StateCreator<AppState, AppMutators, [], ResultSlice> = (set) => ({
  evaluation: null,
  issues: [],
  coreError: null,
  evaluating: false,
  setEvaluating: () => set({ evaluating: true }),
  setEvaluation: (evaluation) =>
    set({ evaluation, issues: [], coreError: null, evaluating: false }),
  setIssues: (issues) => set({ issues, coreError: null, evaluating: false }),
  setCoreError: (coreError) => set({ coreError, evaluating: false }),
});

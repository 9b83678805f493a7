import type { StateCreator } from 'zustand';
import type { Evaluation, InputIssue } from '../core/types';
import type { AppState, AppMutators } from '.';
import { shareUnchanged } from './shareUnchanged';

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

/** One shared empty list, so views selecting `issues` see no change when there were none. */
const NO_ISSUES: InputIssue[] = [];

export const createResultSlice: StateCreator<AppState, AppMutators, [], ResultSlice> = (set) => ({
  evaluation: null,
  issues: NO_ISSUES,
  coreError: null,
  evaluating: false,
  setEvaluating: () => set({ evaluating: true }),
  // Unchanged parts keep their identity, so views of them do not re-render.
  setEvaluation: (evaluation) =>
    set((state) => ({
      evaluation: state.evaluation ? shareUnchanged(state.evaluation, evaluation) : evaluation,
      issues: NO_ISSUES,
      coreError: null,
      evaluating: false,
    })),
  setIssues: (issues) => set({ issues, coreError: null, evaluating: false }),
  setCoreError: (coreError) => set({ coreError, evaluating: false }),
});

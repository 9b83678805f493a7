import type { EvaluateOutcome, Project } from '../core/types';
import type { AppStore } from '.';

export type Evaluate = (projectJson: string) => Promise<EvaluateOutcome>;

/**
 * Re-evaluates whenever the project changes. Answers to superseded edits
 * are dropped, so a slow evaluation never overwrites a newer one.
 */
export function evaluateOnChange(store: AppStore, evaluate: Evaluate): () => void {
  let latest = 0;
  const run = async (project: Project) => {
    const ticket = ++latest;
    store.getState().setEvaluating();
    try {
      const outcome = await evaluate(JSON.stringify(project));
      if (ticket !== latest) return;
      if (outcome.status === 'evaluated') store.getState().setEvaluation(outcome.evaluation);
      else store.getState().setIssues(outcome.issues);
    } catch (error) {
      if (ticket !== latest) return;
      store.getState().setCoreError(error instanceof Error ? error.message : String(error));
    }
  };
  void run(store.getState().project);
  return store.subscribe((state, previous) => {
    if (state.project !== previous.project) void run(state.project);
  });
}

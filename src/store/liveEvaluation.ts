import type { EvaluateOutcome, Project } from '../core/types';
import type { AppStore } from '.';

export type Evaluate = (projectJson: string) => Promise<EvaluateOutcome>;

/**
 * Re-evaluates whenever the project changes, latest wins: at most one
 * evaluation runs at a time, and edits made meanwhile collapse into a single
 * evaluation of the newest project once it returns. An answer to a project
 * that has since been superseded is dropped, so typing never queues stale
 * work in the core and a slow answer never overwrites a newer one.
 */
export function evaluateOnChange(store: AppStore, evaluate: Evaluate): () => void {
  let running = false;
  let next: Project | null = null;

  const apply = (outcome: EvaluateOutcome) => {
    if (outcome.status === 'evaluated') store.getState().setEvaluation(outcome.evaluation);
    else store.getState().setIssues(outcome.issues);
  };

  const run = async (project: Project) => {
    running = true;
    if (!store.getState().evaluating) store.getState().setEvaluating();
    try {
      const outcome = await evaluate(JSON.stringify(project));
      if (next === null) apply(outcome);
    } catch (error) {
      if (next === null) {
        store.getState().setCoreError(error instanceof Error ? error.message : String(error));
      }
    }
    running = false;
    const waiting = next;
    next = null;
    if (waiting) void run(waiting);
  };

  const request = (project: Project) => {
    if (running) next = project;
    else void run(project);
  };

  request(store.getState().project);
  return store.subscribe((state, previous) => {
    if (state.project !== previous.project) request(state.project);
  });
}

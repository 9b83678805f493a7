import type { LiveOutcome, Project } from '../core/types';
import type { AppStore } from '.';
import { projectJson } from './projectJson';

/**
 * The core's live evaluation of a project's JSON: at once where the core
 * runs on the page's thread, else a promise of the Worker's answer.
 */
export type Evaluate = (projectJson: string) => LiveOutcome | Promise<LiveOutcome>;

/**
 * Re-evaluates whenever the project changes, latest wins. An answer given
 * at once reaches the store in the same task as the edit, so React commits
 * the edit and its figures together (painted in the frame after the edit).
 * A promised answer: at most one evaluation runs at a time, and edits made
 * meanwhile collapse into a single evaluation of the newest project once it
 * returns. An answer to a project that has since been superseded is dropped,
 * so typing never queues stale work in the core and a slow answer never
 * overwrites a newer one.
 */
export function evaluateOnChange(store: AppStore, evaluate: Evaluate): () => void {
  let running = false;
  let next: Project | null = null;

  const apply = (outcome: LiveOutcome) => {
    if (outcome.status === 'evaluated') store.getState().setEvaluation(outcome.evaluation);
    else store.getState().setIssues(outcome.issues);
  };

  const fail = (error: unknown) =>
    store.getState().setCoreError(error instanceof Error ? error.message : String(error));

  const run = async (project: Project) => {
    running = true;
    try {
      const answer = evaluate(projectJson(project));
      if (answer instanceof Promise && !store.getState().evaluating) {
        store.getState().setEvaluating();
      }
      const outcome = answer instanceof Promise ? await answer : answer;
      if (next === null) apply(outcome);
    } catch (error) {
      if (next === null) fail(error);
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

// The core's start-up module on the page's own thread, for the live
// evaluation: its answer reaches the store in the same task as the edit, so
// the figures are painted in the frame after it. Through the Worker, the
// page painted the edit first and the figures a frame later
// (docs/performance.md). Large projects, and everything after a panic, go
// to the Worker, whose instance can be replaced.
import init, * as wasm from './pkg/stacksizer_core.js';
import { CoreError, resultOf, type CoreClient } from './client';
import { handleRequest, type CoreModule } from './handle-request';
import type { CoreMethod, CoreRequests } from './protocol';
import type { LiveOutcome } from './types';

/**
 * Projects up to this much JSON are evaluated on the page: the generated
 * 2,000-workload benchmark project (700 KB) takes about 45 ms there. Past
 * it the Worker evaluates, so typing in a very large project (45,000
 * workloads: seconds per evaluation) does not freeze the page. A judgement
 * between the two, not a measured optimum.
 */
export const PAGE_EVALUATION_MAX_JSON = 1_000_000;

/** Fetches, compiles and starts the start-up module on the page. */
export async function loadPageCore(): Promise<CoreModule> {
  await init();
  return wasm;
}

/** A call answered by the module on the page, with the Worker's typed errors. */
export function callOnPage<M extends CoreMethod>(
  core: CoreModule,
  method: M,
  params: CoreRequests[M]['params'],
): CoreRequests[M]['result'] {
  return resultOf(handleRequest(core, { id: 0, method, params })) as CoreRequests[M]['result'];
}

/**
 * The live evaluation: on the page while it is healthy and the project is
 * small enough, else through the Worker. A panic traps the page's instance
 * for good (a module instance cannot be restarted), so it is not used again.
 */
export function liveEvaluate(page: CoreModule, worker: CoreClient) {
  let trapped = false;
  return (projectJson: string): LiveOutcome | Promise<LiveOutcome> => {
    if (trapped || projectJson.length > PAGE_EVALUATION_MAX_JSON) {
      return worker.call('project/evaluate', { projectJson });
    }
    try {
      return callOnPage(page, 'project/evaluate', { projectJson });
    } catch (error) {
      trapped = error instanceof CoreError && error.kind === 'panic';
      throw error;
    }
  };
}

// Running a design search in its own Worker: progress as it goes, the
// ranked designs at the end, and cancellation by ending the Worker.
import type { Progress, RecommendOptions, RecommendOutcome } from './types';

export interface SearchRequest {
  projectJson: string;
  options: RecommendOptions;
  /** The user's catalog over the shipped one; null searches the shipped catalog. */
  userCatalogJson: string | null;
}

export type SearchMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'result'; outcome: RecommendOutcome }
  | { type: 'error'; message: string };

export class SearchCancelled extends Error {
  constructor() {
    super('the design search was cancelled');
    this.name = 'SearchCancelled';
  }
}

export interface RunningSearch {
  result: Promise<RecommendOutcome>;
  cancel: () => void;
}

export function startSearch(
  request: SearchRequest,
  onProgress: (progress: Progress) => void,
  createWorker: () => Worker = () =>
    new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' }),
): RunningSearch {
  const worker = createWorker();
  let cancel = () => {};
  const result = new Promise<RecommendOutcome>((resolve, reject) => {
    const finish = () => worker.terminate();
    cancel = () => {
      finish();
      reject(new SearchCancelled());
    };
    worker.onmessage = (event: MessageEvent<SearchMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.progress);
      else if (message.type === 'result') {
        finish();
        resolve(message.outcome);
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new Error(event.message || 'the design search failed'));
    };
    worker.postMessage(request);
  });
  return { result, cancel: () => cancel() };
}

// Running design searches in a Worker of their own: progress as a search
// goes, the ranked designs at the end, and cancelling between the core's
// steps. The Worker (with its compiled core) serves one search after
// another; it is only replaced after a failure, which may leave the core's
// memory in a broken state.
import { CoreError } from './client';
import type { InputIssue, Progress, RecommendOptions, RecommendOutcome } from './types';

export interface SearchRequest {
  projectJson: string;
  options: RecommendOptions;
  /** The user's catalog over the shipped one; null searches the shipped catalog. */
  userCatalogJson: string | null;
}

/** What the page sends the Worker: a search, or a request to stop one. */
export type WorkerRequest =
  ({ type: 'search'; id: number } & SearchRequest) | { type: 'cancel'; id: number };

export type SearchMessage = { id: number } & (
  | { type: 'progress'; progress: Progress }
  | { type: 'result'; outcome: RecommendOutcome }
  | { type: 'cancelled' }
  | { type: 'error'; message: string; issues?: InputIssue[] }
);

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

interface Pending {
  onProgress: (progress: Progress) => void;
  resolve: (outcome: RecommendOutcome) => void;
  reject: (error: Error) => void;
}

/** One Worker and the searches waiting on it. */
export class SearchRunner {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly createWorker: () => Worker = () =>
      new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' }),
  ) {}

  /** Starts the Worker (and its core's compilation) before the first search. */
  warm(): void {
    this.ensureWorker();
  }

  start(request: SearchRequest, onProgress: (progress: Progress) => void): RunningSearch {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const result = new Promise<RecommendOutcome>((resolve, reject) => {
      this.pending.set(id, { onProgress, resolve, reject });
    });
    const message: WorkerRequest = { type: 'search', id, ...request };
    worker.postMessage(message);
    const cancel = () => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      const stop: WorkerRequest = { type: 'cancel', id };
      worker.postMessage(stop);
      waiting.reject(new SearchCancelled());
    };
    return { result, cancel };
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<SearchMessage>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || 'the design search failed');
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: SearchMessage) {
    const waiting = this.pending.get(message.id);
    if (message.type === 'error') {
      this.fail(message.message, message.id, message.issues);
      return;
    }
    if (!waiting) return;
    if (message.type === 'progress') waiting.onProgress(message.progress);
    else if (message.type === 'result') {
      this.pending.delete(message.id);
      waiting.resolve(message.outcome);
    }
  }

  /**
   * Ends the Worker; the failed search (or every waiting one) rejects with
   * `reason`, a CoreError carrying `issues` when the core refused its input.
   */
  private fail(reason: string, id?: number, issues?: InputIssue[]) {
    this.worker?.terminate();
    this.worker = null;
    for (const [key, waiting] of this.pending) {
      if (id !== undefined && key !== id) {
        waiting.reject(new Error('the design search was stopped by another search failing'));
      } else if (issues?.length) waiting.reject(new CoreError('invalid', reason, issues));
      else waiting.reject(new Error(reason));
    }
    this.pending.clear();
  }
}

const shared = new SearchRunner();

/** Starts a search on the app's search Worker. */
export const startSearch = (request: SearchRequest, onProgress: (progress: Progress) => void) =>
  shared.start(request, onProgress);

/** Starts the app's search Worker ahead of the first search. */
export const warmSearch = () => shared.warm();

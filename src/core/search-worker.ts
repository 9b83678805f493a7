/// <reference lib="webworker" />
// The design search's own Worker, kept from one search to the next so the
// core is compiled once. It runs the core's stepper in slices and yields to
// its message queue between them, where a request to cancel stops the
// search; the main core stays available throughout.
import init, { DesignSearch } from './pkg/stacksizer_core.js';
import { inputIssues } from './handle-request';
import type { SearchMessage, WorkerRequest } from './search';

const ready = init();
/** Cancellation is checked this often. */
const SLICE_MS = 30;
/**
 * Progress is posted this often: each post re-renders the Recommend view on
 * the main thread, which shares the CPU with this Worker.
 */
const PROGRESS_MS = 100;
const cancelled = new Set<number>();

/** Lets queued messages (a cancel) run: a macrotask without timer clamping. */
const yieldToMessages = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function run(request: Extract<WorkerRequest, { type: 'search' }>) {
  const post = (message: SearchMessage) => self.postMessage(message);
  const { id } = request;
  let search: DesignSearch | null = null;
  try {
    await ready;
    search = new DesignSearch(request.projectJson, request.options, request.userCatalogJson);
    let slice = performance.now();
    let posted = -Infinity;
    while (!search.isDone()) {
      const progress = search.step();
      const now = performance.now();
      if (now - slice < SLICE_MS) continue;
      if (now - posted >= PROGRESS_MS) {
        post({ type: 'progress', id, progress });
        posted = now;
      }
      await yieldToMessages();
      if (cancelled.has(id)) {
        post({ type: 'cancelled', id });
        return;
      }
      slice = performance.now();
    }
    const done = search;
    search = null;
    post({ type: 'result', id, outcome: done.outcome() });
  } catch (error) {
    // A stored user catalog the core refuses throws every issue with its path.
    post({
      type: 'error',
      id,
      message: error instanceof Error ? error.message : String(error),
      issues: inputIssues(error),
    });
  } finally {
    search?.free();
    cancelled.delete(id);
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') cancelled.add(request.id);
  else void run(request);
};

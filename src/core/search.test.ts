import { describe, expect, it } from 'vitest';
import { SearchCancelled, startSearch, type SearchMessage, type SearchRequest } from './search';
import type { Progress, RecommendOutcome } from './types';

/** A stand-in Worker that answers with the scripted messages. */
function scriptedWorker(messages: SearchMessage[]) {
  const worker = {
    terminated: false,
    onmessage: null as ((e: MessageEvent<SearchMessage>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage(_request: SearchRequest) {
      queueMicrotask(() => {
        for (const data of messages) {
          if (!worker.terminated) worker.onmessage?.({ data } as MessageEvent<SearchMessage>);
        }
      });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const request = { projectJson: '{}', options: {}, userCatalogJson: null };
const progress = { lines_done: 1, lines: 2 } as Progress;
const outcome = { status: 'searched' } as RecommendOutcome;

describe('startSearch', () => {
  it('reports progress, then resolves with the outcome and ends the Worker', async () => {
    const worker = scriptedWorker([
      { type: 'progress', progress },
      { type: 'result', outcome },
    ]);
    const seen: Progress[] = [];
    const search = startSearch(
      request,
      (p) => seen.push(p),
      () => worker as unknown as Worker,
    );
    await expect(search.result).resolves.toBe(outcome);
    expect(seen).toEqual([progress]);
    expect(worker.terminated).toBe(true);
  });

  it('cancels by ending the Worker', async () => {
    const worker = scriptedWorker([]);
    const search = startSearch(
      request,
      () => {},
      () => worker as unknown as Worker,
    );
    search.cancel();
    await expect(search.result).rejects.toBeInstanceOf(SearchCancelled);
    expect(worker.terminated).toBe(true);
  });

  it('rejects with the core message when the search fails', async () => {
    const worker = scriptedWorker([{ type: 'error', message: 'boom' }]);
    const search = startSearch(
      request,
      () => {},
      () => worker as unknown as Worker,
    );
    await expect(search.result).rejects.toThrow('boom');
  });
});

import { describe, expect, it } from 'vitest';
import { CoreError } from './client';
import { SearchCancelled, SearchRunner, type SearchMessage, type WorkerRequest } from './search';
import type { Progress, RecommendOutcome } from './types';

type Script = (request: Extract<WorkerRequest, { type: 'search' }>) => SearchMessage[];

/** A stand-in Worker answering each search with the scripted messages. */
function scriptedWorker(script: Script) {
  const worker = {
    terminated: false,
    received: [] as WorkerRequest[],
    onmessage: null as ((e: MessageEvent<SearchMessage>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage(request: WorkerRequest) {
      worker.received.push(request);
      if (request.type !== 'search') return;
      queueMicrotask(() => {
        for (const data of script(request)) {
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

function runner(script: Script) {
  const workers: ReturnType<typeof scriptedWorker>[] = [];
  const r = new SearchRunner(() => {
    const w = scriptedWorker(script);
    workers.push(w);
    return w as unknown as Worker;
  });
  return { runner: r, workers };
}

const request = { projectJson: '{}', options: {}, userCatalogJson: null };
const progress = { lines_done: 1, lines: 2 } as Progress;
const outcome = { status: 'searched' } as RecommendOutcome;

describe('SearchRunner', () => {
  it('reports progress, resolves with the outcome and keeps the Worker for the next search', async () => {
    const { runner: r, workers } = runner(({ id }) => [
      { type: 'progress', id, progress },
      { type: 'result', id, outcome },
    ]);
    const seen: Progress[] = [];
    await expect(r.start(request, (p) => seen.push(p)).result).resolves.toBe(outcome);
    expect(seen).toEqual([progress]);
    await expect(r.start(request, () => {}).result).resolves.toBe(outcome);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(false);
  });

  it('cancels by asking the Worker to stop between steps', async () => {
    const { runner: r, workers } = runner(() => []);
    const search = r.start(request, () => {});
    search.cancel();
    await expect(search.result).rejects.toBeInstanceOf(SearchCancelled);
    expect(workers[0]?.received.map((m) => m.type)).toEqual(['search', 'cancel']);
    expect(workers[0]?.terminated).toBe(false);
  });

  it('rejects with every issue the core refused, each with its path', async () => {
    const message = 'the user catalog: parts[0].unit_price must be at least 0 (got -1)';
    const issues = [
      {
        path: 'user_catalog.parts[0].unit_price',
        message,
        value: -1,
        allowed: { min: 0, max: 1e9 },
      },
    ];
    const { runner: r } = runner(({ id }) => [{ type: 'error', id, message, issues }]);
    const failed = r.start(request, () => {}).result;
    await expect(failed).rejects.toBeInstanceOf(CoreError);
    await expect(failed).rejects.toMatchObject({ kind: 'invalid', issues });
  });

  it('rejects with the core message when a search fails, and starts a fresh Worker after', async () => {
    const { runner: r, workers } = runner(({ id }) => [{ type: 'error', id, message: 'boom' }]);
    await expect(r.start(request, () => {}).result).rejects.toThrow('boom');
    expect(workers[0]?.terminated).toBe(true);
    await expect(r.start(request, () => {}).result).rejects.toThrow('boom');
    expect(workers).toHaveLength(2);
  });
});

// Where the live evaluation runs: on the page while its module is healthy
// and the project small enough, else through the Worker.
import { describe, expect, it } from 'vitest';
import { CoreError, type CoreClient } from './client';
import type { CoreModule } from './handle-request';
import { liveEvaluate, PAGE_EVALUATION_MAX_JSON } from './pageCore';

const ANSWER = { status: 'invalid', issues: [] };

/** A page module that answers, or traps as a panicking Wasm instance does. */
function pageModule(trap = false) {
  const calls: string[] = [];
  const module = {
    evaluateProject: (json: string) => {
      calls.push(json);
      if (trap) throw new WebAssembly.RuntimeError('unreachable');
      return ANSWER;
    },
    takePanicMessage: () => 'panicked at capacity.rs',
  } as unknown as CoreModule;
  return { calls, module };
}

function workerClient() {
  const calls: string[] = [];
  const client = {
    call: (_method: string, { projectJson }: { projectJson: string }) => {
      calls.push(projectJson);
      return Promise.resolve(ANSWER);
    },
  } as unknown as CoreClient;
  return { calls, client };
}

describe('liveEvaluate', () => {
  it('answers a project at once on the page', () => {
    const page = pageModule();
    const worker = workerClient();
    expect(liveEvaluate(page.module, worker.client)('{}')).toBe(ANSWER);
    expect([page.calls, worker.calls]).toEqual([['{}'], []]);
  });

  it('sends a project past the page limit to the Worker', async () => {
    const page = pageModule();
    const worker = workerClient();
    const large = ' '.repeat(PAGE_EVALUATION_MAX_JSON + 1);
    await expect(liveEvaluate(page.module, worker.client)(large)).resolves.toBe(ANSWER);
    expect([page.calls.length, worker.calls.length]).toEqual([0, 1]);
  });

  it('throws a panic as a CoreError and uses the Worker from then on', async () => {
    const page = pageModule(true);
    const worker = workerClient();
    const evaluate = liveEvaluate(page.module, worker.client);
    expect(() => evaluate('{}')).toThrow(new CoreError('panic', 'panicked at capacity.rs'));
    await expect(evaluate('{}')).resolves.toBe(ANSWER);
    expect([page.calls.length, worker.calls.length]).toEqual([1, 1]);
  });
});

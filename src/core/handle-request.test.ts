// How a core call's error reaches the client: input problems as data
// (each with its JSON path, value and allowed range), anything else as a
// message.
import { describe, expect, it } from 'vitest';
import { handleRequest, inputIssues, type CoreModule } from './handle-request';
import type { InputIssue } from './types';

const issue: InputIssue = {
  path: 'clusters[0].topology.host_count',
  message: 'clusters[0].topology.host_count must be between 1 and 64 (got 0)',
  value: 0,
  allowed: { min: 1, max: 64 },
};

/** What the Wasm module throws for refused input (wasm.rs `thrown`). */
function refused(issues: InputIssue[]): Error {
  return Object.assign(new Error(issues.map((i) => i.message).join('; ')), { issues });
}

function coreThrowing(error: unknown): CoreModule {
  return {
    evaluateProject: () => {
      throw error;
    },
  } as unknown as CoreModule;
}

const evaluate = { id: 1, method: 'project/evaluate', params: { projectJson: '{}' } } as const;

describe('handleRequest', () => {
  it('answers refused input with every issue', () => {
    const second = { path: 'paper', message: 'paper must be a4 or letter (got "a3")' };
    const response = handleRequest(coreThrowing(refused([issue, second])), evaluate);
    expect(response).toEqual({
      id: 1,
      ok: false,
      kind: 'invalid',
      message: `${issue.message}; ${second.message}`,
      issues: [issue, second],
    });
  });

  it('answers any other error as a failure with its message', () => {
    const response = handleRequest(coreThrowing(new Error('disk full')), evaluate);
    expect(response).toEqual({ id: 1, ok: false, kind: 'failure', message: 'disk full' });
  });
});

describe('inputIssues', () => {
  it('reads only a non-empty issue list off an Error', () => {
    expect(inputIssues(refused([issue]))).toEqual([issue]);
    expect(inputIssues(refused([]))).toBeUndefined();
    expect(inputIssues({ issues: [issue] })).toBeUndefined();
    expect(inputIssues(Object.assign(new Error('x'), { issues: 'no' }))).toBeUndefined();
  });
});

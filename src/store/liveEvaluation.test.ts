import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { LiveOutcome, Evaluation, Project } from '../core/types';
import { createAppStore } from '.';
import { withHostCount } from './clusterEdits';
import { evaluateOnChange } from './liveEvaluation';

const project = example as Project;
const evaluationFor = (hosts: number) =>
  ({ clusters: [{ id: 'c', key_figures: { hosts } }] }) as unknown as Evaluation;
const evaluated = (hosts: number): LiveOutcome => ({
  status: 'evaluated',
  evaluation: evaluationFor(hosts),
  left_out: { vsan_osa: [], vsan_esa: [], xtremio_vplex: [], slowest_performance_rows: 20 },
});

/** An evaluate function whose answers the test releases by hand. */
function controlledCore() {
  const calls: { json: string; answer: (o: LiveOutcome) => void; fail: (e: Error) => void }[] = [];
  const evaluate = (json: string) =>
    new Promise<LiveOutcome>((answer, fail) => calls.push({ json, answer, fail }));
  return { calls, evaluate };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('evaluateOnChange', () => {
  it('evaluates at once and again after each edit', async () => {
    const store = createAppStore(project);
    const { calls, evaluate } = controlledCore();
    evaluateOnChange(store, evaluate);
    expect(calls).toHaveLength(1);
    calls[0]!.answer(evaluated(4));
    await flush();
    store.getState().editProject((p) => withHostCount(p, 0, 6));
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.json).clusters[0].topology.host_count).toBe(6);
  });

  it('collapses edits made during an evaluation into one of the newest project', async () => {
    const store = createAppStore(project);
    const { calls, evaluate } = controlledCore();
    evaluateOnChange(store, evaluate);
    for (const hosts of [5, 6, 7]) store.getState().editProject((p) => withHostCount(p, 0, hosts));
    expect(calls).toHaveLength(1);
    calls[0]!.answer(evaluated(4));
    await flush();
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.json).clusters[0].topology.host_count).toBe(7);
    // The first answer was for a superseded project: it never reached the store.
    expect(store.getState().evaluation).toBeNull();
    calls[1]!.answer(evaluated(7));
    await flush();
    expect(store.getState().evaluation?.clusters[0]?.key_figures.hosts).toBe(7);
    expect(store.getState().evaluating).toBe(false);
  });

  it('drops a failure of a superseded evaluation', async () => {
    const store = createAppStore(project);
    const { calls, evaluate } = controlledCore();
    evaluateOnChange(store, evaluate);
    store.getState().editProject((p) => withHostCount(p, 0, 6));
    calls[0]!.fail(new Error('panicked'));
    await flush();
    expect(store.getState().coreError).toBeNull();
    calls[1]!.answer(evaluated(6));
    await flush();
    expect(store.getState().evaluation?.clusters[0]?.key_figures.hosts).toBe(6);
  });

  it('keeps the last good evaluation while the inputs are invalid', async () => {
    const store = createAppStore(project);
    const { calls, evaluate } = controlledCore();
    evaluateOnChange(store, evaluate);
    calls[0]!.answer(evaluated(4));
    await flush();
    store.getState().editProject((p) => withHostCount(p, 0, 0));
    const issue = { path: 'clusters[0].topology.host_count', message: 'must be between 1 and 64' };
    calls[1]!.answer({ status: 'invalid', issues: [issue] });
    await flush();
    expect(store.getState().issues).toEqual([issue]);
    expect(store.getState().evaluation?.clusters[0]?.key_figures.hosts).toBe(4);
  });

  it('puts an answer given at once in the store with the edit', () => {
    const store = createAppStore(project);
    const hosts = (json: string): number => JSON.parse(json).clusters[0].topology.host_count;
    evaluateOnChange(store, (json) => evaluated(hosts(json)));
    expect(store.getState().evaluation?.clusters[0]?.key_figures.hosts).toBe(4);
    store.getState().editProject((p) => withHostCount(p, 0, 9));
    expect(store.getState().evaluation?.clusters[0]?.key_figures.hosts).toBe(9);
    expect(store.getState().evaluating).toBe(false);
  });

  it('records a core failure as a message', async () => {
    const store = createAppStore(project);
    const { calls, evaluate } = controlledCore();
    evaluateOnChange(store, evaluate);
    calls[0]!.fail(new Error('panicked at capacity.rs'));
    await flush();
    expect(store.getState().coreError).toBe('panicked at capacity.rs');
  });
});

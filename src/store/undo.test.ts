import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Evaluation, Project } from '../core/types';
import { createAppStore, openDocument } from '.';
import { withHostCount } from './clusterEdits';
import { hasUnsavedChanges } from './projectSlice';

const project = example as Project;
const hosts = (p: Project) => (p.clusters[0]?.topology as { host_count: number }).host_count;

describe('undo and redo', () => {
  it('steps back and forward through project edits', () => {
    const store = createAppStore(project);
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    store.getState().editProject((p) => withHostCount(p, 0, 6));
    store.temporal.getState().undo();
    expect(hosts(store.getState().project)).toBe(5);
    store.temporal.getState().undo();
    expect(hosts(store.getState().project)).toBe(4);
    store.temporal.getState().redo();
    expect(hosts(store.getState().project)).toBe(5);
  });

  it('never records results', () => {
    const store = createAppStore(project);
    store.getState().setEvaluation({ clusters: [], findings: [] } as unknown as Evaluation);
    store.getState().setIssues([]);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('starts a fresh history when a document is opened', () => {
    const store = createAppStore(project);
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    openDocument(store, project, 'other.stacksizer.json');
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(store.getState().fileName).toBe('other.stacksizer.json');
  });
});

describe('unsaved changes', () => {
  it('are tracked from the last open or save, and undoing back to it is clean', () => {
    const store = createAppStore(project);
    expect(hasUnsavedChanges(store.getState())).toBe(false);
    store.getState().editProject((p) => withHostCount(p, 0, 5));
    expect(hasUnsavedChanges(store.getState())).toBe(true);
    store.temporal.getState().undo();
    expect(hasUnsavedChanges(store.getState())).toBe(false);
    store.getState().editProject((p) => withHostCount(p, 0, 6));
    store.getState().markSaved(store.getState().project, 'a.stacksizer.json');
    expect(hasUnsavedChanges(store.getState())).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Project } from '../core/types';
import {
  addScenario,
  MAX_SCENARIOS,
  openScenarioDesign,
  removeScenario,
  renameScenario,
  sameDesign,
  scenariosOf,
} from './scenarios';

const base = {
  schema_version: 5,
  name: 'SQL',
  description: '',
  facts: { customer: 'Contoso' },
  clusters: [],
} as unknown as Project;

describe('scenarios', () => {
  it('keeps a snapshot without nested scenarios and names it uniquely', () => {
    const one = addScenario(base, 'RAID-5', base)!;
    const two = addScenario(one, 'raid-5', one)!;
    expect(scenariosOf(two).map((s) => s.name)).toEqual(['RAID-5', 'raid-5 (2)']);
    expect(scenariosOf(two)[1]!.project.scenarios).toBeUndefined();
    expect(scenariosOf(base)).toEqual([]);
  });

  it('refuses more than the core allows', () => {
    let project: Project = base;
    for (let i = 0; i < MAX_SCENARIOS; i++) project = addScenario(project, 'x', base)!;
    expect(addScenario(project, 'x', base)).toBeNull();
  });

  it('renames with the reason when the name is empty or taken', () => {
    const project = addScenario(addScenario(base, 'A', base)!, 'B', base)!;
    expect(renameScenario(project, 1, ' ')).toEqual({ problem: 'A scenario needs a name.' });
    expect(renameScenario(project, 1, 'a')).toEqual({
      problem: 'Another scenario is already called "a".',
    });
    const renamed = renameScenario(project, 1, ' Six hosts ');
    expect('project' in renamed && scenariosOf(renamed.project).map((s) => s.name)).toEqual([
      'A',
      'Six hosts',
    ]);
  });

  it('removes, dropping the field when the last goes', () => {
    const project = addScenario(base, 'A', base)!;
    expect(removeScenario(project, 0)).not.toHaveProperty('scenarios');
  });

  it('opens a scenario keeping the project facts and scenarios', () => {
    const other = { ...base, name: 'Other', facts: { customer: 'Old' } } as unknown as Project;
    const project = addScenario(base, 'Other', other)!;
    const opened = openScenarioDesign(project, scenariosOf(project)[0]!.project);
    expect(opened.name).toBe('SQL');
    expect(opened.facts).toEqual(base.facts);
    expect(scenariosOf(opened)).toHaveLength(1);
  });
});

describe('sameDesign', () => {
  it('ignores scenarios and nothing else', () => {
    const kept = addScenario(base, 'A', base)!;
    expect(sameDesign(base, kept)).toBe(true);
    expect(sameDesign(kept, { ...kept, name: 'Other' })).toBe(false);
    expect(sameDesign(base, { ...base, clusters: [] })).toBe(false);
  });
});

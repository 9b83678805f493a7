import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../core/types';
import { withHostCount } from './clusterEdits';
import { projectJson } from './projectJson';

const examplesDir = join(process.cwd(), 'assets', 'examples');
const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.json'));
const open = (file: string) => JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as Project;

afterEach(() => vi.restoreAllMocks());

describe('projectJson', () => {
  it.each(examples)('writes %s as JSON.stringify does', (file) => {
    const project = open(file);
    expect(projectJson(project)).toBe(JSON.stringify(project));
  });

  it('writes what JSON.stringify leaves out or nulls the same way', () => {
    const odd = {
      name: 'x',
      gone: undefined,
      list: [1, undefined, () => 0, { a: undefined, b: [undefined] }],
      nested: { deep: { deeper: [null, 'é', 1e21, -0] } },
    };
    expect(projectJson(odd)).toBe(JSON.stringify(odd));
  });

  it('writes each edit anew, from the parts it changed and the kept text of the rest', () => {
    const before = open('seed-003-mixed-sql-exchange.json');
    expect(projectJson(before)).toBe(JSON.stringify(before));
    const after = withHostCount(before, 0, 9);
    const expected = JSON.stringify(after);
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(projectJson(after)).toBe(expected);
    const written = stringify.mock.calls.map(([value]) => value);
    expect(written).toContain(after.clusters[0]);
    for (const workload of after.workloads ?? []) expect(written).not.toContain(workload);
  });
});

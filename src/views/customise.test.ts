import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cluster, Project } from '../core/types';
import { customise, stepLabel, stepsFor, stepValue } from './customise';

const example = (file: string): Project =>
  JSON.parse(readFileSync(join(process.cwd(), 'assets', 'examples', file), 'utf8')) as Project;

const first = (project: Project): Cluster => {
  const cluster = project.clusters[0];
  if (!cluster) throw new Error('the example has a cluster');
  return cluster;
};

describe('customise', () => {
  it('steps a vSAN OSA cluster and leaves the others and the original alone', () => {
    const project = example('seed-001-all-flash-sql.json');
    const cluster = first(project);
    expect(stepsFor(cluster)).toContain('disk_groups');
    const steps = [
      ['hosts', 1],
      ['devices_per_disk_group', 1],
      ['disk_groups', 1],
      ['ram_gb', 64],
      ['cores_per_socket', 1],
    ] as const;
    for (const [step, by] of steps) {
      const more = customise(project, 0, step, 1);
      expect(stepValue(first(more), step)).toBe(stepValue(cluster, step) + by);
      const back = customise(more, 0, step, -1);
      expect(first(back)).toEqual(cluster);
    }
    expect(project).toEqual(example('seed-001-all-flash-sql.json'));
  });

  it('records each step in the origin of a design the search proposed', () => {
    const proposed: Project = {
      ...example('seed-001-all-flash-sql.json'),
      origin: { proposal: 'All-flash vSAN: 4 x Dell PowerEdge R760' },
    };
    const stepped = customise(customise(proposed, 0, 'hosts', 1), 0, 'ram_gb', 1);
    expect(stepped.origin?.customisations).toEqual(['Hosts: 4 → 5', 'RAM per host: 384 → 448 GB']);
    // One entry per figure with its net change; back where it started, none.
    const twice = customise(stepped, 0, 'hosts', 1);
    expect(twice.origin?.customisations).toEqual(['RAM per host: 384 → 448 GB', 'Hosts: 4 → 6']);
    const back = customise(customise(twice, 0, 'hosts', -1), 0, 'hosts', -1);
    expect(back.origin?.customisations).toEqual(['RAM per host: 384 → 448 GB']);
    expect(proposed.origin?.customisations).toBeUndefined();
    expect(customise(example('seed-001-all-flash-sql.json'), 0, 'hosts', 1).origin).toBeUndefined();
  });

  it('grows a stretched cluster by one host per site and an ESA pool by one device', () => {
    const stretched = example('seed-001-stretched.json');
    const grown = customise(stretched, 0, 'hosts', 1);
    expect(stepValue(first(grown), 'hosts')).toBe(stepValue(first(stretched), 'hosts') + 2);
    const esa = example('esa-all-nvme.json');
    expect(stepsFor(first(esa))).not.toContain('disk_groups');
    // An ESA host has a storage pool, not disk groups.
    expect(stepLabel(first(esa), 'devices_per_disk_group')).toBe('NVMe devices per host');
    expect(stepLabel(first(stretched), 'devices_per_disk_group')).toBe('Devices per disk group');
    const pool = customise(esa, 0, 'devices_per_disk_group', 1);
    expect(stepValue(first(pool), 'devices_per_disk_group')).toBe(
      stepValue(first(esa), 'devices_per_disk_group') + 1,
    );
  });
});

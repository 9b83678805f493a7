import { describe, expect, it } from 'vitest';
import { getAtPath, parsePath, setAtPath } from './paths';

const project = {
  clusters: [{ host: { ram_gb: 256 }, storage: { disk_groups: [{ n: 4 }, { n: 4 }] } }],
  settings: { slack_pct: 25 },
};

describe('project paths', () => {
  it('parses the core paths', () => {
    expect(parsePath('clusters[0].storage.disk_groups[1].n')).toEqual([
      'clusters',
      0,
      'storage',
      'disk_groups',
      1,
      'n',
    ]);
  });

  it('reads a field, or undefined when it is not there', () => {
    expect(getAtPath(project, 'clusters[0].host.ram_gb')).toBe(256);
    expect(getAtPath(project, 'clusters[3].host.ram_gb')).toBeUndefined();
  });

  it('writes a copy, sharing what it did not touch', () => {
    const next = setAtPath(project, 'clusters[0].storage.disk_groups[1].n', 7);
    expect(next.clusters[0]?.storage.disk_groups[1]?.n).toBe(7);
    expect(project.clusters[0]?.storage.disk_groups[1]?.n).toBe(4);
    expect(next.settings).toBe(project.settings);
    expect(next.clusters[0]?.storage.disk_groups[0]).toBe(
      project.clusters[0]?.storage.disk_groups[0],
    );
  });

  it('can add a field a default left out', () => {
    const next = setAtPath(project, 'settings.reserve_hosts', 2);
    expect(next.settings).toEqual({ slack_pct: 25, reserve_hosts: 2 });
  });

  it('creates a group the file left out', () => {
    const next = setAtPath(project, 'settings.resilience.repair_delay_minutes', 90);
    expect(next.settings).toEqual({ slack_pct: 25, resilience: { repair_delay_minutes: 90 } });
    expect(setAtPath({}, 'settings.slack_pct', 30)).toEqual({ settings: { slack_pct: 30 } });
  });

  it('refuses a path through something that is not there', () => {
    expect(() => setAtPath(project, 'clusters[5].host.ram_gb', 1)).toThrow(RangeError);
    expect(() => setAtPath(project, 'settings.slack_pct.value', 1)).toThrow(TypeError);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Project } from '../core/types';
import { DESIGN_ROWS } from './designRows';

const example = (file: string): Project =>
  JSON.parse(readFileSync(join(process.cwd(), 'assets', 'examples', file), 'utf8')) as Project;

const hostsRow = DESIGN_ROWS.find((r) => r.id === 'hosts');

describe('Hosts x model', () => {
  it('does not repeat cores and RAM a model name already states', () => {
    expect(hostsRow?.text(example('seed-001-all-flash-sql.json'), undefined)).toBe(
      '4 x Dell PowerEdge R630, 384 GB (2 x 12-core 2.3 GHz (model not stated))',
    );
  });

  it('reads whole numbers in the model name', () => {
    const project = example('seed-001-all-flash-sql.json');
    const [cluster] = project.clusters;
    if (!cluster) throw new Error('the example has a cluster');
    const host = { ...cluster.host, cores_per_socket: 2, ram_gb: 84 };
    const other = { ...project, clusters: [{ ...cluster, host }] };
    // "12-core" and "384 GB" do not state 2 cores and 84 GB.
    expect(hostsRow?.text(other, undefined)).toMatch(/\(2 x 2 cores, 84 GB\)$/);
  });

  it('adds what the model name leaves out', () => {
    expect(hostsRow?.text(example('esa-all-nvme.json'), undefined)).toMatch(
      /\(24 cores, 2\.8 GHz\)\) \(2 x 24 cores, 768 GB\)$/,
    );
    expect(hostsRow?.text(example('seed-000-hybrid-alwayson.json'), undefined)).toMatch(
      /\(2 x 10 cores, 256 GB\)$/,
    );
  });
});

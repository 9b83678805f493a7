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

  it('adds what the model name leaves out', () => {
    expect(hostsRow?.text(example('esa-all-nvme.json'), undefined)).toMatch(
      /\(24 cores, 2\.8 GHz\)\) \(2 x 24 cores, 768 GB\)$/,
    );
    expect(hostsRow?.text(example('seed-000-hybrid-alwayson.json'), undefined)).toMatch(
      /\(2 x 10 cores, 256 GB\)$/,
    );
  });
});

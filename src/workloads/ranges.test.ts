// The ranges come from the real Wasm core's validation, as the app reads them.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import newProject from '../../assets/templates/new-project.json';
import * as core from '../core/pkg/stacksizer_core.js';
import type { Project } from '../core/types';
import { WORKLOAD_FIELDS } from './fields';
import { rangeProbe, rangesFromIssues, rangeText, type WorkloadRanges } from './ranges';

let ranges: WorkloadRanges = new Map();

beforeAll(() => {
  core.initSync({
    module: readFileSync(new URL('../core/pkg/stacksizer_core_bg.wasm', import.meta.url)),
  });
  const probe = rangeProbe(newProject as Project);
  const outcome = core.evaluateProject(JSON.stringify(probe));
  ranges = rangesFromIssues(probe, outcome.status === 'invalid' ? outcome.issues : []);
});

describe('workload field ranges', () => {
  it('are what the core checks, for every numeric field of every kind', () => {
    expect(ranges.get('sql_server')?.get('read_pct')).toEqual({ min: 0, max: 100 });
    expect(ranges.get('sql_server')?.get('deployment.replicas')).toEqual({ min: 2, max: 9 });
    expect(ranges.get('exchange')?.get('mailboxes')).toEqual({ min: 1, max: 10_000_000 });
    expect(ranges.get('vm_group')?.get('ram_gb_per_vm')).toEqual({ min: 0, max: 24_576 });
    // A VM group without vCPUs carries disks only; other kinds run VMs.
    expect(ranges.get('vm_group')?.get('vcpu_per_vm')).toEqual({ min: 0, max: 768 });
    expect(ranges.get('sql_server')?.get('vcpu_per_vm')).toEqual({ min: 1, max: 768 });
    expect(ranges.get('exchange')?.get('vm_count')).toEqual({ min: 1, max: 100_000 });
    for (const field of WORKLOAD_FIELDS) {
      if (field.choices || field.optional) continue;
      for (const kind of field.kinds)
        expect(ranges.get(kind)?.has(field.key), `${kind} ${field.key}`).toBe(true);
    }
  });

  it('read as hover text', () => {
    expect(rangeText(ranges, 'sql_server', 'target_iops')).toBe('Allowed: 0 to 100,000,000');
    expect(rangeText(ranges, 'vm_group', 'memory_reservation_gb_per_vm')).toBe(
      'Allowed: 0 to the RAM per VM',
    );
  });
});

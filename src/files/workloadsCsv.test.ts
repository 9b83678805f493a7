import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { memoryPlatform, wasmServices } from './wasmServices.test-support';
import { exportWorkloadsCsvFile, importWorkloadsCsvFile, withFreshIds } from './workloadsCsv';

const template = readFileSync(
  new URL('../../assets/templates/workloads.csv', import.meta.url),
  'utf8',
);

const services = () => wasmServices(example as Project, memoryPlatform().platform);

describe('the workloads CSV import', () => {
  it('adds every row to the open project, on its first cluster and policy, as one undoable edit', async () => {
    const s = services();
    const before = s.store.getState().project;
    const result = await importWorkloadsCsvFile(s, new File([template], 'workloads.csv'));
    expect(result).toEqual({ status: 'imported', added: 6 });
    const after = s.store.getState().project;
    const added = after.workloads?.slice(before.workloads?.length) ?? [];
    expect(added.map((w) => w.id)).toEqual([
      'sql-oltp',
      'sql-ag',
      'sql-fci',
      'exchange',
      'files',
      'web',
    ]);
    expect(new Set(added.map((w) => `${w.cluster_id}/${w.policy_id}`))).toEqual(
      new Set([`${before.clusters[0]?.id}/${before.policies?.[0]?.id}`]),
    );
    expect(s.store.getState().workloadsImport?.workloads).toEqual(added);
    const evaluated = await s.core.call('project/evaluate', { projectJson: JSON.stringify(after) });
    expect(evaluated.status).toBe('evaluated');
    s.store.temporal.getState().undo();
    expect(s.store.getState().project).toBe(before);
  });

  it('renames ids the project already uses', () => {
    const project = example as Project;
    const taken = project.workloads?.[0]?.id ?? '';
    const w = { ...project.workloads![0]!, id: taken };
    expect(withFreshIds(project, [w, w]).map((x) => x.id)).toEqual([`${taken}-2`, `${taken}-3`]);
  });

  it('imports nothing when a row is wrong, naming its row and column', async () => {
    const s = services();
    const before = s.store.getState().project;
    const bad = template.replace(
      'sql-ag,SQL Server AlwaysOn AG (like seed 000 VM3/VM4),sql_server,,,1,16',
      'sql-ag,AG,sql_server,,,one,16',
    );
    const result = await importWorkloadsCsvFile(s, new File([bad], 'bad.csv'));
    expect(result.status).toBe('invalid');
    if (result.status !== 'invalid') return;
    expect(result.issues[0]?.message).toBe(
      'sheet "workloads", row 3, column "vm_count" (F3): expected a number, found "one"',
    );
    expect(s.store.getState().project).toBe(before);
  });

  it('imports nothing when a row names a cluster the project lacks', async () => {
    const s = services();
    const before = s.store.getState().project;
    const csv =
      'name,kind,cluster_id,vm_count,vcpu_per_vm,ram_gb_per_vm,disk_gb_per_vm,iops_per_vm,read_pct\nweb,vm_group,nowhere,2,2,8,100,50,70\n';
    const result = await importWorkloadsCsvFile(s, new File([csv], 'w.csv'));
    expect(result.status).toBe('invalid');
    if (result.status !== 'invalid') return;
    expect(result.issues[0]?.message).toMatch(
      /^workload "web" \(web\): workloads\[\d+\]\.cluster_id/,
    );
    expect(s.store.getState().project).toBe(before);
    expect(s.store.temporal.getState().pastStates).toHaveLength(0);
  });
});

describe('the workloads CSV export', () => {
  it('saves what the import reads back, named after the project', async () => {
    const { platform, mocks } = memoryPlatform();
    const s = wasmServices(example as Project, platform);
    const saved = await exportWorkloadsCsvFile(s);
    expect(saved.status).toBe('saved');
    const [text, name] = vi.mocked(platform.saveWorkloadsCsv).mock.calls[0] ?? [];
    expect(name).toMatch(/^Seed-001.*-workloads\.csv$/);
    expect(mocks.saveWorkloadsCsv).toHaveBeenCalledTimes(1);
    const outcome = await s.core.call('import/workloads-csv', {
      bytes: new TextEncoder().encode(text),
      options: { cluster_id: 'unused', policy_id: 'unused' },
    });
    expect(outcome).toEqual({ status: 'imported', workloads: (example as Project).workloads });
  });
});

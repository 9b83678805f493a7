import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Project } from '../core/types';
import { applyCellEdits, cellText, copyBlock, parseNumber, parseTsv, pasteBlock } from './cells';

const project = example as Project;
const edit = (index: number, key: string, text: string) => ({ index, key, text, where: 'row 1' });

describe('workload cells', () => {
  it('read numbers as spreadsheets copy them', () => {
    expect(parseNumber('20,000')).toBe(20000);
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber(' 1536 ')).toBe(1536);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });

  it('parse Excel TSV with quoted cells', () => {
    expect(parseTsv('a\tb\r\n"x\ty"\t"say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x\ty', 'say "hi"'],
    ]);
  });

  it('switch a SQL Server workload to an AG and set its mix, or refuse all of it', () => {
    const outcome = applyCellEdits(project, [
      edit(0, 'deployment.replicas', '3'),
      edit(0, 'deployment.type', 'AlwaysOn AG'),
      edit(0, 'read_pct', '70'),
    ]);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const spec = outcome.project.workloads?.[0]?.spec;
    expect(spec).toMatchObject({
      read_pct: 70,
      deployment: { type: 'availability_group', replicas: 3, commit: 'sync' },
    });
    expect(cellText(outcome.project, outcome.project.workloads![0]!, 'deployment.commit')).toBe(
      'Synchronous',
    );
    const refused = applyCellEdits(project, [
      edit(0, 'read_pct', '70'),
      edit(1, 'vm_count', '2.5'),
    ]);
    expect(refused).toEqual({ ok: false, problems: ['row 1, VMs: 2.5 is not a whole number'] });
  });

  it('clear an optional reservation and refuse a field of another kind', () => {
    const reserved = applyCellEdits(project, [edit(0, 'memory_reservation_gb_per_vm', '64')]);
    expect(reserved.ok && reserved.project.workloads?.[0]?.spec).toMatchObject({
      memory_reservation_gb_per_vm: 64,
    });
    if (!reserved.ok) return;
    const cleared = applyCellEdits(reserved.project, [edit(0, 'memory_reservation_gb_per_vm', '')]);
    expect(
      cleared.ok && 'memory_reservation_gb_per_vm' in cleared.project.workloads![0]!.spec,
    ).toBe(false);
    expect(applyCellEdits(project, [edit(0, 'mailboxes', '10')])).toEqual({
      ok: false,
      problems: ['row 1, Mailboxes: does not apply to this workload'],
    });
  });

  it('paste a block past the last row as new workloads of the pasted kind', () => {
    const columns = ['name', 'kind', 'vm_count', 'disk_gb_per_vm'];
    const block = parseTsv('Web\tVM group\t50\t100\nApp\tVM group\t10\t200\n');
    const rows = (project.workloads ?? []).map((_, i) => i);
    const outcome = pasteBlock(project, block, { rows, columns, row: rows.length, column: 0 }, 'x');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.added).toBe(2);
    const added = outcome.project.workloads?.slice(-2) ?? [];
    expect(added.map((w) => [w.name, w.spec.kind, w.spec.vm_count])).toEqual([
      ['Web', 'vm_group', 50],
      ['App', 'vm_group', 10],
    ]);
    expect(new Set(outcome.project.workloads?.map((w) => w.id)).size).toBe(rows.length + 2);
    const tooWide = pasteBlock(project, block, { rows, columns, row: 0, column: 1 }, 'x');
    expect(tooWide.ok).toBe(false);
  });
});

describe('a pasted block with a header row', () => {
  it('adds its rows as new workloads, each cell in the column it names', () => {
    const block = parseTsv(
      'Kind\tName\tDatabase (GB)\tReads (%)\tdisk_gb_per_vm\nSQL Server\tERP\t1536\t70\t\nVM group\tWeb\t\t60\t80\n',
    );
    const rows = (project.workloads ?? []).map((_, i) => i);
    const outcome = pasteBlock(project, block, { rows, columns: ['name'], row: 0, column: 0 }, 'x');
    expect(outcome.ok && outcome.added).toBe(2);
    if (!outcome.ok) return;
    expect(outcome.project.workloads?.slice(-2).map((w) => [w.name, w.spec])).toMatchObject([
      ['ERP', { kind: 'sql_server', db_size_gb: 1536, read_pct: 70 }],
      ['Web', { kind: 'vm_group', disk_gb_per_vm: 80, read_pct: 60 }],
    ]);
  });
});

describe('copied rows', () => {
  it('paste back as the same workloads, through their header row', () => {
    const columns = ['name', 'kind', 'deployment.type', 'read_pct', 'io_size_kb'];
    const text = copyBlock(project, [0, 1], columns);
    expect(text.split('\r\n')[0]).toBe('Name\tKind\tDeployment\tReads (%)\tI/O size (KB)');
    const pasted = pasteBlock(
      project,
      parseTsv(text),
      { rows: [], columns, row: 0, column: 0 },
      'x',
    );
    expect(pasted.ok && pasted.project.workloads?.slice(-2).map((w) => [w.name, w.spec])).toEqual(
      project.workloads
        ?.slice(0, 2)
        .map((w) => [w.name, expect.objectContaining({ read_pct: w.spec.read_pct })]),
    );
  });
});

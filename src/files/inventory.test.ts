import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import { ReadCancelled, type startInventoryRead } from '../core/inventory-read';
import type { Project } from '../core/types';
import { importPercent, STAGE_BANDS } from './importProgress';
import { applyInventoryImport, readInventoryFile } from './inventory';
import { memoryPlatform, wasmExchange, wasmServices } from './wasmServices.test-support';

const services = () => wasmServices(example as Project, memoryPlatform().platform);

/** An RVTools vInfo CSV tab: two SQL Server VMs, a web VM and a powered-off one. */
const VINFO = [
  'VM,Powerstate,Template,CPUs,Memory,Provisioned MiB,In Use MiB,Cluster,OS according to the VMware Tools',
  'SQLPRD01,poweredOn,False,8,65536,512000,300000,PROD,Microsoft Windows Server 2019 (64-bit)',
  'SQLPRD02,poweredOn,False,8,65536,512000,300000,PROD,Microsoft Windows Server 2019 (64-bit)',
  'web01,poweredOn,False,2,8192,61440,20480,PROD,Ubuntu Linux (64-bit)',
  'old01,poweredOff,False,2,4096,40960,10240,PROD,Ubuntu Linux (64-bit)',
].join('\n');

/** vDisk and vPartition CSV tabs for the VMs of VINFO. */
const VDISK = ['VM,Capacity MiB', 'SQLPRD01,409600', 'SQLPRD02,409600', 'web01,51200'].join('\n');
const VPARTITION = [
  'VM,Capacity MiB,Consumed MiB',
  'SQLPRD01,400000,204800',
  'SQLPRD02,400000,102400',
  'web01,50000,10240',
].join('\n');

/** Reads in the test's thread with the real exchange module, as the import Worker does. */
const inThread: typeof startInventoryRead = (request, onProgress) => {
  const outcome = wasmExchange().previewInventory(
    request.files.map((file) => file.bytes),
    request.files.map((file) => file.name),
    (fraction: number) => onProgress({ stage: 'reading', fraction }),
  );
  return { result: Promise.resolve(outcome), cancel: () => {} };
};

describe('the inventory import', () => {
  it('previews the file without touching the project, then imports it as one undoable edit', async () => {
    const s = services();
    const before = s.store.getState().project;
    const file = new File([VINFO], 'RVTools_tabvInfo.csv');
    await expect(readInventoryFile(s, [file], inThread)).resolves.toEqual({ status: 'preview' });
    const shown = s.store.getState().inventoryImport;
    if (shown?.phase !== 'preview') throw new Error('a preview');
    expect(shown.preview.vms.map((vm) => vm.name)).toEqual([
      'SQLPRD01',
      'SQLPRD02',
      'web01',
      'old01',
    ]);
    expect(s.store.getState().project).toBe(before);

    const outcome = await s.core.call('import/apply', {
      preview: shown.preview,
      choices: { exclude_names: 'web*' },
      fileName: file.name,
      userCatalogJson: null,
    });
    if (outcome.status !== 'applied') throw new Error(JSON.stringify(outcome));
    expect(outcome.applied.summary.vms_imported).toBe(2);
    expect(outcome.applied.summary.sql_server_vms).toBe(2);
    expect(outcome.applied.excluded).toBe(1);
    await expect(applyInventoryImport(s, file.name, outcome.applied, false)).resolves.toBe(true);
    const state = s.store.getState();
    expect(state.project).toEqual(outcome.applied.project);
    expect(state.inventoryImport).toBeNull();
    expect(state.importSummary?.summary.vms_imported).toBe(2);
    s.store.temporal.getState().undo();
    expect(s.store.getState().project).toBe(before);
  });

  it('changes nothing when the read is cancelled', async () => {
    const s = services();
    const before = s.store.getState().project;
    let reject: (error: Error) => void = () => {};
    const hanging: typeof startInventoryRead = () => ({
      result: new Promise((_, r) => (reject = r)),
      cancel: () => reject(new ReadCancelled()),
    });
    const reading = readInventoryFile(s, [new File([VINFO], 'big.csv')], hanging);
    await expect.poll(() => s.store.getState().inventoryImport?.phase).toBe('reading');
    const shown = s.store.getState().inventoryImport;
    if (shown?.phase !== 'reading') throw new Error('reading');
    shown.cancel();
    await expect(reading).resolves.toEqual({ status: 'cancelled' });
    expect(s.store.getState().inventoryImport).toBeNull();
    expect(s.store.getState().project).toBe(before);
  });

  it('keeps unsaved work when the user says so', async () => {
    const s = services();
    s.store.getState().editProject((p) => ({ ...p, name: 'edited' }));
    const edited = s.store.getState().project;
    await readInventoryFile(s, [new File([VINFO], 'vinfo.csv')], inThread);
    const shown = s.store.getState().inventoryImport;
    if (shown?.phase !== 'preview') throw new Error('a preview');
    const outcome = await s.core.call('import/apply', {
      preview: shown.preview,
      choices: {},
      fileName: 'vinfo.csv',
      userCatalogJson: null,
    });
    if (outcome.status !== 'applied') throw new Error('applied');
    const applying = applyInventoryImport(s, 'vinfo.csv', outcome.applied, false);
    await expect.poll(() => s.store.getState().question?.title).toBe('Discard unsaved changes?');
    s.store.getState().question?.answer('keep');
    await expect(applying).resolves.toBe(false);
    expect(s.store.getState().project).toBe(edited);
    expect(s.store.getState().inventoryImport?.phase).toBe('preview');
  });

  it('refuses a file that is not an inventory, naming what it expected', async () => {
    const s = services();
    const result = await readInventoryFile(s, [new File(['a,b\n1,2'], 'other.csv')], inThread);
    expect(result.status).toBe('invalid');
    if (result.status !== 'invalid') return;
    expect(result.issues[0]?.message).toContain('not a recognised inventory');
    expect(s.store.getState().inventoryImport).toBeNull();
  });

  it('reads several RVTools CSV tabs together, matched by their names, with its progress', async () => {
    const s = services();
    const percents: number[] = [];
    const unsubscribe = s.store.subscribe((state) => {
      const shown = state.inventoryImport;
      if (shown?.phase === 'reading') percents.push(importPercent(shown.progress));
    });
    const files = [
      new File([VPARTITION], 'RVTools_tabvPartition.csv'),
      new File([VINFO], 'RVTools_tabvInfo.csv'),
      new File([VDISK], 'RVTools_tabvDisk.csv'),
    ];
    await expect(readInventoryFile(s, files, inThread)).resolves.toEqual({ status: 'preview' });
    unsubscribe();
    const shown = s.store.getState().inventoryImport;
    if (shown?.phase !== 'preview') throw new Error('a preview');
    expect(shown.fileName).toBe('RVTools_tabvPartition.csv and 2 more');
    const sql = shown.preview.vms[0];
    expect([sql?.vdisk_mib, sql?.guest_used_mib]).toEqual([409600, 204800]);
    expect(shown.preview.missing_tabs?.map((m) => m.tab)).toEqual(['vDatastore', 'vHost']);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(STAGE_BANDS.reading[1]);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('names the files that are not RVTools CSV tabs when several are given', async () => {
    const s = services();
    const files = [new File([VINFO], 'RVTools_tabvInfo.csv'), new File(['x'], 'notes.csv')];
    const result = await readInventoryFile(s, files, inThread);
    if (result.status !== 'invalid') throw new Error('invalid');
    expect(result.fileName).toBe('RVTools_tabvInfo.csv and 1 more');
    expect(result.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(
        /^notes\.csv: several files are read together only as RVTools CSV tabs/,
      ),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import example from '../../assets/examples/seed-001-all-flash-sql.json';
import type { Catalog, Project } from '../core/types';
import { browserPlatform } from '../platform/browser';
import {
  applyPriceChanges,
  catalogPriceChanges,
  exportCatalog,
  importCatalogFile,
  loadUserCatalog,
  revertToShippedCatalog,
} from './catalog';
import { memoryPlatform, wasmServices } from './wasmServices.test-support';

/** Seed 001 with a device picked from the catalog (its price copied, as the app does). */
function catalogProject(): Project {
  const project = structuredClone(example) as Project;
  project.devices = [
    ...(project.devices ?? []),
    {
      id: 'micron-7450-pro-3840',
      model: 'Micron 7450 PRO 3.84 TB NVMe U.3',
      kind: 'nvme',
      capacity_gb: 3840,
      read_iops: 800000,
      write_iops: 120000,
      unit_price: 650,
    },
  ];
  return project;
}

const PRICE_LIST = 'id,part_number,unit_price\nmicron-7450-pro-3840,MTFDKCC3T8TFR,499\n';

describe('the user catalog', () => {
  it('imports a price list, keeps it outside the app and prices the project (undoable)', async () => {
    const { platform, state } = memoryPlatform();
    const services = wasmServices(catalogProject(), platform);
    await expect(catalogPriceChanges(services)).resolves.toEqual([]);

    const result = await importCatalogFile(services, new File([PRICE_LIST], 'prices.csv'));
    expect(result).toEqual({ status: 'imported' });
    const kept = JSON.parse(state.kept ?? 'null') as Catalog;
    expect(kept.parts?.map((p) => [p.id, p.unit_price, p.part_number])).toEqual([
      ['micron-7450-pro-3840', 499, 'MTFDKCC3T8TFR'],
    ]);
    const s = services.store.getState();
    expect(s.userCatalog).toEqual(kept);
    expect(s.catalogImport?.summary.overridden).toEqual(['micron-7450-pro-3840']);

    const changes = await catalogPriceChanges(services);
    expect(changes).toEqual([
      { path: 'devices[2].unit_price', part_id: 'micron-7450-pro-3840', from: 650, to: 499 },
    ]);
    applyPriceChanges(services, changes);
    expect(services.store.getState().project.devices?.[2]?.unit_price).toBe(499);
    services.store.temporal.getState().undo();
    expect(services.store.getState().project.devices?.[2]?.unit_price).toBe(650);
  });

  it('refuses a malformed file with its row and column and changes nothing', async () => {
    const { platform, mocks } = memoryPlatform();
    const services = wasmServices(catalogProject(), platform);
    const before = services.store.getState();
    const result = await importCatalogFile(
      services,
      new File(['id,unit_price\nmicron-7450-pro-3840,cheap\n'], 'prices.csv'),
    );
    expect(result).toMatchObject({ status: 'invalid', fileName: 'prices.csv' });
    if (result.status !== 'invalid') return;
    expect(result.issues[0]?.message).toBe(
      'sheet "catalog", row 2, column "unit_price" (B2): expected a number, found "cheap"',
    );
    expect(mocks.writeUserCatalog).not.toHaveBeenCalled();
    expect(services.store.getState().userCatalog).toBe(before.userCatalog);
    expect(services.store.getState().project).toBe(before.project);
  });

  it('adopts the kept catalog at start-up, but not one the core refuses', async () => {
    const good = memoryPlatform(
      JSON.stringify({
        schema_version: 1,
        parts: [],
        price_note: 'Our 2025 contract prices.',
      }),
    );
    const services = wasmServices(example as Project, good.platform);
    await expect(loadUserCatalog(services)).resolves.toEqual([]);
    expect(services.store.getState().userCatalog?.price_note).toBe('Our 2025 contract prices.');

    const bad = memoryPlatform('{"schema_version": 99, "parts": []}');
    const other = wasmServices(example as Project, bad.platform);
    const issues = await loadUserCatalog(other);
    expect(issues[0]?.message).toMatch(/schema_version must be 1/);
    expect(other.store.getState().userCatalog).toBeNull();
  });

  it('exports the merged catalog and reverts to the shipped one', async () => {
    const { platform, mocks, state } = memoryPlatform();
    const services = wasmServices(example as Project, platform);
    await importCatalogFile(services, new File([PRICE_LIST], 'prices.csv'));
    await expect(exportCatalog(services, 'csv')).resolves.toBe('catalog.csv');
    const [text] = mocks.saveCatalog.mock.calls[0] ?? [];
    expect(text).toMatch(/^id,category,vendor,model,part_number,unit_price/);
    expect(text).toContain(
      'micron-7450-pro-3840,device,Micron,7450 PRO 3.84 TB NVMe U.3,MTFDKCC3T8TFR,499.0,',
    );

    await revertToShippedCatalog(services);
    expect(state.kept).toBeNull();
    expect(services.store.getState().userCatalog).toBeNull();
    await exportCatalog(services, 'csv');
    expect(mocks.saveCatalog.mock.calls[1]?.[0]).toContain('NVMe U.3,MTFDKCC3T8TFR,650.0,');
  });

  it('keeps the catalog in the browser build in the page storage', async () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    } as Storage;
    const platform = browserPlatform('session', {} as Document, storage);
    await platform.writeUserCatalog('{"schema_version":1,"parts":[]}');
    await expect(platform.readUserCatalog()).resolves.toBe('{"schema_version":1,"parts":[]}');
    await platform.writeUserCatalog(null);
    await expect(platform.readUserCatalog()).resolves.toBeNull();
  });
});
